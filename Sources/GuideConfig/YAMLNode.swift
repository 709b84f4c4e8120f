/// A node of a composed YAML document: a scalar's text as written (the config reads numbers and flags from it
/// itself), a list, or a mapping in the order written, each with the line and column where it starts.
enum YAMLNode {
    case scalar(Scalar)
    case sequence(Sequence)
    case mapping(Mapping)

    /// Where a node starts: line and column from 1, the column counted in Unicode scalars, as libyaml counts.
    struct Mark: Equatable {
        var line: Int
        var column: Int
    }

    struct Scalar {
        enum Style: Equatable {
            case plain, singleQuoted, doubleQuoted, literal, folded
        }

        var string: String
        var style: Style
        var mark: Mark
    }

    struct Sequence {
        var nodes: [YAMLNode]
        var mark: Mark
    }

    struct Mapping {
        var pairs: [(key: YAMLNode, value: YAMLNode)]
        var mark: Mark
    }

    var scalar: Scalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }

    var sequence: [YAMLNode]? {
        if case .sequence(let sequence) = self { return sequence.nodes }
        return nil
    }

    var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let mapping) = self { return mapping.pairs }
        return nil
    }

    var mark: Mark {
        switch self {
        case .scalar(let scalar): return scalar.mark
        case .sequence(let sequence): return sequence.mark
        case .mapping(let mapping): return mapping.mark
        }
    }
}
