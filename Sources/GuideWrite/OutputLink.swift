import Foundation

/// An output given as a symbolic link (`Output -> /var/www/guide`, as a web server's folder often is): the build
/// publishes into the folder the link names and leaves the link alone. Replacing the link itself, as the atomic
/// exchange would, left the web server's folder as it was while every build reported success.
public enum OutputLink {
    /// The folder `output` names once its links are followed (the last part of the path, link after link; a
    /// link's folders above are followed by the system anyway). A link to nothing yet names where the site goes.
    /// `resolved(output)`, refused when the links lead round in a circle and name no folder at all.
    public static func folder(_ output: URL) throws -> URL {
        let folder = resolved(output)
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)) == nil else {
            throw WriteError(
                path: output.standardizedFileURL.path, problem: "it is a symbolic link that leads back to itself",
                fix: "point the link at a folder (ln -sfn /var/www/guide \(output.lastPathComponent)), "
                    + "or pass --output with a folder")
        }
        return folder
    }

    public static func resolved(_ output: URL) -> URL {
        var current = output.standardizedFileURL
        // As many links as the system follows before it gives up (ELOOP).
        for _ in 0..<40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else {
                return current
            }
            current =
                target.hasPrefix("/")
                ? URL(fileURLWithPath: target).standardizedFileURL
                : current.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
        }
        return current
    }
}
