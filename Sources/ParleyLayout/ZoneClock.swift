import Foundation
import ParleyModel

/// Converts UTC timestamps to local dates and times in one explicit IANA time zone.
///
/// The zone is injected (`--timezone NAME`, default UTC) so output never depends on the
/// machine. Offsets come from Foundation's `TimeZone` and are DST-correct for each instant.
public struct ZoneClock: Sendable {
    public let timeZone: TimeZone
    /// The zone's name as the user gave it (Foundation on Linux reports UTC as "GMT").
    public let name: String

    public init(timeZone: TimeZone, name: String? = nil) {
        self.timeZone = timeZone
        self.name = name ?? timeZone.identifier
    }

    /// UTC.
    public static let utc = ZoneClock(timeZone: TimeZone(identifier: "UTC")!, name: "UTC")

    /// The clock for an IANA zone name such as `Europe/Berlin`, or nil if the name is unknown.
    public init?(identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.init(timeZone: zone, name: identifier)
    }

    /// The offset from UTC, in seconds, in force at `timestamp`.
    public func offsetSeconds(at timestamp: Timestamp) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(timestamp.milliseconds) / 1000))
    }

    /// The local calendar date and time of `timestamp`.
    public func localTime(_ timestamp: Timestamp) -> CivilTime {
        let (local, overflow) = timestamp.milliseconds.addingReportingOverflow(Int64(offsetSeconds(at: timestamp)) * 1000)
        return CivilTime(utcMilliseconds: overflow ? timestamp.milliseconds : local)
    }

    /// The local calendar date of `timestamp`.
    public func localDate(_ timestamp: Timestamp) -> LocalDate {
        let time = localTime(timestamp)
        return LocalDate(year: time.year, month: time.month, day: time.day)
    }
}
