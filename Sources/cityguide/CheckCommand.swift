import ArgumentParser
import Foundation
import GuideRender
import GuideValidate

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a built site with libxml2.",
        discussion: """
            Parses every page as strict XML (the pages are polyglot HTML5) and checks that internal links and \
            their #fragments resolve, ids are unique, images have alt text, no page holds a script, an event \
            handler or a javascript:/data: link, every map has a title, and heading levels never skip. Each \
            problem comes with a fix. Exits non-zero on any problem.
            """)

    @Argument(help: "The site folder.")
    var directory = "Output"

    func run() throws {
        let root = URL(
            fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir), isDir.boolValue else {
            throw fail(
                "error: '\(directory)' is not a folder\n  fix: build the site first with `cityguide build`, or name the folder it was built into"
            )
        }
        // The site's scripts must be cityguide's own, byte for byte.
        let scripts = Dictionary(
            uniqueKeysWithValues: SiteChecker.ownScripts.compactMap { name in
                TemplateSet.builtinFiles["assets/\(name).js"].map { (name, $0) }
            })
        let report = SiteChecker(root: root, scripts: scripts).check()
        for problem in report.problems { printErr("\(directory)/\(problem)") }
        // Counted as the build counts them: "164 pages (167 files)".
        let checked = "Checked \(report.pages) pages (\(report.files) files) in \(directory)"
        if report.problems.isEmpty {
            print("\(checked): no problems.")
        } else {
            throw fail("\(checked): \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s").")
        }
    }
}
