// swift-tools-version:6.0
import PackageDescription

/// Every Swift target builds with the same strict settings: Swift 6 language mode, warnings as errors.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "Parley",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "parley", targets: ["parley"]),
        .library(name: "ParleyDiffing", targets: ["ParleyDiffing"]),
    ],
    targets: [
        // Layer 0: C shims and value modules.
        .target(name: "CGetopt"),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "ParleyModel", swiftSettings: strict),
        .target(name: "ParleyDiffing", swiftSettings: strict),
        // Layer 1: HTML (sole importer of libxml2), layout, importers.
        .target(name: "ParleyHTML", dependencies: ["CLibXML2"], swiftSettings: strict),
        .target(name: "ParleyLayout", dependencies: ["ParleyModel"], swiftSettings: strict),
        .target(name: "ParleyImport", dependencies: ["ParleyModel"], swiftSettings: strict),
        // Layer 2: templates and pages; the built-in assets.
        .target(
            name: "ParleyAssets",
            exclude: ["README.md"],
            // Links to the top-level Templates/, Public/ and Samples/ folders.
            resources: [.copy("Templates"), .copy("Public"), .copy("Samples")],
            swiftSettings: strict
        ),
        .target(
            name: "ParleyRender",
            dependencies: ["ParleyModel", "ParleyLayout", "ParleyHTML", "ParleyAssets"],
            swiftSettings: strict
        ),
        .target(name: "ParleyPatch", dependencies: ["ParleyDiffing", "ParleyHTML"], swiftSettings: strict),
        // Durable events in SQLite (sole importer of CSQLite).
        .target(name: "ParleyStore", dependencies: ["CSQLite"], swiftSettings: strict),
        .target(
            name: "ParleyLive",
            dependencies: ["ParleyModel", "ParleyLayout", "ParleyDiffing", "ParleyRender", "ParleyPatch", "ParleyHTML"],
            swiftSettings: strict
        ),
        // Layer 3: the command line.
        .target(
            name: "ParleyCLI",
            dependencies: ["CGetopt", "ParleyModel", "ParleyImport", "ParleyLayout", "ParleyRender", "ParleyAssets"],
            swiftSettings: strict
        ),
        .executableTarget(name: "parley", dependencies: ["ParleyCLI"], swiftSettings: strict),
        .executableTarget(
            name: "ParleyBenchmarks",
            dependencies: ["ParleyDiffing", "ParleyModel", "ParleyImport", "ParleyLayout", "ParleyRender", "ParleyLive", "ParleyPatch", "ParleyHTML"],
            path: "Benchmarks/ParleyBenchmarks",
            swiftSettings: strict
        ),
        .target(
            name: "ParleyTestSupport",
            dependencies: ["ParleyModel", "ParleyHTML", "ParleyLive", "ParleyPatch", "ParleyRender"],
            path: "Tests/ParleyTestSupport",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "ParleyConvergenceFixtures",
            dependencies: ["ParleyTestSupport", "ParleyHTML"],
            path: "Tools/ParleyConvergenceFixtures",
            swiftSettings: strict
        ),
        .testTarget(name: "ParleyDiffingTests", dependencies: ["ParleyDiffing"], swiftSettings: strict),
        .testTarget(
            name: "ParleyTests",
            dependencies: ["ParleyModel", "ParleyImport", "ParleyLayout", "ParleyRender", "ParleyHTML", "ParleyCLI", "ParleyPatch", "ParleyLive", "ParleyDiffing", "ParleyTestSupport", "ParleyStore"],
            resources: [.copy("Golden"), .copy("Fixtures")],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
