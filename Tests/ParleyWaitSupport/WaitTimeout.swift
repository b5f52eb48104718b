import Testing

/// A wait of ``eventually(_:timeout:sourceLocation:_:)`` whose deadline passed before its
/// condition held.
package struct WaitTimeout: Error, CustomStringConvertible {
    /// What was waited for.
    package let awaited: String
    /// How long it was waited for.
    package let limit: Duration
    /// The line that waited.
    package let sourceLocation: SourceLocation

    package var description: String {
        "\(sourceLocation.fileID):\(sourceLocation.line): gave up after \(limit) waiting for \(awaited)"
    }
}
