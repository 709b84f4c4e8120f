import GuideMessages

/// Where a build's data came from, as every page's footer says it ("Built … from the built-in sample data
/// recorded 2026-11-20"), in the pages' language.
public enum DataNote: Sendable, Hashable, Codable {
    /// With the day it was recorded (`2026-11-20`), when known.
    case sample(recorded: String?)
    case recorded(recorded: String?)
    case live
    /// `--offline`: the cache's responses.
    case offline
    /// A live build's responses (fetched, or cached as the providers allow).
    case liveResponses

    var message: Message {
        switch self {
        case .sample(let day): day == nil ? Words.sample : Words.sampleRecorded
        case .recorded(let day): day == nil ? Words.recordedResponses : Words.recordedResponsesRecorded
        case .live: Words.liveData
        case .offline: Words.offlineResponses
        case .liveResponses: Words.liveResponses
        }
    }

    var day: String {
        switch self {
        case .sample(let day), .recorded(let day): day ?? ""
        case .live, .offline, .liveResponses: ""
        }
    }

    /// As the English pages, the report and the shards' summaries say it.
    public var english: String { Message.fill(message.id, [("date", day)]) }

    /// In the pages' language.
    func text(_ site: SiteInfo) -> String { site.say(message, ("date", day)) }
}
