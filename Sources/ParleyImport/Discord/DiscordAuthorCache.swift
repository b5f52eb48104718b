import ParleyDigest
import ParleyJSON

/// The authors of a DiscordChatExporter export's recent messages, each by its whole `author`
/// object: every message repeats its author's object (id, names, colour, avatar URL), and a
/// channel's messages come from few people, so an object met before is known by its bytes instead
/// of being read member by member into new strings again.
///
/// An object is found by the XXH3 digest of its bytes and confirmed node for node and byte for byte
/// (``JSONTape/matches(_:at:)``): only the very same object gives the author read before, which
/// its reading would give again. The table holds at most ``capacity`` objects, each of at most
/// ``keptBytes`` bytes and ``keptNodes`` nodes (a larger one is read every time); it starts
/// afresh when full, so what it holds is bounded whatever the export holds: about 8 MiB for
/// objects made to be as large as it keeps, tens of kilobytes for real ones (about 300 bytes each).
struct DiscordAuthorCache {
    /// Each object's place in ``fragments`` and ``authors``, by its digest.
    private var places: [UInt64: Int] = [:]
    private var fragments: [JSONTape.Fragment] = []
    private var authors: [DiscordMessage.Author] = []
    /// The most objects held: 1,024 by default, more than the authors of nearly every channel.
    let capacity: Int

    /// The bytes of keys, strings and numbers of the largest object kept: a DiscordChatExporter
    /// author with a dozen roles.
    static let keptBytes = 2_048
    /// The nodes of the largest object kept.
    static let keptNodes = 128

    init(capacity: Int = 1_024) { self.capacity = capacity }

    /// The objects held.
    var count: Int { authors.count }

    /// The author `record` is: the one read from the same object before, or read now.
    /// - Throws: what ``DiscordMessage/Author/init(_:)`` throws for the object; an object that
    ///   cannot be read is not kept.
    /// - Complexity: O(the object's nodes and bytes).
    mutating func author(_ record: JSONRecord) throws(ImportError) -> DiscordMessage.Author {
        let tape = record.source.tape
        let span = tape.span(of: record.node)
        guard span.count <= Self.keptBytes, tape.nodes[record.node].end - record.node <= Self.keptNodes else {
            return try DiscordMessage.Author(record)
        }
        let key = tape.bytes.withUnsafeBytes { bytes in
            RecordDigest.digest(UnsafeRawBufferPointer(rebasing: bytes[span]), seed: UInt64(tape.nodes[record.node].end - record.node))
        }
        if let place = places[key], tape.matches(fragments[place], at: record.node) { return authors[place] }
        let author = try DiscordMessage.Author(record)
        if authors.count >= capacity {
            places.removeAll(keepingCapacity: true)
            fragments.removeAll(keepingCapacity: true)
            authors.removeAll(keepingCapacity: true)
        }
        places[key] = authors.count
        fragments.append(tape.fragment(of: record.node))
        authors.append(author)
        return author
    }
}
