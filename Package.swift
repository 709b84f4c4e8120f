// swift-tools-version:6.0
import Foundation
import PackageDescription

// The executables allocate through jemalloc (Debian's libjemalloc-dev; libjemalloc2 where the binary runs): a build
// makes and frees millions of small arrays and strings from two threads, and glibc's allocator took a seventh more
// CPU for it. Linked as the shared library, which replaces malloc for the whole process, libc's own allocations
// included. Its static archive cannot: `--static-swift-stdlib` links with `--exclude-libs ALL`, which keeps an
// archive's symbols out of the dynamic table, so memory libc allocated (strdup, with which Foundation copies the
// environment) was freed by jemalloc and the release binary crashed in ProcessInfo.environment.
let jemalloc: [LinkerSetting] = [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]

// libyaml (Debian's libyaml-dev), linked in: the binary needs no libyaml where it runs. An archive is right here,
// unlike for jemalloc: nothing but GuideConfig calls it.
let libyaml: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "-l:libyaml.a"], .when(platforms: [.linux])),
    .linkedLibrary("yaml", .when(platforms: [.macOS])),
]

let package = Package(
    name: "cityguide",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "cityguide", targets: ["cityguide"]),
        .executable(name: "cityguide-bench", targets: ["cityguide-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(name: "GuideModel"),
        // Files read and written safely: every byte written, a file replaced in one rename, a file read only when it
        // is a regular file of its own.
        .target(name: "GuideFiles"),
        // Message catalogs (gettext PO files) and their plural rules: the words of the pages in each language.
        .target(name: "GuideMessages"),
        // The built-in templates and the sample data, compiled in so the binary is the whole product.
        .executableTarget(name: "embed-files"),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["embed-files"]),
        // The service worker is compiled in as it is, not copied among the templates: `cityguide check` requires its
        // exact bytes.
        .target(name: "GuideEmbedded", exclude: ["Worker"], plugins: ["EmbedFiles"]),
        // site.yaml through libyaml's events, composed by GuideConfig itself: one pass that counts each alias at its
        // expanded size and keeps its own stack, so no document can hang or crash it (Yams' composer, over the same
        // parser, did both, and guarding it meant importing the C module Yams keeps to itself).
        .systemLibrary(name: "CLibYAML", providers: [.apt(["libyaml-dev"])]),
        .target(name: "GuideConfig", dependencies: ["GuideModel", "CLibYAML"], linkerSettings: libyaml),
        .target(
            name: "GuideFetch",
            dependencies: ["GuideModel", "GuideFiles", "GuideConfig", "GuideEmbedded", "GuideOSM", "CCurl"],
            // Read through GuideEmbedded, not as a resource bundle that a copied binary would leave behind.
            exclude: ["Sample"]
        ),
        .target(name: "GuideAnalysis", dependencies: ["GuideModel"]),
        .target(name: "GuideMaps", dependencies: ["GuideModel"]),
        .target(name: "GuideHistory", dependencies: ["GuideModel", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "GuideExport", dependencies: ["GuideModel", "GuideAnalysis", "GuideMessages"]),
        // Places' photos downloaded once and published from the site itself.
        .target(name: "GuidePhotos", dependencies: ["GuideModel", "GuideFetch"]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "GuideOSM", dependencies: ["GuideModel", "CZlib", "CLibXML2"]),
        .target(
            name: "GuideRender",
            dependencies: [
                "GuideModel", "GuideConfig", "GuideAnalysis", "GuideMaps", "GuideEmbedded", "GuideMessages",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // renameat2(RENAME_EXCHANGE), which Swift's Glibc module does not expose.
        .target(name: "CRenameExchange"),
        // Brotli's encoder, for the precompressed copies of pages some servers send as they are.
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        .target(
            name: "GuideWrite", dependencies: ["CRenameExchange", "GuideModel", "GuideFiles", "CZlib", "CBrotli"]),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // A city kept for offline reading: the list of its files, and the service worker that keeps them.
        .target(name: "GuideOffline", dependencies: ["GuideModel", "GuideEmbedded"]),
        .target(name: "GuideValidate", dependencies: ["GuideModel", "GuideOffline", "CLibXML2"]),
        // The build manifest: what the last build published, so the next renders only what changed.
        .target(name: "GuideIncremental", dependencies: ["GuideModel", "GuideFiles", "GuideWrite"]),
        // `build --shard K/N` and `cityguide assemble`: a site's cities spread over many machines, merged into one.
        .target(name: "GuideShard", dependencies: ["GuideModel", "GuideFiles", "GuideRender"]),
        // The report's map as PNG (mail clients show no SVG), and its delivery over SMTP.
        .systemLibrary(name: "CRSVG", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(
            name: "GuideReport",
            dependencies: [
                "GuideModel", "GuideConfig", "GuideAnalysis", "GuideRender", "CRSVG", "CCurl",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .target(
            name: "GuideBuild",
            dependencies: [
                "GuideModel", "GuideFiles", "GuideConfig", "GuideFetch", "GuideAnalysis", "GuideRender", "GuideWrite",
                "GuideValidate", "GuideHistory", "GuideExport", "GuideReport", "GuideOSM", "GuidePhotos",
                "GuideIncremental", "GuideShard", "GuideMaps", "GuideOffline",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `cityguide serve`: the site on 127.0.0.1, built again on every change, pages reloaded by server-sent events.
        // SwiftNIO under a bounded reader of our own: FlyingFox read a request line in quadratic time, unbounded.
        .target(
            name: "GuideServe",
            dependencies: [
                "GuideBuild", "GuideWrite", "GuideModel", "GuideFiles", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "cityguide",
            dependencies: [
                "GuideBuild", "GuideServe", "GuideShard", "GuideValidate", "GuideRender", "GuideWrite", "GuideModel",
                "GuideFetch", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: jemalloc
        ),
        // Every decoder and loader a stranger's bytes reach, by name: for the fuzzer and its regression files.
        .target(
            name: "GuideFuzzTargets",
            dependencies: [
                "GuideConfig", "GuideEmbedded", "GuideFetch", "GuideMaps", "GuideModel", "GuideOSM", "GuideRender",
                "GuideServe", "GuideShard", "GuideValidate",
            ]
        ),
        .executableTarget(
            name: "cityguide-bench",
            dependencies: [
                "GuideBuild", "GuideModel", "GuideConfig", "GuideFetch", "GuideIncremental", "GuideOSM", "GuideWrite",
            ],
            linkerSettings: jemalloc
        ),
        .testTarget(
            name: "CityguideTests",
            dependencies: [
                "GuideModel", "GuideFiles", "GuideConfig", "GuideFetch", "GuideAnalysis", "GuideMaps", "GuideRender",
                "GuideWrite", "GuideValidate", "GuideBuild", "GuideHistory", "GuideExport", "GuideReport", "GuideOSM",
                "GuidePhotos", "GuideIncremental", "GuideServe", "GuideShard", "GuideFuzzTargets", "GuideMessages",
                "GuideOffline",
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)

// `Scripts/fuzz`: the libFuzzer harness, built only when asked (`CITYGUIDE_FUZZ=1 swift build --sanitize=fuzzer`),
// since libFuzzer supplies its `main`.
if ProcessInfo.processInfo.environment["CITYGUIDE_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "cityguide-fuzz",
            dependencies: ["GuideFuzzTargets"],
            path: "Fuzz/cityguide-fuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ))
    package.products.append(.executable(name: "cityguide-fuzz", targets: ["cityguide-fuzz"]))
    // The build tool is linked with libFuzzer too, whose driver wants a fuzz function: it gets an empty one.
    for target in package.targets where target.name == "embed-files" {
        target.swiftSettings = [.define("CITYGUIDE_FUZZ_BUILD")]
    }
}
