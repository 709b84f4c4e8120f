/// A path as a command to paste into a shell: as it is when every character is safe there, else in single quotes
/// (`cityguide check 'My Site'`); a hint that splits at a space sends the operator to the wrong folder.
enum ShellWord {
    static func quoted(_ text: String) -> String {
        let safe =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "._-/+,:@%".unicodeScalars.contains($0)
            }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
