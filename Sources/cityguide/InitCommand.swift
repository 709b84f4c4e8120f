import ArgumentParser
import Foundation
import GuideRender

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a new guide folder, or copy the built-in templates into one for editing.",
        discussion: """
            Without --templates: writes a commented site.yaml that builds at once from the built-in sample data, \
            and a .gitignore for Output/ and .cityguide/. An existing site.yaml is never overwritten.
            With --templates: writes the built-in templates into DIR/Templates; files already there are kept. \
            Each file in Templates/ replaces the built-in one of the same name, so delete the ones you do not edit.
            """)

    @Argument(help: "The guide folder (created if needed).")
    var directory = "."

    @Flag(name: .long, help: "Copy the built-in templates into DIR/Templates for editing.")
    var templates = false

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let folder = URL(fileURLWithPath: directory, relativeTo: cwd).standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw fail("error: cannot create the folder \(directory)\n  fix: check the path and its permissions")
        }
        if templates {
            try writeTemplates(into: folder.appendingPathComponent("Templates"))
        } else {
            try scaffold(folder)
        }
    }

    func scaffold(_ folder: URL) throws {
        let config = folder.appendingPathComponent("site.yaml")
        guard !FileManager.default.fileExists(atPath: config.path) else {
            throw fail(
                "\(shown("site.yaml")): error: a site.yaml is already there; init never overwrites one\n"
                    + "  fix: edit it, or run init in a new folder (`cityguide init my-guide`)")
        }
        try write(Data(Scaffold.siteYAML.utf8), to: config)
        let ignore = folder.appendingPathComponent(".gitignore")
        let existing = (try? String(contentsOf: ignore, encoding: .utf8)) ?? ""
        let lines = Set(existing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = Scaffold.ignored.filter { !lines.contains($0) }
        if !missing.isEmpty {
            let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
            try write(Data((existing + separator + missing.joined(separator: "\n") + "\n").utf8), to: ignore)
        }
        let cd = directory == "." ? "" : "cd \(directory) && "
        print(
            """
            Wrote \(shown("site.yaml")) and \(shown(".gitignore")).
            Build the guide: \(cd)cityguide build
            Then open \(shown("Output/index.html")), or edit site.yaml: cityguide's docs/configuration.md explains every key.
            """)
    }

    func writeTemplates(into folder: URL) throws {
        var written: [String] = []
        var kept: [String] = []
        for (path, bytes) in TemplateSet.builtinFiles.sorted(by: { $0.key < $1.key }) {
            let target = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: target.path) {
                kept.append(path)
                continue
            }
            do {
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw fail(
                    "error: cannot create \(target.deletingLastPathComponent().path)\n  fix: check its permissions")
            }
            try write(bytes, to: target)
            written.append(path)
        }
        print("Wrote \(written.count) template file\(written.count == 1 ? "" : "s") into \(shown("Templates/")).")
        if !kept.isEmpty { print("Kept your own: \(kept.joined(separator: ", ")).") }
        print("Edit them and run `cityguide build`; delete the ones you do not change, so they follow cityguide's.")
    }

    func write(_ data: Data, to url: URL) throws {
        do {
            try data.write(to: url, options: .withoutOverwriting)
        } catch {
            throw fail("error: cannot write \(url.path)\n  fix: check the folder's permissions and free space")
        }
    }

    /// A path inside the guide folder as the user would type it.
    func shown(_ name: String) -> String {
        directory == "." ? name : (directory.hasSuffix("/") ? directory + name : directory + "/" + name)
    }
}
