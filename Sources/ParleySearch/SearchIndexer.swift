import Foundation

/// Builds an archive's search index (`docs/SEARCH-INDEX.md`) as its channels' messages stream past
/// in display order: each channel takes a range of document numbers (kept from the previous
/// archive's entry while the channel fits), each message a document; snippet chunks are handed
/// out as they fill, the term shards, postings chunks and the entry at the end.
///
/// Use: ``beginChannel(_:)``, then ``add(_:snippet:)`` for each of its messages in display order
/// (taking ``takeFiles()`` now and then), for every channel; then ``finish(previous:emit:)``.
/// - Complexity: memory O(channels' pages and days), one snippet chunk, and the terms' bounded
///   memory (``SearchIndexBuilder``).
public struct SearchIndexer: Sendable {
    /// How many documents a snippet chunk file holds (a channel's base is a multiple of it, its
    /// capacity at least as large). Chunks of 1,024 make a 1,000,000-message archive 977 snippet
    /// files, not 3,907 with 256: fewer files to create, copy and keep — creating a file costs
    /// ext4 up to 0.4 ms where many files were deleted in the last minutes, as when an archive is
    /// rendered again into a fresh folder — for about 120 KB loaded per chunk a result needs.
    public static let snippetChunk = 1024
    /// The largest entry file read back (a larger one is not used: ranges are assigned afresh).
    public static let entrySizeLimit = 64 << 20

    /// A channel as the entry lists it.
    public struct Channel: Sendable {
        public var id: String
        public var name: String
        /// Its folder below the archive root, `c/NAME/`.
        public var folder: String
        /// How many messages it has.
        public var count: Int
        /// Each page: the position of its first message and its file name.
        public var pages: [(position: Int, file: String)]
        /// Each day with messages (days since 1970-01-01 in the archive's zone) and the position of its first.
        public var days: [(day: Int64, position: Int)]

        public init(
            id: String, name: String, folder: String, count: Int, pages: [(position: Int, file: String)],
            days: [(day: Int64, position: Int)]
        ) {
            self.id = id
            self.name = name
            self.folder = folder
            self.count = count
            self.pages = pages
            self.days = days
        }
    }

    /// A message's snippet: its element id, its time as pages show it and its author's shown name.
    public struct Snippet: Sendable {
        public var anchor: String
        public var time: String
        public var author: String

        public init(anchor: String, time: String, author: String) {
            self.anchor = anchor
            self.time = time
            self.author = author
        }
    }

    private struct Range: Codable {
        var id: String
        var base: UInt32
        var capacity: UInt32
    }
    private struct PreviousEntry: Decodable {
        var version: Int
        var channels: [Range]
    }

    private var previous: [String: Range] = [:]
    private var nextBase: UInt64 = 0
    private var channels: [(channel: Channel, range: Range)] = []
    private var builder: SearchIndexBuilder
    private var position = 0
    /// The range of the channel being added to: nil before the first and after one that got none.
    private var current: Range?
    private var chunk: (index: UInt32, script: SearchScript)?
    private var files: [SearchIndexBuilder.File] = []
    private var documents = 0
    /// The pages added from the previous index: their first document there and here, and their size.
    private var keptRanges: [(previous: UInt32, first: UInt32, count: UInt32)] = []
    /// The snippet chunk of the previous index that ``keptPage(_:previous:read:)`` read last.
    private var lastSnippetChunk: PreviousSearchIndex.SnippetChunk?

    /// An indexer that keeps the channels' ranges of `previousEntry` (the text of the previous
    /// archive's `search/index.js`, if any; one that does not read is ignored). A range is kept
    /// only when its base and capacity are multiples of ``snippetChunk`` (an earlier Parley's
    /// chunks were 256 documents), so that no snippet chunk ever spans two channels: the second
    /// channel's chunk would be written over the first's.
    ///
    /// The index's terms are spilled past `spillBudget` estimated bytes (``SearchIndexBuilder``).
    public init(previousEntry: String?, spillBudget: Int = SearchIndexBuilder.defaultSpillBudget) {
        builder = SearchIndexBuilder(spillBudget: spillBudget)
        guard let text = previousEntry, let entry = Self.decode(text), entry.version == 1 else { return }
        let chunk = UInt32(Self.snippetChunk)
        for range in entry.channels
        where range.base % chunk == 0 && range.capacity % chunk == 0 && range.capacity > 0
            && UInt64(range.base) + UInt64(range.capacity) <= UInt64(UInt32.max)
        {
            previous[range.id] = range
            nextBase = max(nextBase, UInt64(range.base) + UInt64(range.capacity))
        }
    }

    private static func decode(_ text: String) -> PreviousEntry? {
        let prefix = "ParleySearch.entry(", suffix = ");\n"
        guard text.hasPrefix(prefix), text.hasSuffix(suffix) else { return nil }
        let json = text.dropFirst(prefix.count).dropLast(suffix.count)
        return try? JSONDecoder().decode(PreviousEntry.self, from: Data(json.utf8))
    }

    /// Starts `channel`: its messages follow, in display order.
    /// - Returns: false when the archive has no more document numbers for it (2^32 in all; its
    ///   messages are then not indexed).
    public mutating func beginChannel(_ channel: Channel) -> Bool {
        flushChunk()
        position = 0
        current = nil
        let count = UInt64(max(0, channel.count))
        if let kept = previous[channel.id], UInt64(kept.capacity) >= count {
            channels.append((channel, kept))
            current = kept
            return true
        }
        var capacity = UInt64(Self.snippetChunk)
        while capacity < 2 * count { capacity *= 2 }
        guard nextBase + capacity <= UInt64(UInt32.max) else { return false }
        let range = Range(id: channel.id, base: UInt32(nextBase), capacity: UInt32(capacity))
        nextBase += capacity
        channels.append((channel, range))
        current = range
        return true
    }

    /// Adds the current channel's next message; nothing when the channel got no range
    /// (``beginChannel(_:)`` returned false) or already holds as many messages as its range.
    public mutating func add(_ document: SearchDocument, snippet: Snippet) {
        guard let range = current, position < Int(range.capacity) else { return }
        let number = range.base + UInt32(position)
        position += 1
        documents += 1
        builder.add(number, terms: document.terms)
        appendSnippet(number) { script in
            for text in [snippet.anchor, snippet.time, snippet.author, document.text] {
                script.raw(UInt8(ascii: ","))
                script.string(text)
            }
            script.raw(UInt8(ascii: "]"))
        }
    }

    /// The documents of the current channel's page `file` in `previous`, the index of the archive
    /// being replaced, when it holds that page in the same folder and its snippets read; the caller
    /// vouches that the page shows exactly what it showed then. The last snippet chunk read is kept
    /// for the next call, whose page usually starts in it.
    public mutating func keptPage(
        _ file: String, previous: PreviousSearchIndex, read: (String) -> [UInt8]?
    ) -> PreviousSearchIndex.KeptPage? {
        guard current != nil, let channel = channels.last?.channel,
            let page = previous.page(channel: channel.id, folder: channel.folder, file: file)
        else { return nil }
        return previous.keptPage(page, read: read, last: &lastSnippetChunk)
    }

    /// Adds the current channel's next messages as the documents of a page kept unchanged
    /// (``keptPage(_:previous:read:)``): their snippets as they were, their terms taken from the
    /// previous index's postings by ``finish(previous:)``, renumbered to where they now are.
    /// Nothing when the channel got no range or the page does not fit in it.
    public mutating func add(_ kept: PreviousSearchIndex.KeptPage) {
        guard let range = current, position + kept.count <= Int(range.capacity), kept.count > 0 else { return }
        let first = range.base + UInt32(position)
        keptRanges.append((previous: kept.previousFirst, first: first, count: UInt32(kept.count)))
        for tail in kept.snippetTails {
            let number = range.base + UInt32(position)
            position += 1
            documents += 1
            appendSnippet(number) { $0.bytes.append(contentsOf: tail) }
        }
    }

    /// Appends document `number`'s entry to its snippet chunk (starting that chunk when it is not
    /// the one being filled): `[NUMBER` and what `rest` writes.
    private mutating func appendSnippet(_ number: UInt32, _ rest: (inout SearchScript) -> Void) {
        let index = number / UInt32(Self.snippetChunk)
        if chunk?.index != index {
            flushChunk()
            var script = SearchScript(capacity: 16 * 1024)
            script.raw("ParleySearch.snippets(")
            script.number(Int(index))
            script.raw(",[")
            chunk = (index, script)
        }
        guard var script = chunk?.script else { return }
        chunk = nil
        if script.bytes.last != UInt8(ascii: "[") { script.raw(UInt8(ascii: ",")) }
        script.raw(UInt8(ascii: "["))
        script.number(Int(number))
        rest(&script)
        chunk = (index, script)
    }

    private mutating func flushChunk() {
        guard let (index, chunkScript) = chunk else { return }
        var script = chunkScript
        chunk = nil
        script.raw("]);\n")
        files.append(.init(path: "s/\(index).js", bytes: script.bytes))
    }

    /// Adds the terms of the kept pages' documents: each posting of `previous` that falls in a kept
    /// page, renumbered by that page's move; the others belonged to pages read again.
    private mutating func addKeptTerms(_ previous: PreviousSearchIndex) {
        let ranges = keptRanges.sorted { $0.previous < $1.previous }
        for (term, list) in previous.postings {
            var moved: [UInt32] = []
            // How many ranges start at or below the document: a term's documents ascend, so it
            // only grows, and is searched for only when the document passes the next range's start
            // (afresh for a document below the last one: chunks out of order in a tampered index).
            var starting = 0
            for document in list.documents() {
                if starting > 0, document < ranges[starting - 1].previous { starting = 0 }
                if starting < ranges.count, ranges[starting].previous <= document {
                    var low = starting + 1, high = ranges.count
                    while low < high {
                        let middle = (low + high) / 2
                        if ranges[middle].previous <= document { low = middle + 1 } else { high = middle }
                    }
                    starting = low
                }
                guard starting > 0 else { continue }
                let range = ranges[starting - 1]
                let offset = document - range.previous
                if offset < range.count { moved.append(range.first + offset) }
            }
            if !moved.isEmpty { builder.add(moved, term: term) }
        }
    }

    /// The files ready to write so far (snippet chunks), handed over once.
    public mutating func takeFiles() -> [SearchIndexBuilder.File] {
        defer { files = [] }
        return files
    }

    /// Hands the remaining files to `emit` as they are made: the last snippet chunk, the term
    /// shards and postings chunks (``SearchIndexBuilder/files(channelRanges:onEveryCore:emit:)``)
    /// and `index.js`, the entry, last. The documents of kept pages (``add(_:)-(PreviousSearchIndex.KeptPage)``)
    /// get their terms from `previous`'s postings first.
    /// - Throws: ``SearchIndexError/spillFailed(path:reason:)`` when the index's terms could not be
    ///   spilled or read back.
    /// - Complexity: O(postings + terms · log terms), plus O(p log k) for p postings of `previous`
    ///   and k kept pages.
    public mutating func finish(previous: PreviousSearchIndex? = nil, emit: (SearchIndexBuilder.File) -> Void) throws(SearchIndexError) {
        flushChunk()
        for file in takeFiles() { emit(file) }
        if let previous, !keptRanges.isEmpty { addKeptTerms(previous) }
        let shards = try builder.files(channelRanges: channels.map { $0.range.base..<($0.range.base + $0.range.capacity) }, emit: emit)
        var entry = SearchScript(capacity: 4096)
        entry.raw("ParleySearch.entry({\"version\":1,\"documents\":")
        entry.number(documents)
        entry.raw(",\"channels\":")
        entry.list(channels) { script, item in
            let (channel, range) = item
            script.raw("{\"id\":")
            script.string(channel.id)
            script.raw(",\"name\":")
            script.string(channel.name)
            script.raw(",\"folder\":")
            script.string(channel.folder)
            script.raw(",\"base\":")
            script.number(Int(range.base))
            script.raw(",\"capacity\":")
            script.number(Int(range.capacity))
            script.raw(",\"count\":")
            script.number(channel.count)
            script.raw(",\"pages\":")
            script.list(channel.pages) { script, page in
                script.raw(UInt8(ascii: "["))
                script.number(page.position)
                script.raw(UInt8(ascii: ","))
                script.string(page.file)
                script.raw(UInt8(ascii: "]"))
            }
            script.raw(",\"days\":")
            script.string(SearchPostings.days(channel.days))
            script.raw(UInt8(ascii: "}"))
        }
        entry.raw(",\"shards\":")
        entry.list(shards) { script, shard in
            script.raw(UInt8(ascii: "["))
            script.string(shard.first)
            script.raw(UInt8(ascii: ","))
            script.string(shard.path)
            script.raw(UInt8(ascii: "]"))
        }
        entry.raw(",\"snippetChunk\":")
        entry.number(Self.snippetChunk)
        entry.raw("});\n")
        emit(.init(path: "index.js", bytes: entry.bytes))
    }
}
