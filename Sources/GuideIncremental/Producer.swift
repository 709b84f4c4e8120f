import Foundation
import GuideModel

/// The program that renders: part of every page's inputs, so a new cityguide (even of the same version number)
/// renders everything once rather than keeping pages an older one made.
public enum Producer {
    /// The version and a hash of the running executable.
    public static let digest: String = {
        var print = Fingerprint()
        print.add(cityguideVersion)
        // Read a megabyte at a time: mapped whole, the 30 MB executable counted in the build's peak memory.
        if let file = FileHandle(forReadingAtPath: "/proc/self/exe") {
            defer { try? file.close() }
            while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty { print.mix(XXH64.hash(chunk)) }
        } else {
            print.add(CommandLine.arguments.first ?? "")
        }
        return XXH64.hex(print.value)
    }()
}
