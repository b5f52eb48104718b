import ParleyModel

/// Stable message identifiers for formats that have none (WhatsApp text, SMS backups).
///
/// An id is `OOOO-HHHHHHHHHHHHHHHH`: `OOOO` is the message's ordinal among the messages with the
/// same timestamp (zero-padded, so ids sort in file order where the chat layout breaks timestamp
/// ties by id) and `H…` is the 64-bit FNV-1a hash (Fowler, Noll, Vo) of the timestamp, the
/// author, the text and the occurrence index of that (timestamp, author, text) triple. Neither part
/// depends on messages after this one, so a re-export of a longer chat keeps every earlier id and
/// permalink, and two exports of one chat merge without duplicates. Messages of different
/// timestamps share an id only if their 64-bit hashes collide.
///
/// What it remembers is kept per timestamp. Given the timestamps that come again after a later
/// one (`revisited`, found by a first pass over the input), it forgets a timestamp's counts as
/// soon as a later timestamp arrives, unless that timestamp is revisited — so a chronological
/// export costs O(1) memory, an export with k out-of-order timestamps O(k). Without them it keeps
/// every timestamp's counts (O(distinct timestamps)).
struct SyntheticMessageID {
    /// The counts of one timestamp: messages so far, and occurrences of each (author, text)
    /// hash — the first message's inline, so a timestamp of one message allocates nothing.
    private struct Moment {
        var count = 0
        var first: UInt64 = 0
        var others: [UInt64: Int] = [:]

        /// Counts a message of hash `hash`; returns how many came before it.
        mutating func occurrence(of hash: UInt64) -> Int {
            defer { count += 1 }
            guard count > 0 else {
                first = hash
                return 0
            }
            let seen = (first == hash ? 1 : 0) + others[hash, default: 0]
            others[hash, default: 0] += 1
            return seen
        }
    }

    private var moments: [Int64: Moment] = [:]
    /// The latest timestamp so far.
    private var latest: Int64?
    /// The timestamps whose counts outlive a later timestamp; nil: every timestamp's do.
    private let revisited: Set<Int64>?

    /// Ids for messages whose timestamps, in file order, come again after a later one only when
    /// they are in `revisited`; nil when that is not known.
    init(revisited: Set<Int64>? = nil) { self.revisited = revisited }

    /// The id of the next message in file order.
    /// - Complexity: O(length of author and text).
    mutating func next(timestamp: Timestamp, author: String, text: String) -> MessageID {
        let time = timestamp.milliseconds
        if let latest, time > latest, let revisited, !revisited.contains(latest) { moments[latest] = nil }
        latest = max(latest ?? time, time)
        var moment = moments.removeValue(forKey: time) ?? Moment()
        let ordinal = moment.count
        var hash = FNV1a()
        hash.add(time)
        hash.add(author)
        hash.add(text)
        let occurrence = moment.occurrence(of: hash.value)
        hash.add(Int64(occurrence))
        moments[time] = moment
        return MessageID(Self.id(ordinal: ordinal, hash: hash.value))
    }

    /// `OOOO-HHHHHHHHHHHHHHHH`: `ordinal` in decimal, zero-padded to at least 4 digits, then `hash`
    /// as 16 lowercase hex digits, written straight into the string's storage (a million WhatsApp
    /// messages take a million ids).
    /// - Precondition: `ordinal` is not negative.
    static func id(ordinal: Int, hash: UInt64) -> String {
        var width = 4, rest = ordinal / 10_000
        while rest > 0 {
            width += 1
            rest /= 10
        }
        let count = width + 17
        return String(unsafeUninitializedCapacity: count) { buffer in
            var value = ordinal
            for position in (0..<width).reversed() {
                buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            buffer[width] = UInt8(ascii: "-")
            writeHex(hash, into: UnsafeMutableBufferPointer(rebasing: buffer[(width + 1)...]))
            return count
        }
    }

    /// `value` as 16 lowercase hex digits, zero-padded.
    static func hex(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            writeHex(value, into: buffer)
            return 16
        }
    }

    /// Writes `value` as 16 lowercase hex digits to the first 16 bytes of `buffer`.
    private static func writeHex(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        for nibble in 0..<16 {
            let digit = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * nibble)) & 0xF
            buffer[nibble] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") - 10 + digit
        }
    }
}

/// 64-bit FNV-1a over UTF-8 bytes, each added string or decimal number followed by a 0x1F separator.
struct FNV1a {
    private var hasher = StableHasher()
    /// The hash of what was added so far.
    var value: UInt64 { hasher.digest }

    /// Adds the text's UTF-8 bytes and a unit separator (0x1F).
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { hasher.feed(bytes: $0) }
        hasher.feed(bytes: CollectionOfOne(0x1F))
    }

    /// Adds the number's decimal digits, as `add(String(number))` would.
    mutating func add(_ number: Int64) { add(String(number)) }
}
