import ParleyModel

/// Where a message sorts in its channel's display order, as a value a database can index: its
/// time (UTC milliseconds), then ``tiebreak`` of its id.
///
/// The tie-break text sorts by its UTF-8 bytes exactly as ``ChatLayout/precedes(_:_:)`` orders
/// ids (``Identifier``'s order): a decimal id (Discord snowflakes, Telegram ids) is written as its
/// digit count in five digits, `:`, then the digits, so shorter numbers come first; any other id is
/// itself. Two different ids never share a tie-break. (The two orders differ only between a decimal
/// and a non-decimal id sent in the same millisecond, where ``Identifier``'s order is not transitive.)
public struct MessageOrderKey: Hashable, Sendable, Comparable {
    /// When the message was sent, UTC milliseconds.
    public var timestamp: Int64
    /// ``tiebreak(_:)`` of the message's id.
    public var tiebreak: String

    /// The key of a message sent at `timestamp` with id `id`.
    public init(timestamp: Int64, id: MessageID) {
        self.timestamp = timestamp
        self.tiebreak = Self.tiebreak(id)
    }

    /// A key read back from a store (`tiebreak` as ``tiebreak(_:)`` wrote it).
    public init(timestamp: Int64, tiebreak: String) {
        self.timestamp = timestamp
        self.tiebreak = tiebreak
    }

    /// The key of `message`.
    public init(_ message: Message) { self.init(timestamp: message.timestamp.milliseconds, id: message.id) }

    /// The tie-break text of `id`.
    /// - Complexity: O(length of `id`).
    public static func tiebreak(_ id: MessageID) -> String {
        var raw = id.rawValue
        return raw.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.allSatisfy({ $0 &- 0x30 < 10 }) else { return id.rawValue }
            var width = 1
            var rest = bytes.count
            while rest >= 10 {
                rest /= 10
                width += 1
            }
            width = max(width, 5)
            return String(unsafeUninitializedCapacity: width + 1 + bytes.count) { buffer in
                var count = bytes.count
                for index in (0..<width).reversed() {
                    buffer[index] = UInt8(ascii: "0") + UInt8(count % 10)
                    count /= 10
                }
                buffer[width] = UInt8(ascii: ":")
                _ = UnsafeMutableBufferPointer(rebasing: buffer[(width + 1)...]).initialize(from: bytes)
                return width + 1 + bytes.count
            }
        }
    }

    /// Time first, then the tie-break's bytes (SQLite's `BINARY` collation).
    public static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.timestamp != rhs.timestamp { return lhs.timestamp < rhs.timestamp }
        return lhs.tiebreak.utf8.lexicographicallyPrecedes(rhs.tiebreak.utf8)
    }
}
