/// How much one page may cost to render. A template that is no cycle can still multiply a page: sections of a
/// list nested in each other (`{{#legend}}{{#legend}}…`) find the outer list again at every level, and a map
/// repeated once per legend entry is megabytes. Every lookup and every byte it yields is counted; once either
/// runs out, every further lookup finds nothing, so the render ends at once and the page is refused.
final class RenderBudget {
    /// The largest sample page needs about 450 lookups and 30 KB; a city of 400 places some thousands.
    static let lookups = 200_000
    static let bytes = 64_000_000

    private let allowed: (lookups: Int, bytes: Int)
    private(set) var lookupsLeft: Int
    private(set) var bytesLeft: Int

    init(lookups: Int = RenderBudget.lookups, bytes: Int = RenderBudget.bytes) {
        allowed = (lookups, bytes)
        lookupsLeft = lookups
        bytesLeft = bytes
    }

    var exhausted: Bool { lookupsLeft < 0 || bytesLeft < 0 }

    /// One lookup that yields `bytes` of text (0 for anything else).
    func spend(bytes: Int) -> Bool {
        spend(lookups: 1, bytes: bytes)
    }

    /// What a part of the page cost when it was rendered elsewhere (a legend entry rendered once per list).
    func spend(lookups: Int, bytes: Int) -> Bool {
        lookupsLeft -= lookups
        bytesLeft -= bytes
        return !exhausted
    }

    /// What was spent so far.
    var spent: (lookups: Int, bytes: Int) { (allowed.lookups - lookupsLeft, allowed.bytes - bytesLeft) }
}
