import Testing

/// A wait of ``eventually(_:timeout:sourceLocation:_:)`` whose deadline passed before its
/// condition held.
struct WaitTimeout: Error, CustomStringConvertible {
    /// What was waited for.
    let awaited: String
    /// How long it was waited for.
    let limit: Duration
    /// The line that waited.
    let sourceLocation: SourceLocation

    var description: String {
        "\(sourceLocation.fileID):\(sourceLocation.line): gave up after \(limit) waiting for \(awaited)"
    }
}
