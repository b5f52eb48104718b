/// A proleptic Gregorian date and wall-clock time, computed without a calendar object.
///
/// Day arithmetic follows Howard Hinnant's `civil_from_days` / `days_from_civil` algorithms
/// (public domain, "chrono-Compatible Low-Level Date Algorithms"), exact for every `Int64` day.
public struct CivilTime: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int

    /// Splits milliseconds since the epoch (already shifted to local time, if wanted) into fields.
    public init(utcMilliseconds: Int64) {
        let (days, msOfDay) = Self.floorDivide(utcMilliseconds, 86_400_000)
        let date = LocalDate(daysSinceEpoch: days)
        year = date.year
        month = date.month
        day = date.day
        hour = Int(msOfDay / 3_600_000)
        minute = Int(msOfDay / 60_000 % 60)
        second = Int(msOfDay / 1000 % 60)
        millisecond = Int(msOfDay % 1000)
    }

    /// RFC 3339 with milliseconds and a `Z` suffix.
    /// - Complexity: O(1); written byte by byte when every field fits its width.
    public var rfc3339: String {
        guard fitsRFC3339 else {
            return "\(LocalDate(year: year, month: month, day: day).isoString)T\(Self.pad(hour, 2)):\(Self.pad(minute, 2)):"
                + "\(Self.pad(second, 2)).\(Self.pad(millisecond, 3))Z"
        }
        return String(unsafeUninitializedCapacity: 24) { buffer in
            writeRFC3339(into: buffer)
            return 24
        }
    }

    /// Whether every field fits its width in ``rfc3339``'s 24 bytes (`YYYY-MM-DDTHH:MM:SS.mmmZ`):
    /// a year 0…9999, the other fields of their usual digits.
    package var fitsRFC3339: Bool {
        let twoDigits = 0...99
        return (0...9999).contains(year) && twoDigits.contains(month) && twoDigits.contains(day) && twoDigits.contains(hour)
            && twoDigits.contains(minute) && twoDigits.contains(second) && (0...999).contains(millisecond)
    }

    /// Writes ``rfc3339`` into the first 24 bytes of `buffer`, when ``fitsRFC3339``.
    package func writeRFC3339(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        func put(_ value: Int, width: Int, at start: Int, then separator: UInt8) {
            Self.writeDigits(value, width: width, into: buffer, at: start)
            buffer[start + width] = separator
        }
        put(year, width: 4, at: 0, then: 0x2D)
        put(month, width: 2, at: 5, then: 0x2D)
        put(day, width: 2, at: 8, then: 0x54)
        put(hour, width: 2, at: 11, then: 0x3A)
        put(minute, width: 2, at: 14, then: 0x3A)
        put(second, width: 2, at: 17, then: 0x2E)
        put(millisecond, width: 3, at: 20, then: 0x5A)
    }

    /// Writes the last `width` decimal digits of `value` (≥ 0), zero-padded, into
    /// `buffer[start..<start + width]`.
    static func writeDigits(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        for offset in (0..<width).reversed() {
            buffer[start + offset] = UInt8(0x30 + rest % 10)
            rest /= 10
        }
    }

    /// The quotient rounded toward negative infinity and the remainder (0 ≤ r < `divisor`), for
    /// every `value` including `Int64.min`; `divisor` > 0.
    static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
