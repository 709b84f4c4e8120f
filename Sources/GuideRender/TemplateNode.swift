/// A template as cityguide's renderer walks it (`TemplateRenderer`): Mustache's tokens, made as swift-mustache's
/// parser makes them (`TemplateParser`), so that the same template and values give the same bytes; the lookups
/// are done without the dynamic casts that made swift-mustache a sixth of a build.
indirect enum TemplateNode: Sendable {
    case text([UInt8])
    case variable(TemplateName, escaped: Bool)
    case section(TemplateName, [TemplateNode])
    case inverted(TemplateName, [TemplateNode])
    /// `{{>name}}`, indented when it stands on a line of its own; `{{<name}}…{{/name}}` with the blocks it fills.
    case partial(String, indentation: String?, overrides: [String: [TemplateNode]]?)
    /// `{{$name}}default{{/name}}`: what a page using this template as its parent may fill.
    case block(String, default: [TemplateNode], indentation: String)
    /// `{{$name}}…{{/name}}` right inside `{{<parent}}`: gathered into the parent's partial, never rendered itself.
    case override(String, [TemplateNode])
    /// `{{% CONTENT_TYPE: TEXT }}`: how the rest of the template escapes what it prints.
    case escaping(TemplateEscaping)
}

enum TemplateEscaping: Sendable {
    /// `<`, `>`, `&`, `"` and `'` as character references.
    case html
    case text
}

/// A name as a tag writes it: `name`, `a.b`, `.`, `.name` (the current value only), or `first()` (the position in
/// the list being rendered), with the transforms around it (`uppercased(name)`), innermost last.
struct TemplateName: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// Looked up from the innermost value outwards.
        case stack
        /// A name starting with a dot: the innermost value only.
        case local
        /// `.`: the innermost value itself.
        case current
        /// No name, but transforms: the position in the list being rendered.
        case sequence
    }

    let kind: Kind
    /// The name's parts between dots, empty ones left out.
    let parts: [String]
    let transforms: [String]
    /// As written, for the first part's lookup without splitting.
    let text: String

    init(_ name: String, transforms: [String]) {
        text = name
        self.transforms = transforms
        parts = name.split(separator: ".").map(String.init)
        if name == "." {
            kind = .current
        } else if name.isEmpty, !transforms.isEmpty {
            kind = .sequence
        } else if name.first == "." {
            kind = .local
        } else {
            kind = .stack
        }
    }
}
