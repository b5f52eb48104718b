import Foundation
import Testing

/// Golden files beside the tests: the expected output, byte for byte.
///
/// A missing golden file fails. Set `PARLEY_RECORD_GOLDEN=1` to (re)write them on purpose.
enum Golden {
    static func check(_ actual: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = TestPaths.golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["PARLEY_RECORD_GOLDEN"] == "1" {
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("golden file \(name) is missing; record it with PARLEY_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "differs from golden file \(name)", sourceLocation: sourceLocation)
    }
}
