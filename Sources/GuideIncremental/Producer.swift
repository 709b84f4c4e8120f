import Foundation
import GuideModel

/// The program that renders: part of every page's inputs, so a new cityguide (even of the same version number)
/// renders everything once rather than keeping pages an older one made.
public enum Producer {
    /// The version and a hash of the running executable.
    public static let digest: String = {
        var print = Fingerprint()
        print.add(cityguideVersion)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if let bytes = try? Data(contentsOf: executable, options: .alwaysMapped) {
            print.mix(XXH64.hash(bytes))
        } else {
            print.add(CommandLine.arguments.first ?? "")
        }
        return XXH64.hex(print.value)
    }()
}
