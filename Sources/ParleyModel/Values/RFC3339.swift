/// Parses RFC 3339 / ISO 8601 timestamps such as `2023-01-06T14:03:03.853+00:00`.
///
/// Accepts any number of fractional-second digits (truncated to milliseconds), `Z` or a
/// `±HH:MM` offset (hours 00–23, minutes 00–59, as RFC 3339's `time-numoffset`), and a space
/// instead of `T`. Returns nil for anything else — a day the month does not have (`2022-02-30`)
/// included — and for an instant outside the years 0001–9999 in UTC (``Timestamp/earliestSupported``).
/// - Complexity: O(n) in the string's length, no allocation.
package enum RFC3339 {
    /// The instant `text` names, or nil (see the type's rules).
    package static func parse(_ text: String) -> Timestamp? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// The instant the UTF-8 text `utf8` names, or nil (see the type's rules).
    package static func parse(utf8: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        var bytes = utf8[...]
        guard let year = number(&bytes, 4), expect(&bytes, 0x2D), let month = number(&bytes, 2),
            expect(&bytes, 0x2D), let day = number(&bytes, 2), let separator = bytes.popFirst(),
            separator == 0x54 || separator == 0x74 || separator == 0x20,
            let hour = number(&bytes, 2), expect(&bytes, 0x3A), let minute = number(&bytes, 2),
            expect(&bytes, 0x3A), let second = number(&bytes, 2),
            (1...12).contains(month), day >= 1, day <= LocalDate.days(inMonth: month, year: year), hour < 24, minute < 60,
            second < 61
        else { return nil }
        var millis = 0
        if bytes.first == 0x2E {
            bytes.removeFirst()
            var digits = 0
            while let byte = bytes.first, byte >= 0x30, byte <= 0x39 {
                if digits < 3 { millis = millis * 10 + Int(byte - 0x30) }
                digits += 1
                bytes.removeFirst()
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { millis *= 10 }
        }
        guard let offset = zoneOffsetMinutes(&bytes), bytes.isEmpty else { return nil }
        let days = LocalDate(year: year, month: month, day: day).daysSinceEpoch
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset * 60)
        return Timestamp(unixSeconds: seconds, milliseconds: Int64(millis))
    }

    private static func zoneOffsetMinutes(_ bytes: inout Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard let sign = bytes.popFirst() else { return nil }
        if sign == 0x5A || sign == 0x7A { return 0 }
        guard sign == 0x2B || sign == 0x2D, let hours = number(&bytes, 2), hours < 24 else { return nil }
        _ = expect(&bytes, 0x3A)
        guard let minutes = number(&bytes, 2), minutes < 60 else { return nil }
        return (hours * 60 + minutes) * (sign == 0x2D ? -1 : 1)
    }

    private static func number(_ bytes: inout Slice<UnsafeBufferPointer<UInt8>>, _ count: Int) -> Int? {
        guard bytes.count >= count else { return nil }
        var value = 0
        for _ in 0..<count {
            let byte = bytes.removeFirst()
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func expect(_ bytes: inout Slice<UnsafeBufferPointer<UInt8>>, _ byte: UInt8) -> Bool {
        guard bytes.first == byte else { return false }
        bytes.removeFirst()
        return true
    }
}
