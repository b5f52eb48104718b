import Foundation

/// Waits for a condition that another thread makes true.
enum Polling {
    /// Checks `condition` every 5 ms for up to `timeout` seconds.
    /// - Returns: whether it became true.
    static func until(timeout: Double = 5 * Sanitizer.slowdown, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(5000)
        }
        return try condition()
    }
}
