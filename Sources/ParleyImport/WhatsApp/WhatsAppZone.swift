import Foundation
import ParleyModel

/// Takes a WhatsApp export's wall-clock times — the phone's clock as written, with no zone — as
/// instants in the `--timezone` zone, so a page rendered in that zone shows each time as written
/// and messages order and merge with other inputs by their instants.
///
/// The rule for a wall time:
/// - one that occurs once in the zone is that instant;
/// - in an overlap (the hour repeated when clocks go back), the earlier instant: the one before
///   the clocks went back (01:30 on a fall-back night in New York is 01:30 EDT, 05:30Z);
/// - in a gap (the hour skipped when clocks go forward, a time a phone in that zone never shows),
///   the offset in force before the gap, so the instant falls after the gap and shows later by
///   the gap's length (02:30 on a spring-forward night in New York is 07:30Z, shown as 03:30 EDT).
///
/// Message ids are made from the wall time, not the instant (``SyntheticMessageID``), so they
/// never depend on the zone.
struct WhatsAppZone {
    let timeZone: TimeZone
    /// The wall day (days since 1970-01-01) whose offset ``steady`` holds.
    private var day: Int64?
    /// The offset (seconds) in force from a day before ``day`` to two days after it; nil when it
    /// changes in that span, and each time of the day is looked at on its own.
    private var steady: Int64?

    init(_ timeZone: TimeZone) { self.timeZone = timeZone }

    /// The instant of the wall time `wall` (the wall time's fields read as UTC).
    /// - Complexity: O(1); the zone's rules are asked twice per wall day, and four times per time
    ///   on a day near a change of offset.
    mutating func instant(ofWall wall: Timestamp) -> Timestamp {
        let milliseconds = wall.milliseconds
        let seconds = Self.floorDivide(milliseconds, 1000)
        let wallDay = Self.floorDivide(seconds, 86_400)
        if wallDay != day {
            day = wallDay
            let before = offset(at: wallDay * 86_400 - 86_400)
            steady = before == offset(at: wallDay * 86_400 + 2 * 86_400) ? before : nil
        }
        let offset = steady ?? offsetForTime(seconds)
        let (instant, overflow) = milliseconds.subtractingReportingOverflow(offset * 1000)
        return overflow ? wall : Timestamp(milliseconds: instant)
    }

    /// The offset to subtract from the wall time `seconds` near a change of offset (the rule above).
    private func offsetForTime(_ seconds: Int64) -> Int64 {
        let early = offset(at: seconds - 86_400)
        let late = offset(at: seconds + 86_400)
        let earlyFits = offset(at: seconds - early) == early
        let lateFits = offset(at: seconds - late) == late
        switch (earlyFits, lateFits) {
        case (true, true): return max(early, late)
        case (false, true): return late
        default: return early
        }
    }

    /// The zone's offset from UTC, in seconds, at the instant `seconds` after 1970.
    private func offset(at seconds: Int64) -> Int64 {
        Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
