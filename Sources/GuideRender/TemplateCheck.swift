/// Every name a template looks up, checked against the typed view it is rendered with, before anything renders: a
/// name no view around it gives (mistyped, or left behind when a value was renamed) would print nothing and
/// nothing else would notice; a text printed raw (`{{{name}}}`) would put a provider's string into the page
/// unescaped; a list printed, or a transform its value does not have, prints nothing.
///
/// It walks the templates as `TemplateRenderer` renders them: partials where they are included, a parent's blocks
/// filled by the page, the views a section enters, innermost first.
struct TemplateCheck {
    let templates: [String: [TemplateNode]]
    private(set) var problems: [Problem] = []
    /// Nodes walked so far, against `maxVisits`.
    private var visits = 0
    /// Each view's names, worked out once (a page's are its own and its layout's, merged).
    private var known: [ObjectIdentifier: [String: TemplateKind]] = [:]
    /// A template's partials may each include the next twice, a billion walks for thirty of them; past this many
    /// the check stops (what it found stays found), and rendering's own budget refuses such a page.
    static let maxVisits = 250_000

    /// A tag that looks up nothing, or prints what it should not.
    struct Problem: Equatable, CustomStringConvertible {
        /// The template the tag is in.
        var file: String
        /// The page or email template it was checked for (the same, or one that uses it as a partial or parent).
        var page: String
        var tag: String
        var problem: String
        var fix: String

        /// "place: {{adress}} names nothing PlacePageView gives", "layout (on place): …".
        var description: String { "\(file == page ? file : "\(file) (on \(page))"): \(tag) \(problem)" }
    }

    /// Which view each page and email template is rendered with.
    static let views: [String: any TemplateView.Type] = [
        "home": PageView<HomePageView>.self, "not-found": PageView<NotFoundPageView>.self,
        "saved": PageView<SavedPageView>.self, "city": PageView<CityPageView>.self,
        "events": PageView<EventsPageView>.self, "category": PageView<CategoryPageView>.self,
        "neighborhood": PageView<NeighborhoodPageView>.self, "place": PageView<PlacePageView>.self,
        "report": ReportView.self, "report-text": ReportView.self,
    ]

    /// The templates that make plain text, where nothing is markup: all others make HTML.
    static let plainText: Set<String> = ["report-text"]

    /// What a section has entered: a view, or a value that has no names (a text, a number).
    private enum Scope {
        case view(any TemplateView.Type)
        case value(TemplateKind)

        var kind: TemplateKind {
            switch self {
            case .view(let view): return .view(view)
            case .value(let kind): return kind
            }
        }
    }

    private struct Context {
        var page: String
        /// The template whose nodes are walked.
        var file: String
        var stack: [Scope]
        var inList = false
        /// The blocks filled by the pages around, and the template each filling is written in.
        var inherited: [String: (file: String, nodes: [TemplateNode])]?
        var escaping: TemplateEscaping = .html
        /// The partials being walked, so one that includes itself is walked once.
        var partials: [String] = []
    }

    init(templates: [String: [TemplateNode]]) {
        self.templates = templates
    }

    /// The problems of each template `views` names, over its view.
    static func problems(in templates: [String: [TemplateNode]]) -> [Problem] {
        var check = TemplateCheck(templates: templates)
        for (name, view) in views.sorted(by: { $0.key < $1.key }) { check.check(name, view: view) }
        return check.problems
    }

    mutating func check(_ name: String, view: any TemplateView.Type) {
        guard let nodes = templates[name] else { return }
        walk(nodes, Context(page: name, file: name, stack: [.view(view)], partials: [name]))
    }

    private mutating func walk(_ nodes: [TemplateNode], _ start: Context) {
        var context = start
        for node in nodes {
            visits += 1
            guard visits <= Self.maxVisits else { return }
            switch node {
            case .text, .override:
                break
            case .escaping(let escaping):
                context.escaping = escaping
            case .variable(let name, let escaped):
                guard let kind = resolve(name, context) else { continue }
                switch kind {
                case .view, .list:
                    report(
                        context, tag(name, escaped ? "" : "&"), "is not a value to print",
                        fix: "go over it with a section: {{#\(name.text)}}…{{/\(name.text)}}")
                case .text, .texts:
                    // Unescaped by its tag, or by a `{{%CONTENT_TYPE:TEXT}}` in an HTML page.
                    guard !Self.plainText.contains(context.page) else { break }
                    if !escaped {
                        report(
                            context, tag(name, "&"),
                            "prints text unescaped, where a provider's < or & would become markup",
                            fix: "write \(tag(name)): only cityguide's own drawings ({{{map}}}, {{{icon}}}) print raw")
                    } else if context.escaping == .text {
                        report(
                            context, tag(name),
                            "prints text unescaped after {{%CONTENT_TYPE:TEXT}}, where a provider's < or & would "
                                + "become markup",
                            fix: "leave {{%CONTENT_TYPE:TEXT}} out of a template that makes HTML")
                    }
                case .html, .number, .flag:
                    break
                }
            case .section(let name, let inner):
                guard let kind = resolve(name, context) else { continue }
                var entered = context
                entered.inList = false
                switch kind {
                case .view(let view): entered.stack.append(.view(view))
                case .list(let item):
                    entered.stack.append(.view(item))
                    entered.inList = true
                case .texts:
                    entered.stack.append(.value(.text))
                    entered.inList = true
                case .flag: entered.inList = context.inList
                case .text, .html, .number: entered.stack.append(.value(kind))
                }
                walk(inner, entered)
            case .inverted(let name, let inner):
                guard resolve(name, context) != nil else { continue }
                walk(inner, context)
            case .partial(let name, _, let overrides):
                guard let partial = templates[name], !context.partials.contains(name) else { continue }
                var entered = context
                entered.partials.append(name)
                entered.file = name
                entered.escaping = .html
                if let overrides {
                    let filled = overrides.mapValues { (file: context.file, nodes: $0) }
                    entered.inherited = context.inherited.map { $0.merging(filled) { outer, _ in outer } } ?? filled
                }
                walk(partial, entered)
            case .block(let name, let fallback, _):
                var entered = context
                if let filled = context.inherited?[name] {
                    entered.file = filled.file
                    walk(filled.nodes, entered)
                } else {
                    walk(fallback, entered)
                }
            }
        }
    }

    /// What a name finds, as `TemplateRenderer.lookup` finds it; nil (and a problem) when it finds nothing.
    private mutating func resolve(_ name: TemplateName, _ context: Context) -> TemplateKind? {
        var transforms = name.transforms[...]
        var found: TemplateKind?
        switch name.kind {
        case .current:
            found = context.stack.last?.kind
        case .sequence:
            guard context.inList else {
                report(
                    context, tag(name), "asks for a position in a list outside any list",
                    fix: "use it inside a list's section")
                return nil
            }
            switch transforms.popLast() {
            case "first", "last", "even", "odd": found = .flag
            case "index": found = .number
            default: found = nil
            }
        case .local:
            found = context.stack.last.flatMap { descend(name.parts[...], from: $0.kind) }
        case .stack:
            guard let first = name.parts.first else {
                found = context.stack.last?.kind
                break
            }
            for case .view(let view) in context.stack.reversed() {
                if let kind = keys(view)[first] {
                    found = descend(name.parts.dropFirst(), from: kind)
                    break
                }
            }
        }
        for transform in transforms.reversed() {
            found = found.flatMap { TemplateValue.transform($0, transform) }
        }
        if found == nil {
            // A dotted name starting with a dot looks in the innermost view only.
            let views = name.kind == .local ? Array(context.stack.suffix(1)) : context.stack
            report(context, tag(name), "names nothing \(describe(views)) gives") {
                $0.suggestion(for: name.parts.first ?? name.text, in: views)
                    ?? "use a name the built-in template for this page uses (`cityguide init --templates` writes them)"
            }
        }
        return found
    }

    /// "write {{address}}" for `{{adress}}`: the name the views give that is nearest to a mistyped one (at most two
    /// letters away), if there is one.
    private mutating func suggestion(for name: String, in stack: [Scope]) -> String? {
        var best: (name: String, distance: Int)?
        for case .view(let view) in stack.reversed() {
            for key in keys(view).keys.sorted() {
                let distance = Self.distance(key, name)
                if distance <= 2, distance < best?.distance ?? .max { best = (key, distance) }
            }
        }
        guard let best, best.name != name else { return nil }
        return "did you mean {{\(best.name)}}?"
    }

    /// Levenshtein's distance between two names.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let kept = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = kept
            }
        }
        return row[b.count]
    }

    private mutating func descend(_ parts: ArraySlice<String>, from start: TemplateKind) -> TemplateKind? {
        var kind = start
        for part in parts {
            guard case .view(let view) = kind, let next = keys(view)[part] else { return nil }
            kind = next
        }
        return kind
    }

    /// "the place page", or "the place page or the PlaceEntryView around it".
    private func describe(_ stack: [Scope]) -> String {
        let views = stack.reversed().compactMap { scope -> String? in
            guard case .view(let view) = scope else { return nil }
            return Self.name(of: view)
        }
        return views.isEmpty ? "anything" : views.joined(separator: " or ")
    }

    /// A view as a reader of templates knows it: "the place page" (`PageView<PlacePageView>`), "the place entry"
    /// (`PlaceEntryView`), "the photo" (`PlacePageView.Photo`).
    static func name(of view: any TemplateView.Type) -> String {
        var type = String(describing: view)
        if type.hasPrefix("PageView<"), type.hasSuffix(">") { type = String(type.dropFirst(9).dropLast()) }
        if type.hasSuffix("View") { type = String(type.dropLast(4)) }
        var words = ""
        for character in type {
            if character.isUppercase, !words.isEmpty { words += " " }
            words += character.lowercased()
        }
        return "the " + words
    }

    private func tag(_ name: TemplateName, _ sigil: String = "") -> String {
        let inner = name.transforms.reversed().reduce(name.text) { "\($1)(\($0))" }
        return "{{\(sigil)\(inner)}}"
    }

    private mutating func report(_ context: Context, _ tag: String, _ problem: String, fix: String) {
        report(context, tag, problem) { _ in fix }
    }

    /// A problem once, however often the walk meets it; its fix worked out only then.
    private mutating func report(
        _ context: Context, _ tag: String, _ problem: String, fix: (inout TemplateCheck) -> String
    ) {
        guard
            !problems.contains(where: {
                $0.file == context.file && $0.page == context.page && $0.tag == tag && $0.problem == problem
            })
        else { return }
        let found = Problem(file: context.file, page: context.page, tag: tag, problem: problem, fix: fix(&self))
        problems.append(found)
    }

    private mutating func keys(_ view: any TemplateView.Type) -> [String: TemplateKind] {
        let id = ObjectIdentifier(view)
        if let found = known[id] { return found }
        let keys = view.keys
        known[id] = keys
        return keys
    }
}
