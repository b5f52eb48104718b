import Foundation

/// Where the tests find the package, its fixtures, golden files and the shared corpus.
package enum TestPaths {
    /// The package root (three levels above this file).
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static let fixtures = packageRoot.appendingPathComponent("Tests/ParleyTestSupport/Fixtures")
    package static let golden = packageRoot.appendingPathComponent("Tests/ParleyRenderTests/Golden")

    /// `../shared/corpus` beside the package; tests that read it are skipped when it is absent.
    package static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    package static var corpusAvailable: Bool { FileManager.default.fileExists(atPath: corpus.appendingPathComponent("discord").path) }

    package static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }
    package static func discord(_ name: String) -> URL { corpus.appendingPathComponent("discord/\(name)") }

    /// A fresh empty folder under the system's temporary folder.
    package static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
