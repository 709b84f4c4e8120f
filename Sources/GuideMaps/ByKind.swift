import GuideModel

/// Values by kind of way, in an array by the kind's place in `allCases`: a drawing looks a kind up for every way
/// it draws, and a dictionary hashed the kind's name (its raw value) each time.
struct ByKind<Value> {
    private var slots: [Value?] = Array(repeating: nil, count: BaseMap.Kind.allCases.count)

    subscript(kind: BaseMap.Kind) -> Value? {
        get { slots[kind.slot] }
        set { slots[kind.slot] = newValue }
    }

    /// As a dictionary's: the value made on the first change, changed in place.
    subscript(kind: BaseMap.Kind, default value: @autoclosure () -> Value) -> Value {
        get { slots[kind.slot] ?? value() }
        _modify {
            let slot = kind.slot
            if slots[slot] == nil { slots[slot] = value() }
            // Set just above when it was not: the value is changed where it is, not copied out and back.
            yield &slots[slot]!
        }
    }

    /// The values set, in the kinds' order.
    var values: [Value] { slots.compactMap { $0 } }
}

extension BaseMap.Kind {
    /// Its place in `allCases`.
    var slot: Int {
        switch self {
        case .motorway: 0
        case .primary: 1
        case .secondary: 2
        case .tertiary: 3
        case .minor: 4
        case .service: 5
        case .pedestrian: 6
        case .footway: 7
        case .steps: 8
        case .rail: 9
        case .tram: 10
        case .waterway: 11
        case .coastline: 12
        case .water: 13
        case .park: 14
        case .building: 15
        }
    }
}
