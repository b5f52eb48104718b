/// An instant in UTC with millisecond precision: milliseconds since 1970-01-01T00:00:00Z.
public struct Timestamp: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// Milliseconds since the Unix epoch, UTC (negative before 1970).
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The earliest instant Parley accepts from input: 0001-01-01T00:00:00.000Z.
    public static let earliestSupported = Timestamp(milliseconds: -62_135_596_800_000)
    /// The latest instant Parley accepts from input: 9999-12-31T23:59:59.999Z.
    public static let latestSupported = Timestamp(milliseconds: 253_402_300_799_999)

    /// An instant from whole UTC seconds since the Unix epoch. A value whose milliseconds do not
    /// fit in `Int64` is clamped to `Int64.min` or `Int64.max` (never a trap); read input with
    /// ``init(unixSeconds:milliseconds:)``, which refuses what lies outside the supported years.
    public init(seconds: Int64) {
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        milliseconds = overflow ? (seconds < 0 ? .min : .max) : product
    }

    /// An instant from whole UTC seconds since the Unix epoch, plus `milliseconds` (−999…999); nil
    /// when it falls outside ``earliestSupported``…``latestSupported`` (so no input can overflow it).
    public init?(unixSeconds seconds: Int64, milliseconds: Int64 = 0) {
        let range = Self.earliestSupported.milliseconds / 1000...Self.latestSupported.milliseconds / 1000
        guard range.contains(seconds), (-999...999).contains(milliseconds) else { return nil }
        self.init(checked: seconds * 1000 + milliseconds)
    }

    /// An instant from fractional UTC seconds since the Unix epoch (as ChatGPT's `create_time`),
    /// rounded to the millisecond; nil for a value that is not finite or falls outside
    /// ``earliestSupported``…``latestSupported``.
    public init?(secondsSince1970 seconds: Double) {
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds.isFinite, milliseconds >= Double(Self.earliestSupported.milliseconds),
            milliseconds <= Double(Self.latestSupported.milliseconds)
        else { return nil }
        self.init(checked: Int64(milliseconds))
    }

    private init?(checked milliseconds: Int64) {
        guard (Self.earliestSupported.milliseconds...Self.latestSupported.milliseconds).contains(milliseconds) else { return nil }
        self.milliseconds = milliseconds
    }

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
