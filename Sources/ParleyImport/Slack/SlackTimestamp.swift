import ParleyModel

/// Slack's message timestamps: `"1452837318.000002"`, UTC seconds and a six-digit suffix
/// (microseconds, which Slack also uses to keep timestamps unique within a channel).
enum SlackTimestamp {
    /// The instant, to the millisecond, or nil when `text` is not `digits[.digits]` or names a
    /// time outside the years 0001–9999.
    static func parse(_ text: String) -> Timestamp? {
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
}
