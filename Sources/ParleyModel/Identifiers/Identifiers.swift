/// A typed identifier: the text a source format uses to name a message, channel or author.
///
/// The tag keeps identifiers of different things apart at compile time. Ordering is the
/// tie-break order of the chat layout: decimal strings (Discord snowflakes, Telegram ids)
/// compare as numbers, others by their UTF-8 bytes.
public struct Identifier<Tag>: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        let left = lhs.rawValue.utf8, right = rhs.rawValue.utf8
        if left.count != right.count, isDecimal(left), isDecimal(right) { return left.count < right.count }
        return left.lexicographicallyPrecedes(right)
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private static func isDecimal(_ bytes: String.UTF8View) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}

public enum MessageTag {}
public enum ChannelTag {}
public enum AuthorTag {}

/// A message's identifier, unique within a channel's transcript.
public typealias MessageID = Identifier<MessageTag>
/// A channel's identifier, unique within a transcript.
public typealias ChannelID = Identifier<ChannelTag>
/// An author's identifier, unique within a transcript.
public typealias AuthorID = Identifier<AuthorTag>
