/// How a category list is ordered.
public enum ListSort: String, Sendable, CaseIterable, Codable {
    /// The provider's order, kept exactly.
    case relevance
    case rating, distance, popularity, name
}
