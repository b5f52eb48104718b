import Foundation
import ParleyTestSupport
import Testing

/// Waits until `condition` holds, checking it on this thread with pauses that grow from 50 µs to
/// 5 ms, for at most `timeout` — 4 times longer under a sanitizer (``Sanitizer/slowdown``).
///
/// The one way the tests wait for another thread or process: a wait that cannot end fails the
/// test with a message naming what it waited for, instead of hanging.
/// - Parameters:
///   - awaited: What is waited for, completing "gave up … waiting for": "both viewers to be counted".
///   - timeout: How long to wait in a normal build.
///   - condition: Checked until it returns true.
/// - Throws: ``WaitTimeout`` naming `awaited` and the caller's line when the deadline passes first.
package func eventually(
    _ awaited: String, timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) throws(WaitTimeout) {
    let limit = timeout * Sanitizer.slowdown
    let deadline = ContinuousClock.now + limit
    var pause: UInt32 = 50
    while !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimeout(awaited: awaited, limit: limit, sourceLocation: sourceLocation) }
        usleep(pause)
        pause = min(pause * 2, 5000)
    }
}
