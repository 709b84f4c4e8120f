import Foundation
import GuideFuzzTargets

/// libFuzzer's entry: one `FuzzTarget` per run, chosen by `CITYGUIDE_FUZZ_TARGET`. `Scripts/fuzz` builds this with
/// `--sanitize=fuzzer` and runs each target.
let target = ProcessInfo.processInfo.environment["CITYGUIDE_FUZZ_TARGET"].flatMap(FuzzTarget.init)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let target else {
        FileHandle.standardError.write(
            Data(
                ("set CITYGUIDE_FUZZ_TARGET to one of: "
                    + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ") + "\n").utf8))
        exit(2)
    }
    target.run(Data(bytes: bytes, count: count))
    return 0
}
