/// An instant in UTC with millisecond precision: milliseconds since 1970-01-01T00:00:00Z.
public struct Timestamp: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// Milliseconds since the Unix epoch, UTC (negative before 1970).
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// An instant from whole UTC seconds since the Unix epoch.
    public init(seconds: Int64) { self.milliseconds = seconds * 1000 }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The instant as RFC 3339 in UTC with milliseconds, e.g. `2023-01-06T14:03:03.853Z`.
    public var description: String { CivilTime(utcMilliseconds: milliseconds).rfc3339 }

    public init(from decoder: any Decoder) throws {
        milliseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(milliseconds)
    }
}
