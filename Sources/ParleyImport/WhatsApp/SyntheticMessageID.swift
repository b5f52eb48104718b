import ParleyModel

/// Stable message identifiers for formats that have none (WhatsApp text, SMS backups).
///
/// An id is `OOOO-HHHHHHHHHHHHHHHH`: `OOOO` is the message's ordinal among the messages with the
/// same timestamp (zero-padded, so ids sort in file order where the chat layout breaks timestamp
/// ties by id) and `H…` is the 64-bit FNV-1a hash (Fowler, Noll, Vo) of the timestamp, the
/// author, the text and the occurrence index of that (timestamp, author, text) triple. Neither part
/// depends on messages after this one, so a re-export of a longer chat keeps every earlier id and
/// permalink, and two exports of one chat merge without duplicates.
struct SyntheticMessageID {
    private struct Key: Hashable {
        var ordinal: Int
        var hash: UInt64
    }

    private var sameTimestamp: [Int64: Int] = [:]
    private var sameTriple: [UInt64: Int] = [:]
    private var used: [Key: Int] = [:]

    /// The id of the next message in file order.
    /// - Complexity: O(length of author and text).
    mutating func next(timestamp: Timestamp, author: String, text: String) -> MessageID {
        let ordinal = sameTimestamp[timestamp.milliseconds, default: 0]
        sameTimestamp[timestamp.milliseconds] = ordinal + 1
        var hash = FNV1a()
        hash.add(timestamp.milliseconds)
        hash.add(author)
        hash.add(text)
        let occurrence = sameTriple[hash.value, default: 0]
        sameTriple[hash.value] = occurrence + 1
        hash.add(Int64(occurrence))
        let key = Key(ordinal: ordinal, hash: hash.value)
        let clash = used[key, default: 0]
        used[key] = clash + 1
        let id = Self.pad(ordinal) + "-" + Self.hex(hash.value)
        return MessageID(clash == 0 ? id : id + "-\(clash + 1)")
    }

    static func pad(_ value: Int) -> String {
        let digits = String(value)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// 64-bit FNV-1a over UTF-8 bytes, each added string or decimal number followed by a 0x1F separator.
struct FNV1a {
    private var hasher = StableHasher()
    /// The hash of what was added so far.
    var value: UInt64 { hasher.digest }

    /// Adds the text's UTF-8 bytes and a unit separator (0x1F).
    mutating func add(_ text: String) {
        hasher.feed(bytes: text.utf8)
        hasher.feed(bytes: CollectionOfOne(0x1F))
    }

    /// Adds the number's decimal digits, as `add(String(number))` would.
    mutating func add(_ number: Int64) { add(String(number)) }
}
