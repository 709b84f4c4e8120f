import Foundation

/// Whether a page's Content-Security-Policy keeps script out even when its markup slips: scripts and frames only
/// from the site, no plug-ins, no `<base>` elsewhere, no form sent anywhere. The policies a page carries are all
/// enforced, so one strict enough is enough.
public enum PolicyCheck {
    /// What the strictest of `policies` leaves open, in words; nil when one of them closes everything (or there
    /// are none: that is a problem of its own).
    public static func weakness(_ policies: [String]) -> String? {
        var first: String?
        for policy in policies {
            guard let gap = weakness(of: policy) else { return nil }
            first = first ?? gap
        }
        return first
    }

    public static func weakness(of policy: String) -> String? {
        // Every page of a site carries the same policy: judged once, not once per page.
        if let known = judged.answer(policy) { return known }
        let answer = judge(policy)
        judged.keep(policy, answer)
        return answer
    }

    /// The policies judged so far, and what each leaves open: a few, since a page's policy comes from the site's
    /// config or a template, and the pages of one site share it.
    private static let judged = Judged()

    private final class Judged: @unchecked Sendable {  // `answers` is read and written under the lock only.
        private let lock = NSLock()
        private var answers: [String: String?] = [:]

        func answer(_ policy: String) -> String?? {
            lock.lock()
            defer { lock.unlock() }
            return answers[policy]
        }

        func keep(_ policy: String, _ answer: String?) {
            lock.lock()
            defer { lock.unlock() }
            // Bounded: a template that wrote a new policy on every page would otherwise fill memory.
            if answers.count >= 16 { answers.removeAll() }
            answers[policy] = .some(answer)
        }
    }

    static func judge(_ policy: String) -> String? {
        var directives: [String: [String]] = [:]
        for part in policy.split(separator: ";") {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                .map { $0.lowercased() }
            guard let name = words.first, directives[name] == nil else { continue }
            directives[name] = Array(words.dropFirst())
        }
        func effective(_ names: String...) -> [String]? { names.lazy.compactMap { directives[$0] }.first }
        let sameSite: Set<String> = ["'self'", "'none'"]
        func within(_ sources: [String]?) -> Bool { sources.map { Set($0).isSubset(of: sameSite) } ?? false }
        if !within(effective("script-src", "default-src")) {
            return "its script-src lets in more than the site's own scripts ('self')"
        }
        if effective("object-src", "default-src") != ["'none'"] {
            return "it allows plug-ins (object-src is not 'none')"
        }
        if !within(effective("frame-src", "child-src", "default-src")) {
            return "it allows frames from elsewhere (frame-src is not 'none' or 'self')"
        }
        if !within(directives["base-uri"]) {
            return "it lets a <base> point anywhere (base-uri is not 'self' or 'none')"
        }
        if !within(directives["form-action"]) { return "it lets forms be sent anywhere (form-action is not 'none')" }
        return nil
    }
}
