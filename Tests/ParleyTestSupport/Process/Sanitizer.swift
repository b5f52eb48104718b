import Foundation

/// Whether the tests run in a sanitizer build (`scripts/sanitize-address` sets
/// `PARLEY_SANITIZER`): code runs several times slower and uses shadow memory, so waits are
/// stretched and memory is not measured.
package enum Sanitizer {
    /// The sanitizer's name, or nil in a normal build.
    package static let name = ProcessInfo.processInfo.environment["PARLEY_SANITIZER"].flatMap { $0.isEmpty ? nil : $0 }

    /// How much longer a wait for the server may take: 4 under a sanitizer, else 1.
    package static let slowdown: Double = name == nil ? 1 : 4
}
