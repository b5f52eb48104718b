/// A live channel's epoch: the name of one history of its versions.
///
/// Versions count a channel's events, so they only mean something within one history. When the
/// history a client saw may differ from the server's — the server started on a fresh database,
/// on a restored older copy, or (with several instances) versions went backwards — the server
/// takes a new epoch, and a client whose epoch differs is sent a `reset` instead of a replay
/// (`docs/PATCH-PROTOCOL.md`). `parley serve` on SQLite takes a new epoch for every channel at
/// every start and records it with the channel in its database: a restored copy of a database can
/// then never resume a client into a history it did not see. Servers sharing a PostgreSQL database
/// keep each channel's epoch there, so that they agree.
///
/// On the wire it is opaque text: the live page's `data-epoch`, each batch's `e`, the stream's
/// `?epoch=` parameter.
public struct ChannelEpoch: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// An epoch as written on the wire (any text; a client's is compared byte for byte).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A new epoch: 16 lowercase hexadecimal digits of 64 bits from the system's random source,
    /// so two epochs are equal with probability 2⁻⁶⁴.
    public static func random() -> ChannelEpoch {
        var generator = SystemRandomNumberGenerator()
        return ChannelEpoch(hexadecimal: generator.next())
    }

    /// The epoch whose text is `bits` as 16 lowercase hexadecimal digits (zero-padded).
    public init(hexadecimal bits: UInt64) {
        let digits = String(bits, radix: 16)
        rawValue = String(repeating: "0", count: 16 - digits.count) + digits
    }

    public var description: String { rawValue }
}
