// swift-tools-version:6.2
import PackageDescription

/// Every Swift target builds with the same strict settings: Swift 6 language mode, warnings as errors.
/// Warning control applies to this package only when it is the root package, so packages that depend on
/// ParleyDiffing (by version, too: there are no unsafe flags) build it with their own settings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]
/// The C targets' counterpart of `strict`: warnings as errors.
let strictC: [CSetting] = [.treatAllWarnings(as: .error)]
/// The C++ target's counterpart of `strict`: warnings as errors.
let strictCXX: [CXXSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "Parley",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "parley", targets: ["parley"]),
        .library(name: "ParleyDiffing", targets: ["ParleyDiffing"]),
    ],
    targets: [
        // Layer 0: C shims and value modules.
        .target(name: "CGetopt", cSettings: strictC),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // cmark-gfm with its GFM extensions (the extensions library has no pkg-config file: the modulemap links it by name).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // yajl's event-based JSON parser (sole importer: ParleyJSON).
        .systemLibrary(name: "CYAJL", pkgConfig: "yajl", providers: [.apt(["libyajl-dev"])]),
        // xxHash's XXH3 (sole importer: ParleyDigest).
        .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash", providers: [.apt(["libxxhash-dev"])]),
        // Google's libphonenumber (C++; no pkg-config file, linked by name) behind `extern "C"` functions over C types: its
        // headers, which pull in abseil and protobuf, are included by the .cpp file only.
        .target(name: "CPhoneNumber", cxxSettings: strictCXX, linkerSettings: [.linkedLibrary("phonenumber")]),
        .target(name: "ParleyModel", swiftSettings: strict),
        .target(name: "ParleyDiffing", swiftSettings: strict),
        // SHA-256, and RFC 6920 `ni:` URIs naming bytes by it: copied media's names, MMS parts kept by the archive's store;
        // XXH3 digests of input records (the archive store's source digests).
        .target(name: "ParleyDigest", dependencies: ["CXXHash"], swiftSettings: strict),
        // Layer 1: libxml2's XML reader and HTML parser (sole importer of libxml2), HTML, layout, importers.
        .target(name: "ParleyXML", dependencies: ["CLibXML2"], swiftSettings: strict),
        .target(name: "ParleyHTML", dependencies: ["ParleyXML"], swiftSettings: strict),
        .target(name: "ParleyLayout", dependencies: ["ParleyModel"], swiftSettings: strict),
        // Phone numbers in E.164 form (sole importer of CPhoneNumber): SMS conversations written in several ways are one.
        .target(name: "ParleyPhone", dependencies: ["CPhoneNumber"], swiftSettings: strict),
        // Streaming JSON: record lists handed over one record at a time, and a Decoder over one value.
        .target(name: "ParleyJSON", dependencies: ["CYAJL"], swiftSettings: strict),
        // Parley JSON Lines event records: one event to and from one line (ingest, the store, --follow, files).
        .target(name: "ParleyEventCodec", dependencies: ["ParleyModel"], swiftSettings: strict),
        // Zip archives (Slack exports, WhatsApp chats with media): sole importer of libarchive.
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        .target(name: "ParleyArchive", dependencies: ["CArchive"], swiftSettings: strict),
        .target(
            name: "ParleyImport",
            dependencies: [
                "ParleyModel", "ParleyEventCodec", "ParleyJSON", "ParleyXML", "ParleyArchive", "ParleyPhone", "ParleyDigest",
            ],
            swiftSettings: strict),
        // Message markup of every flavor parsed into one document tree (sole importer of cmark-gfm).
        .target(name: "ParleyFormat", dependencies: ["ParleyModel", "CCmarkGFM"], swiftSettings: strict),
        // Layer 2: templates and pages; the built-in assets.
        .target(
            name: "ParleyAssets",
            exclude: ["README.md"],
            // Templates/, Public/ and Samples/ (linked from the top level), and the archives' favicon.ico.
            resources: [.copy("Templates"), .copy("Public"), .copy("Samples"), .copy("favicon.ico")],
            swiftSettings: strict
        ),
        .target(
            name: "ParleyRender",
            dependencies: [
                "ParleyModel", "ParleyLayout", "ParleyHTML", "ParleyAssets", "ParleyFormat", "ParleySearch", "ParleyArchive",
                "ParleyDigest",
            ],
            swiftSettings: strict
        ),
        .target(name: "ParleyPatch", dependencies: ["ParleyDiffing", "ParleyHTML"], swiftSettings: strict),
        // The archive's search index: terms as public/search.js reads them.
        .target(name: "ParleySearch", dependencies: ["ParleyModel"], swiftSettings: strict),
        // Durable events in SQLite (sole importer of CSQLite).
        .target(name: "ParleyStore", dependencies: ["CSQLite", "ParleyDigest"], swiftSettings: strict),
        // The event log in PostgreSQL, shared by several `parley serve` (sole importer of libpq).
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(name: "ParleyPostgres", dependencies: ["CPostgres", "ParleyStore"], swiftSettings: strict),
        .target(
            name: "ParleyLive",
            dependencies: ["ParleyModel", "ParleyLayout", "ParleyDiffing", "ParleyRender", "ParleyPatch", "ParleyHTML"],
            swiftSettings: strict
        ),
        // Layers 4-7 (ARCHITECTURE.md): HTTP and Server-Sent Events only (sole importer of libmicrohttpd), what it serves, the command line.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(
            name: "ParleyServer",
            dependencies: ["CMicroHTTPD", "ParleyModel", "ParleyAssets"],
            swiftSettings: strict
        ),
        // What `parley serve` serves over the server's seams: channels, ingest, the demo, --follow.
        .target(
            name: "ParleySite",
            dependencies: [
                "ParleyServer", "ParleyLive", "ParleyStore", "ParleyEventCodec", "ParleyModel", "ParleyLayout", "ParleyHTML",
                "ParleyRender", "ParleyPatch",
            ],
            swiftSettings: strict
        ),
        .target(
            name: "ParleyCLI",
            dependencies: [
                "CGetopt", "ParleyModel", "ParleyEventCodec", "ParleyImport", "ParleyArchive", "ParleyPhone", "ParleyLayout",
                "ParleyRender", "ParleyAssets", "ParleyDigest",
                "ParleyServer", "ParleySite", "ParleyLive", "ParleyStore", "ParleyPostgres",
            ],
            swiftSettings: strict
        ),
        // jemalloc takes over malloc for the whole process: glibc's locks the arena of the thread
        // that allocated at each free on another thread, and a render frees on its staging thread
        // what its reader allocated (ARCHITECTURE.md).
        .executableTarget(
            name: "parley", dependencies: ["ParleyCLI"], swiftSettings: strict, linkerSettings: [.linkedLibrary("jemalloc")]),
        .executableTarget(
            name: "ParleyBenchmarks",
            dependencies: [
                "ParleyDiffing", "ParleyModel", "ParleyEventCodec", "ParleyImport", "ParleyLayout", "ParleyRender", "ParleyLive",
                "ParleyPatch", "ParleyHTML", "ParleyTestSupport",
            ],
            path: "Benchmarks/ParleyBenchmarks",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "ParleyServerBenchmark",
            dependencies: ["ParleyServer", "ParleyModel", "ParleyHTML"],
            path: "Benchmarks/ParleyServerBenchmark",
            swiftSettings: strict
        ),
        // Test support shared by the test targets, the benchmarks and the convergence fixtures: seeded randomness, the DOM
        // oracle, paths to the fixtures (read from the source tree, not copied) and the corpus, the built `parley` run as a process.
        .target(
            name: "ParleyTestSupport",
            dependencies: ["ParleyModel", "ParleyXML", "ParleyHTML", "ParleyLayout", "ParleyLive", "ParleyPatch", "ParleyRender"],
            path: "Tests/ParleyTestSupport",
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        // `eventually` and `WaitTimeout` (swift-testing's source locations): apart from ParleyTestSupport, which executables link.
        .target(name: "ParleyWaitSupport", dependencies: ["ParleyTestSupport"], path: "Tests/ParleyWaitSupport", swiftSettings: strict),
        // Loopback HTTP and SSE clients, served channels and server fixtures for the server, site and command line tests.
        .target(
            name: "ParleyServerTestSupport",
            dependencies: [
                "ParleyTestSupport", "ParleyServer", "ParleySite", "ParleyImport", "ParleyModel", "ParleyRender", "ParleyHTML",
                "ParleyPatch", "ParleyLive", "ParleyStore",
            ],
            path: "Tests/ParleyServerTestSupport",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "ParleyConvergenceFixtures",
            dependencies: ["ParleyTestSupport", "ParleyHTML"],
            path: "Tools/ParleyConvergenceFixtures",
            swiftSettings: strict
        ),
        // Fuzz targets for every importer, the JSON Lines event reader and the HTML sanitizer (scripts/fuzz).
        .executableTarget(
            name: "ParleyFuzz",
            dependencies: [
                "ParleyImport", "ParleyEventCodec", "ParleyHTML", "ParleyArchive", "ParleyModel", "ParleyLayout", "ParleyFormat",
            ],
            path: "Tools/ParleyFuzz",
            swiftSettings: strict
        ),
        .testTarget(name: "ParleyDiffingTests", dependencies: ["ParleyDiffing", "ParleyTestSupport"], swiftSettings: strict),
        // One test target per module it tests, lowest layer first; a test that runs the whole binary is in ParleyCLITests.
        .testTarget(name: "ParleyModelTests", dependencies: ["ParleyModel", "ParleyFormat", "ParleyTestSupport"], swiftSettings: strict),
        .testTarget(name: "ParleyDigestTests", dependencies: ["ParleyDigest", "ParleyTestSupport"], swiftSettings: strict),
        .testTarget(name: "ParleyXMLTests", dependencies: ["ParleyXML"], swiftSettings: strict),
        .testTarget(name: "ParleyPhoneTests", dependencies: ["ParleyPhone"], swiftSettings: strict),
        .testTarget(name: "ParleyHTMLTests", dependencies: ["ParleyHTML", "ParleyModel", "ParleyTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ParleyLayoutTests", dependencies: ["ParleyLayout", "ParleyImport", "ParleyModel", "ParleyTestSupport"],
            swiftSettings: strict),
        .testTarget(name: "ParleyJSONTests", dependencies: ["ParleyJSON", "ParleyTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ParleyEventCodecTests", dependencies: ["ParleyEventCodec", "ParleyModel", "ParleyTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ParleyImportTests",
            dependencies: ["ParleyImport", "ParleyPhone", "ParleyLayout", "ParleyModel", "ParleyTestSupport", "ParleyDigest"],
            swiftSettings: strict),
        .testTarget(
            name: "ParleyFormatTests",
            dependencies: ["ParleyFormat", "ParleyImport", "ParleyLayout", "ParleyModel", "ParleyRender", "ParleyTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyRenderTests",
            dependencies: [
                "ParleyRender", "ParleyHTML", "ParleyImport", "ParleyLayout", "ParleyModel", "ParleyTestSupport", "ParleyWaitSupport",
                "ParleyDigest",
            ],
            exclude: ["Golden"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyPatchTests", dependencies: ["ParleyPatch", "ParleyHTML", "ParleyLive", "ParleyModel", "ParleyTestSupport"],
            swiftSettings: strict),
        .testTarget(name: "ParleyStoreTests", dependencies: ["ParleyStore", "ParleyTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ParleyPostgresTests", dependencies: ["ParleyPostgres", "ParleyStore", "ParleyTestSupport"], swiftSettings: strict),
        .testTarget(name: "ParleySearchTests", dependencies: ["ParleySearch", "ParleyModel", "ParleyTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ParleyLiveTests",
            dependencies: ["ParleyLive", "ParleyModel", "ParleyPatch", "ParleyRender", "ParleyTestSupport", "ParleyWaitSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyServerTests",
            dependencies: [
                "ParleyServer", "ParleyHTML", "ParleyModel", "ParleyTestSupport", "ParleyServerTestSupport", "ParleyWaitSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleySiteTests",
            dependencies: [
                "ParleySite", "ParleyServer", "ParleyHTML", "ParleyLive", "ParleyModel", "ParleyPatch", "ParleyRender", "ParleyStore",
                "ParleyTestSupport", "ParleyServerTestSupport", "ParleyWaitSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyCLITests",
            dependencies: [
                "ParleyCLI", "ParleyLive", "ParleyPatch", "ParleyRender", "ParleyServer", "ParleySite", "ParleyStore", "ParleyTestSupport",
                "ParleyServerTestSupport", "ParleyWaitSupport",
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
