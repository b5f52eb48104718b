import Foundation

/// The search index of the archive a render replaces (`docs/SEARCH-INDEX.md`), read back so that
/// the documents of a page kept unchanged are taken from it instead of being read from the store
/// and tokenized again: its entry's channels and pages, every term's postings (from the term
/// shards and postings chunks) and, page by page, its snippets.
///
/// Reading it is only sound for a page whose every shown byte is unchanged (a page the archive
/// writer keeps by its digest, which covers the renderer's build, so the tokenizer and the
/// document rules are the ones that wrote the previous index): its documents have the same terms
/// and snippets, and only their numbers may move (``SearchIndexer/add(_:)``).
///
/// Every file is checked as it is read: the entry must decode, each shard and postings chunk must
/// have the digest its name says and postings that decode to its listed counts, and each snippet
/// chunk must read entry by entry; an index that does not pass is not used at all (nil), and a
/// page whose snippets do not read is read from the store instead.
/// - Complexity: memory O(postings), about 1–2 bytes each (``PostingList``).
public struct PreviousSearchIndex: Sendable {
    /// A page of the previous index: its first document number and how many it holds.
    struct Page: Sendable {
        var first: UInt32
        var count: Int
    }

    /// The documents of a page kept unchanged: their first number in the previous index, and each
    /// one's snippet entry after its number (`,ANCHOR,TIME,AUTHOR,TEXT]`, bytes as written).
    public struct KeptPage: Sendable {
        let previousFirst: UInt32
        let snippetTails: [ArraySlice<UInt8>]

        /// How many documents the page holds.
        public var count: Int { snippetTails.count }
    }

    private struct Entry: Decodable {
        struct Channel: Decodable {
            var id: String
            var folder: String
            var base: UInt32
            var capacity: UInt32
            var count: Int
            var pages: [Pair<Int>]
        }
        /// A list of two: `[POSITION,FILE]` of a page, `[FIRST,PATH]` of a shard.
        struct Pair<First: Decodable>: Decodable {
            var first: First
            var second: String
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(First.self)
                second = try container.decode(String.self)
            }
        }
        var version: Int
        var channels: [Channel]
        var shards: [Pair<String>]
        var snippetChunk: Int?
    }

    private enum Postings: Decodable {
        case list(String)
        case chunked([Chunk])
        struct Chunk: Decodable {
            var first: UInt32
            var last: UInt32
            var count: Int
            var path: String
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(UInt32.self)
                last = try container.decode(UInt32.self)
                count = try container.decode(Int.self)
                path = try container.decode(String.self)
            }
        }
        init(from decoder: any Decoder) throws {
            if let list = try? decoder.singleValueContainer().decode(String.self) {
                self = .list(list)
                return
            }
            var container = try decoder.unkeyedContainer()
            _ = try container.decode(Int.self)
            self = .chunked(try container.decode([Chunk].self))
        }
    }

    /// The pages of each channel, by channel id: its folder and its pages by file name.
    private let pages: [String: (folder: String, pages: [String: Page])]
    /// How many documents a snippet chunk of the previous index holds.
    private let snippetChunk: Int
    /// Every term's documents in the previous index, in ascending order (repeats included).
    let postings: [(term: String, documents: PostingList)]

    /// Reads the previous index whose entry is `entry` (the text of `search/index.js`), its other
    /// files through `read` (a path below `search/` → the file's bytes, nil when it cannot be read).
    /// - Returns: nil when a file cannot be read or does not hold what the entry and its name say.
    /// - Complexity: O(bytes of the entry, term shards and postings chunks).
    public init?(entry: String, read: (String) -> [UInt8]?) {
        let prefix = "ParleySearch.entry(", suffix = ");\n"
        guard entry.hasPrefix(prefix), entry.hasSuffix(suffix),
            let decoded = try? JSONDecoder().decode(Entry.self, from: Data(entry.dropFirst(prefix.count).dropLast(suffix.count).utf8)),
            decoded.version == 1, let chunk = decoded.snippetChunk, chunk > 0
        else { return nil }
        var pages: [String: (folder: String, pages: [String: Page])] = [:]
        for channel in decoded.channels {
            guard pages[channel.id] == nil, channel.count >= 0, UInt64(channel.base) + UInt64(channel.capacity) <= UInt64(UInt32.max),
                channel.count <= Int(channel.capacity)
            else { return nil }
            var byFile: [String: Page] = [:]
            for (offset, page) in channel.pages.enumerated() {
                let end = offset + 1 < channel.pages.count ? channel.pages[offset + 1].first : channel.count
                guard page.first >= 0, page.first <= end, end <= channel.count, byFile[page.second] == nil else { return nil }
                byFile[page.second] = Page(first: channel.base + UInt32(page.first), count: end - page.first)
            }
            pages[channel.id] = (channel.folder, byFile)
        }
        let ranges = decoded.channels.map { UInt64($0.base)..<(UInt64($0.base) + UInt64($0.capacity)) }.sorted {
            $0.lowerBound < $1.lowerBound
        }
        guard zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound }) else { return nil }
        var postings: [(term: String, documents: PostingList)] = []
        for shard in decoded.shards {
            guard let terms = Self.shard(shard.second, read: read) else { return nil }
            for (term, value) in terms {
                var list = PostingList()
                switch value {
                case let .list(text):
                    guard let documents = SearchPostings.documents(text, after: -1) else { return nil }
                    for document in documents { list.append(document) }
                case let .chunked(chunks):
                    for chunk in chunks {
                        guard let documents = Self.chunk(chunk, read: read) else { return nil }
                        for document in documents { list.append(document) }
                    }
                }
                postings.append((term, list))
            }
        }
        self.pages = pages
        self.snippetChunk = chunk
        self.postings = postings
    }

    /// The page `file` of the channel `channel` when the previous index holds it in `folder`.
    func page(channel: String, folder: String, file: String) -> Page? {
        guard let kept = pages[channel], kept.folder == folder else { return nil }
        return kept.pages[file]
    }

    /// A snippet chunk of the previous index as read (``snippetEntries(_:chunk:)``): its number and
    /// its entries. A page's documents usually end inside a chunk whose rest the next page starts
    /// with, so the caller keeps the last one read for the next page.
    public struct SnippetChunk: Sendable {
        let index: Int
        let entries: [(document: UInt32, tail: ArraySlice<UInt8>)]
    }

    /// The snippets of `page`'s documents, read from the previous index's snippet chunks through
    /// `read`, or from `last` when it is the chunk needed (then set to the last chunk read); nil
    /// when one is missing or a chunk does not read.
    /// - Complexity: O(bytes of the chunks that hold them, `last` excepted).
    func keptPage(_ page: Page, read: (String) -> [UInt8]?, last: inout SnippetChunk?) -> KeptPage? {
        guard page.count > 0 else { return KeptPage(previousFirst: page.first, snippetTails: []) }
        let end = UInt64(page.first) + UInt64(page.count)
        var tails: [ArraySlice<UInt8>] = []
        tails.reserveCapacity(page.count)
        var index = Int(page.first) / snippetChunk
        while UInt64(index * snippetChunk) < end {
            if last?.index != index {
                guard let bytes = read("s/\(index).js"), let entries = Self.snippetEntries(bytes, chunk: index) else { return nil }
                last = SnippetChunk(index: index, entries: entries)
            }
            for (document, tail) in last?.entries ?? [] where document >= page.first && UInt64(document) < end {
                guard UInt64(document) == UInt64(page.first) + UInt64(tails.count) else { return nil }
                tails.append(tail)
            }
            index += 1
        }
        return tails.count == page.count ? KeptPage(previousFirst: page.first, snippetTails: tails) : nil
    }

    /// A term shard's terms and postings, when its bytes are the call its name's digest says.
    private static func shard(_ path: String, read: (String) -> [UInt8]?) -> [String: Postings]? {
        guard path.hasPrefix("t/"), let bytes = read(path) else { return nil }
        var call = SearchScript(capacity: 64)
        call.raw("ParleySearch.shard(")
        call.string(path)
        call.raw(UInt8(ascii: ","))
        let suffix = Array(");\n".utf8)
        guard bytes.count > call.bytes.count + suffix.count, bytes.starts(with: call.bytes),
            bytes.suffix(suffix.count).elementsEqual(suffix)
        else { return nil }
        let content = Array(bytes[call.bytes.count..<(bytes.count - suffix.count)])
        guard path == "t/" + SearchIndexBuilder.digest(content) + ".js" else { return nil }
        return try? JSONDecoder().decode([String: Postings].self, from: Data(content))
    }

    /// A postings chunk's documents, when its file is the one its name's digest says and holds
    /// the documents `chunk` lists.
    private static func chunk(_ chunk: Postings.Chunk, read: (String) -> [UInt8]?) -> [UInt32]? {
        guard let bytes = read(chunk.path) else { return nil }
        var call = SearchScript(capacity: 64)
        call.raw("ParleySearch.postings(")
        call.string(chunk.path)
        call.raw(",\"")
        let suffix = Array("\");\n".utf8)
        guard bytes.count >= call.bytes.count + suffix.count, bytes.starts(with: call.bytes),
            bytes.suffix(suffix.count).elementsEqual(suffix)
        else { return nil }
        let postings = Array(bytes[call.bytes.count..<(bytes.count - suffix.count)])
        guard chunk.path == "p/" + SearchIndexBuilder.digest(Array("\(chunk.first):".utf8) + postings) + ".js",
            let documents = SearchPostings.documents(String(decoding: postings, as: UTF8.self), after: Int64(chunk.first) - 1),
            documents.first == chunk.first, documents.last == chunk.last,
            SearchIndexBuilder.distinctCount(documents) == chunk.count
        else { return nil }
        return documents
    }

    /// The entries of snippet chunk `chunk`'s bytes (`ParleySearch.snippets(N,[[DOCUMENT,…]…]);`):
    /// each document number and the entry's bytes after it, in order; nil when the bytes are not
    /// such a call (numbers ascending within the chunk, four JSON strings an entry, no control
    /// character in them).
    /// - Complexity: O(bytes), one pass.
    static func snippetEntries(_ bytes: [UInt8], chunk: Int) -> [(document: UInt32, tail: ArraySlice<UInt8>)]? {
        let head = Array("ParleySearch.snippets(\(chunk),[".utf8), end = Array("]);\n".utf8)
        guard bytes.count >= head.count + end.count, bytes.starts(with: head), bytes.suffix(end.count).elementsEqual(end) else {
            return nil
        }
        let spans = bytes.withUnsafeBufferPointer { entrySpans($0, from: head.count, to: bytes.count - end.count) }
        return spans?.map { ($0.document, bytes[$0.tail]) }
    }

    /// The entries `[DOCUMENT,"…","…","…","…"]`, separated by commas, that fill `bytes` from
    /// `start` to `limit`: each one's number and the range of its bytes after the number.
    private static func entrySpans(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int
    ) -> [(document: UInt32, tail: Range<Int>)]? {
        var entries: [(document: UInt32, tail: Range<Int>)] = []
        entries.reserveCapacity(SearchIndexer.snippetChunk)
        var index = start
        func expect(_ byte: UInt8) -> Bool {
            guard index < limit, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        while index < limit {
            if !entries.isEmpty, !expect(UInt8(ascii: ",")) { return nil }
            guard expect(UInt8(ascii: "[")) else { return nil }
            var number: UInt64 = 0
            let digits = index
            while index < limit, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), index - digits < 10 {
                number = number * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard index > digits, number <= UInt64(UInt32.max) else { return nil }
            let document = UInt32(number)
            if let last = entries.last, last.document >= document { return nil }
            let tail = index
            for _ in 0..<4 {
                guard expect(UInt8(ascii: ",")), expect(UInt8(ascii: "\"")), let end = stringEnd(bytes, from: index, to: limit) else {
                    return nil
                }
                index = end + 1
            }
            guard expect(UInt8(ascii: "]")) else { return nil }
            entries.append((document, tail..<index))
        }
        return entries
    }

    /// The index of the quote that ends the JSON string whose text begins at `start` in `bytes`
    /// (escapes passed over whole), or nil when `limit` or a control character comes first.
    private static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int) -> Int? {
        var index = start
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return index }
            guard byte >= 0x20 else { return nil }
            index += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return nil
    }
}
