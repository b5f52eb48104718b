import Foundation

/// Where the tests find the package, its fixtures, golden files and the shared corpus.
enum TestPaths {
    /// The package root (three levels above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = packageRoot.appendingPathComponent("Tests/ParleyTests/Fixtures")
    static let golden = packageRoot.appendingPathComponent("Tests/ParleyTests/Golden")

    /// `../shared/corpus` beside the package; tests that read it are skipped when it is absent.
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static var corpusAvailable: Bool { FileManager.default.fileExists(atPath: corpus.appendingPathComponent("discord").path) }

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }
    static func discord(_ name: String) -> URL { corpus.appendingPathComponent("discord/\(name)") }

    /// A fresh empty folder under the system's temporary folder.
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
