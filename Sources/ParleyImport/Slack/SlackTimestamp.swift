import ParleyModel

/// Slack's message timestamps: `"1452837318.000002"`, UTC seconds and a six-digit suffix
/// (microseconds, which Slack also uses to keep timestamps unique within a channel).
enum SlackTimestamp {
    /// The instant, to the millisecond, or nil when `text` is not `digits[.digits]` or names a
    /// time outside the years 0001–9999.
    static func parse(_ text: String) -> Timestamp? {
        var ascii = text
        return ascii.withUTF8(parseASCII) ?? parseByCharacters(text)
    }

    /// ``parse(_:)`` character by character: `digits[.digits]` split at the dot, the fraction's
    /// first six characters read as microseconds.
    static func parseByCharacters(_ text: String) -> Timestamp? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let seconds = Int64(parts[0]) else { return nil }
        var micros: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1].prefix(6)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int64(digits) else { return nil }
            micros = value * Int64([1, 10, 100, 1000, 10_000, 100_000, 1_000_000][6 - digits.count])
        }
        return Timestamp(unixSeconds: seconds, milliseconds: micros / 1000)
    }

    /// ``parse(_:)`` of an ASCII text from its bytes, as ``parseByCharacters(_:)`` reads it (each
    /// character is a byte, or CR LF, never a digit or a dot): `.some(nil)` for one that is not a Slack timestamp, nil for a text
    /// that is not ASCII.
    private static func parseASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp?? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let dot = bytes.firstIndex(of: UInt8(ascii: "."))
        guard let seconds = integer(bytes[..<(dot ?? bytes.endIndex)]) else { return .some(nil) }
        var micros: Int64 = 0
        if let dot {
            let fraction = bytes[(dot + 1)...]
            guard !fraction.contains(UInt8(ascii: ".")) else { return .some(nil) }
            let digits = fraction.prefix(6)
            guard !digits.isEmpty, let value = integer(digits) else { return .some(nil) }
            micros = value * Int64([1, 10, 100, 1000, 10_000, 100_000, 1_000_000][6 - digits.count])
        }
        return Timestamp(unixSeconds: seconds, milliseconds: micros / 1000)
    }

    /// `Int64(text)` of ASCII bytes: an optional sign and decimal digits, nil when the value does
    /// not fit (accumulated with the sign, so `-9223372036854775808` fits).
    private static func integer(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowShift, !overflowAdd else { return nil }
            value = next
        }
        return value
    }
}
