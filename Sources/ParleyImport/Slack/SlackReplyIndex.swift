/// The compact index one conversation keeps while its day files stream past, so that a parent
/// listing thread replies the export lacks is reported once the conversation is read: the ids of
/// the messages read, and each parent's listed replies — timestamps only, never a message body.
///
/// A timestamp of Slack's form (`1704103200.000100`: seconds without a leading zero, six digits)
/// is kept as one 64-bit number (in a hash set: 8 to 16 bytes a message read, with its free
/// slots); any other as its text. A listed reply costs one such key, a parent its `ts`.
struct SlackReplyIndex {
    /// A message id (a `ts`), packed.
    enum Key {
        case packed(UInt64)
        case text(String)

        init(_ ts: String) {
            self = Self.pack(ts).map(Key.packed) ?? .text(ts)
        }

        /// The `ts` it was made from.
        var text: String {
            switch self {
            case let .text(text): return text
            case let .packed(value):
                let micros = String(value % 1_000_000)
                return "\(value / 1_000_000)." + String(repeating: "0", count: 6 - micros.count) + micros
            }
        }

        /// `seconds × 10⁶ + micros` for `digits.dddddd` with no leading zero and at most 12
        /// digits of seconds (so distinct texts never share a number); nil for any other text.
        private static func pack(_ ts: String) -> UInt64? {
            let bytes = ts.utf8
            guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return nil }
            let seconds = bytes[..<dot], micros = bytes[bytes.index(after: dot)...]
            guard (1...12).contains(seconds.count), micros.count == 6, seconds.count == 1 || seconds.first != UInt8(ascii: "0") else {
                return nil
            }
            var value: UInt64 = 0
            for part in [seconds, micros] {
                for byte in part {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                    value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
                }
            }
            return value
        }
    }

    /// A parent that lists replies: its `ts` and the replies it lists.
    private struct Listing {
        var parent: String
        var replies: [Key]
    }

    /// The ids read, packed; and those not of Slack's form, as text.
    private var seenPacked: Set<UInt64> = []
    private var seenTexts: Set<String> = []
    private var listings: [Listing] = []

    /// Notes a message read (one whose `ts` is a timestamp, so it is in the transcript).
    /// - Complexity: O(1), amortized.
    mutating func noteMessage(_ ts: String) {
        switch Key(ts) {
        case let .packed(value): seenPacked.insert(value)
        case let .text(text): seenTexts.insert(text)
        }
    }

    private func contains(_ key: Key) -> Bool {
        switch key {
        case let .packed(value): seenPacked.contains(value)
        case let .text(text): seenTexts.contains(text)
        }
    }

    /// Notes the replies a parent lists (`replies: [{user, ts}]`), read or not.
    /// - Complexity: O(listed replies).
    mutating func noteListing(parent: String, replies: [String]) {
        guard !replies.isEmpty else { return }
        listings.append(Listing(parent: parent, replies: replies.map(Key.init)))
    }

    /// For each parent, in the order noted, the replies it lists that no message read has as its
    /// id; parents whose replies were all read are left out.
    /// - Complexity: O(listed replies).
    func missingReplies() -> [(parent: String, missing: [String])] {
        listings.compactMap { listing in
            let missing = listing.replies.filter { !contains($0) }.map(\.text)
            return missing.isEmpty ? nil : (listing.parent, missing)
        }
    }
}
