import Foundation
import ParleyTestSupport
import Testing

/// Golden files beside the tests: the expected output, byte for byte.
///
/// A missing golden file fails. Set `PARLEY_RECORD_GOLDEN=1` to (re)write them on purpose: each
/// check then writes its file and fails, so a recording run never passes as a test run.
enum Golden {
    /// Whether this run records golden files instead of checking them.
    static let recording = ProcessInfo.processInfo.environment["PARLEY_RECORD_GOLDEN"] == "1"

    /// Compares `actual` with the golden file `name`, or records it when ``recording``.
    static func check(_ actual: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = TestPaths.golden.appendingPathComponent(name)
        if recording {
            do {
                try actual.write(to: url, atomically: true, encoding: .utf8)
                Issue.record(
                    "recorded golden file \(name); re-run without PARLEY_RECORD_GOLDEN to check it", sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot record golden file \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("golden file \(name) is missing; record it with PARLEY_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "differs from golden file \(name)", sourceLocation: sourceLocation)
    }
}
