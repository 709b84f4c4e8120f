import Foundation
import GuideModel

/// Who may walk where: the pedestrian rules of OSRM's foot profile (`profiles/foot.lua` and the way handlers it
/// runs), read from OpenStreetMap tags. One change of ours: a ferry is not a walk.
public enum FootProfile {
    /// Values of `foot` / `access` that let a walker in (`allowed`) or keep one out (`forbidden`).
    static let allowed: Set<String> = ["yes", "foot", "permissive", "designated"]
    static let forbidden: Set<String> = ["no", "agricultural", "forestry", "private", "delivery", "use_sidepath"]

    /// The kinds of way walked without any access tag saying so.
    static let walked: [String: Set<String>] = [
        "highway": [
            "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link", "unclassified",
            "residential", "living_street", "service", "track", "path", "steps", "pedestrian", "platform",
            "footway", "pier",
        ],
        "railway": ["platform"],
        "amenity": ["parking", "parking_entrance"],
        "man_made": ["pier"],
    ]

    /// A way with none of these keys is never part of the network, whatever its access tags say.
    static let routableKeys = [
        "highway", "bridge", "route", "man_made", "railway", "platform", "amenity", "public_transport",
    ]

    static let barrierValues: Set<String> = ["yes", "wall", "fence"]

    /// How a pedestrian may use a way with these tags; nil when not at all.
    public static func walkway(_ tags: OSMTags) -> BaseMap.Walkway.Access? { walkway(values: tagValues(tags)) }

    /// The same from the tags' values (`tagValues`), made once for both this and `OSMBaseMap.classify`.
    public static func walkway(values: [String: String]) -> BaseMap.Walkway.Access? {
        guard routableKeys.contains(where: { values[$0] != nil }) else { return nil }
        let highway = values["highway"]
        // Ways that are not there to walk: impassable, a motor road, a road only proposed, a ferry.
        if values["impassable"] == "yes" || values["status"] == "impassable" || values["motorroad"] == "yes" {
            return nil
        }
        if values["proposed"] != nil, highway == nil || highway == "proposed" { return nil }
        if values["route"] == "ferry" { return nil }

        // Access, per direction: `foot:forward`, then `foot`, then `access:forward`, then `access`.
        var forwardAccess: String?
        var backwardAccess: String?
        for key in ["foot", "access"] {
            forwardAccess = forwardAccess ?? values[key + ":forward"]
            backwardAccess = backwardAccess ?? values[key + ":backward"]
            if forwardAccess == nil || backwardAccess == nil {
                forwardAccess = forwardAccess ?? values[key]
                backwardAccess = backwardAccess ?? values[key]
            }
            if forwardAccess != nil, backwardAccess != nil { break }
        }
        forwardAccess = forwardAccess.map(resolve)
        backwardAccess = backwardAccess.map(resolve)
        var forward = !forwardAccess.map(forbidden.contains).orFalse
        var backward = !backwardAccess.map(forbidden.contains).orFalse
        guard forward || backward else { return nil }

        // A carriageway whose sidewalk is mapped as its own way is walked on that way instead.
        let separate = ["sidewalk", "sidewalk:both", "sidewalk:left", "sidewalk:right"].contains {
            values[$0] == "separate"
        }
        if separate {
            forward = forward && forwardAccess.map { !forbidden.contains($0) }.orFalse
            backward = backward && backwardAccess.map { !forbidden.contains($0) }.orFalse
            guard forward || backward else { return nil }
        }

        // `oneway` binds vehicles; only `oneway:foot` binds walkers.
        let oneway = values["oneway:foot"]
        switch oneway {
        case "-1": forward = false
        case "yes", "1", "true": backward = false
        default: break
        }

        // A kind of way not walked by default needs an access tag that lets walkers in, in each direction.
        let listed = walked.contains { key, kinds in values[key].map(kinds.contains).orFalse }
        if !listed {
            forward = forward && forwardAccess.map { !forbidden.contains($0) }.orFalse
            backward = backward && backwardAccess.map { !forbidden.contains($0) }.orFalse
        }

        // Escalators and moving walkways go one way unless tagged `oneway=no`.
        if let conveying = values["conveying"], highway == "steps" || highway == "footway",
            (oneway ?? values["oneway"]) != "no"
        {
            if conveying == "forward" { backward = false }
            if conveying == "backward" { forward = false }
        }
        guard forward || backward else { return nil }

        var access: BaseMap.Walkway.Access = []
        if forward { access.insert(.forward) }
        if backward { access.insert(.backward) }
        if isReachable(values) { access.insert(.reachable) }
        if highway == "pedestrian", values["area"] == "yes" { access.insert(.square) }
        return access
    }

    /// Whether a node with these tags stops a walker: an access tag that forbids walkers, or without one a wall,
    /// a fence or an unspecified barrier (a gate or a bollard lets walkers through).
    public static func isBarrier(_ tags: OSMTags) -> Bool {
        guard !tags.isEmpty else { return false }
        let values = tagValues(tags)
        if let access = values["foot"] ?? values["access"] { return forbidden.contains(access) }
        guard let barrier = values["barrier"], barrierValues.contains(barrier) else { return false }
        if values["bollard"] == "rising" { return false }
        if barrier == "fence", ["audible", "audio"].contains(values["sensory"] ?? "") { return false }
        return true
    }

    /// Of a list like `no;foot`, the value that lets walkers in most.
    static func resolve(_ value: String) -> String {
        guard value.contains(";") else { return value }
        func priority(_ part: String) -> Int {
            allowed.contains(part) ? 3 : forbidden.contains(part) ? 1 : 0
        }
        var best: (value: String, priority: Int)?
        for part in value.split(separator: ";") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            let p = priority(trimmed)
            if p > best?.priority ?? -1 { best = (trimmed, p) }
        }
        return best?.value ?? value
    }

    /// A place beside the way can be entered from it: not inside a tunnel (a passage through a building is
    /// open to the street), below ground or indoors.
    static func isReachable(_ values: [String: String]) -> Bool {
        if let tunnel = values["tunnel"], tunnel != "no", tunnel != "building_passage" { return false }
        if let indoor = values["indoor"], indoor != "no" { return false }
        if values["highway"] == "corridor" { return false }
        if let layer = values["layer"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), layer < 0 {
            return false
        }
        return true
    }
}

extension Optional where Wrapped == Bool {
    fileprivate var orFalse: Bool { self ?? false }
}
