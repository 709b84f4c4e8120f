/// The standard library's collections (and optionals), hashed by `Fingerprint` without a `Mirror`: a mirror boxes
/// every element (a dictionary's as a `(key, value)` tuple with a mirror of its own), which was a fifth of a build
/// whose input did not change. Each mixes exactly the words the mirror's walk mixes, so a fingerprint is the same
/// either way.
protocol FingerprintCollection {
    func addElements(to print: inout Fingerprint)
}

extension Array: FingerprintCollection {
    func addElements(to print: inout Fingerprint) {
        print.mix(UInt64(count))
        for element in self { print.add(element) }
    }
}

extension Dictionary: FingerprintCollection {
    /// Each `(key, value)` as the mirror's tuple shows it: its two labelled fields.
    func addElements(to print: inout Fingerprint) {
        print.addUnordered(self) { element, pair in
            element.mix(2)
            element.add("key")
            element.add(pair.key)
            element.add("value")
            element.add(pair.value)
        }
    }
}

extension Set: FingerprintCollection {
    func addElements(to print: inout Fingerprint) {
        print.addUnordered(self) { element, member in element.add(member) }
    }
}

extension Optional: FingerprintCollection {
    /// As the mirror shows it: no child, or one labelled `some`.
    func addElements(to print: inout Fingerprint) {
        guard let wrapped = self else {
            print.mix(0)
            return
        }
        print.mix(1)
        print.add("some")
        print.add(wrapped)
    }
}
