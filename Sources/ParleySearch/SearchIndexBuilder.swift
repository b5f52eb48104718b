import Dispatch
import Foundation
import ParleyModel
import Synchronization

/// The term side of the search index: every term's postings, gathered document by document, then
/// written as term shards cut over the sorted terms, with a frequent term's postings in chunk files
/// (`docs/SEARCH-INDEX.md`).
///
/// Shards are cut where a term's FNV-1a hash is 0 modulo ``cutModulus`` once a shard holds
/// ``minimumShardBytes``, or before it would pass ``maximumShardBytes``: the boundaries depend on
/// the terms themselves (content-defined, as rsync and backup tools cut files), so adding messages
/// moves few of them and most shards keep their bytes and names.
/// The terms are held in memory until their estimated size passes ``spillBudget``; then they are
/// written, sorted, as a run of a temporary file (``SearchSpill``) and memory starts afresh, so an
/// archive of any size is indexed in bounded memory (an archive's distinct terms grow with its
/// messages: numbers, names, links). ``files(channelRanges:onEveryCore:emit:)`` merges the runs and
/// what is held in term order, a batch of terms at a time, and hands each file out as it is made.
/// The files are the same bytes whether and wherever terms were spilled.
/// - Complexity: memory O(``spillBudget`` + one batch of entries + one shard); ``files(channelRanges:onEveryCore:emit:)``
///   O(postings + terms · log terms).
public struct SearchIndexBuilder: Sendable {
    /// The estimated bytes of held terms past which they are spilled, by default: the index's terms
    /// take a few megabytes at most whatever the archive's size.
    public static let defaultSpillBudget = 4 << 20
    /// The estimate of a held term's bytes besides its postings: its entry and slots in the term table, a string's
    /// heap storage past 15 bytes, a postings array's header (measured as about 40–90 bytes).
    static let bytesPerTerm = 64
    /// The estimate of a posting's bytes (``PostingList``: one or two for most).
    static let bytesPerPosting = 2
    /// A term in more documents than this gets its postings in chunk files.
    public static let chunkedTermDocuments = 4096
    /// The most documents a postings chunk holds.
    public static let chunkDocuments = 8192
    static let minimumShardBytes = 16 * 1024
    static let maximumShardBytes = 128 * 1024
    static let cutModulus: UInt64 = 64

    private var postings = TermTable()
    /// The postings added to ``postings`` since it was last spilled.
    private var postingCount = 0
    /// The estimated bytes of held terms past which they are spilled.
    public let spillBudget: Int
    private let spillFolder: String?
    private var spill: SearchSpill?
    /// Why a spill failed: reported by ``files(channelRanges:onEveryCore:emit:)`` (the terms stay held).
    private var spillFailure: SearchIndexError?

    /// A builder that spills its terms past `spillBudget` estimated bytes to a temporary file in
    /// `spillFolder` (nil: `TMPDIR`, or `/tmp`).
    public init(spillBudget: Int = Self.defaultSpillBudget, spillFolder: String? = nil) {
        self.spillBudget = spillBudget
        self.spillFolder = spillFolder
    }

    /// Runs of terms spilled so far.
    public var spilledRuns: Int { spill?.runs.count ?? 0 }

    /// Adds `document` with its `terms` (repeats count: the term once more in the document).
    /// - Complexity: O(terms), and O(held terms · log held terms) when they are spilled.
    public mutating func add(_ document: UInt32, terms: [String]) {
        for term in terms { postings.append(document, to: term) }
        postingCount += terms.count
        spillIfOverBudget()
    }

    /// Adds `documents` (repeats count) to `term`'s postings, in any order.
    /// - Complexity: O(documents), and O(held terms · log held terms) when they are spilled.
    mutating func add(_ documents: [UInt32], term: String) {
        postings.append(contentsOf: documents, to: term)
        postingCount += documents.count
        spillIfOverBudget()
    }

    /// The order of terms in shards and runs: by UTF-16 code units, as `search.js` compares them.
    ///
    /// Read from the UTF-8 bytes: UTF-8's byte order is the order of scalars, which is UTF-16's
    /// except that a scalar past U+FFFF (a surrogate pair, D800–DBFF first) comes before one of
    /// U+E000–U+FFFF in UTF-16 and after it in UTF-8. So at the first byte that differs — a lead
    /// byte, since the strings agree before it — a 4-byte lead (F0–F4) against a lead of
    /// U+E000–U+FFFF (EE or EF) is ordered the other way; any other byte decides as it is.
    /// - Complexity: O(length of the common prefix).
    static func precedes(_ left: String, _ right: String) -> Bool {
        let ordered = left.utf8.withContiguousStorageIfAvailable { left in
            right.utf8.withContiguousStorageIfAvailable { right in
                let common = min(left.count, right.count)
                var index = 0
                while index < common, left[index] == right[index] { index += 1 }
                guard index < common else { return left.count < right.count }
                let (a, b) = (left[index], right[index])
                if a >= 0xF0, (0xEE...0xEF).contains(b) { return true }
                if b >= 0xF0, (0xEE...0xEF).contains(a) { return false }
                return a < b
            }
        }
        return (ordered ?? nil) ?? left.utf16.lexicographicallyPrecedes(right.utf16)
    }

    /// Writes the held terms as a run of the spill file and holds none, once their estimated bytes
    /// pass ``spillBudget``. A spill that fails keeps them held and is reported at the end.
    private mutating func spillIfOverBudget() {
        guard spillFailure == nil, postings.count * Self.bytesPerTerm + postingCount * Self.bytesPerPosting > spillBudget else { return }
        do throws(SearchIndexError) {
            let file: SearchSpill
            if let spill {
                file = spill
            } else if let spillFolder {
                file = try SearchSpill(folder: spillFolder)
            } else {
                file = try SearchSpill()
            }
            spill = file
            try file.append(run: postings.sorted(by: Self.precedes))
            postings = TermTable()
            postingCount = 0
        } catch {
            spillFailure = error
        }
    }

    /// One file of the index: its path below `search/` and its bytes.
    public struct File: Sendable, Equatable {
        public var path: String
        public var bytes: [UInt8]
    }

    /// Makes the shards and chunks of the terms added, chunks cut at the bounds of `channelRanges`,
    /// and hands each to `emit` as it is made: a postings chunk when its term's entry is made, a
    /// shard when it is full.
    ///
    /// The terms come in term order from the spilled runs and those held, merged (a term in
    /// several has their postings together), ``batchTerms`` at a time. Each term's entry (its
    /// postings, or its chunks' list and files) does not depend on where the shards are cut, so a
    /// batch's entries are made on every core (``sliceTerms`` to a task: a frequent term's entry,
    /// whose postings are decoded, sorted and chunked, costs as much as thousands of rare ones,
    /// and small tasks spread them), or on this thread alone when `onEveryCore` is false; then the
    /// shards are cut over them in term order on this thread. The files are the same bytes either
    /// way, and at most one batch of entries is held besides the shard being filled.
    /// - Returns: the shards in term order, each with its first term (the first is `""`) and path.
    /// - Throws: ``SearchIndexError/spillFailed(path:reason:)`` when terms could not be spilled or
    ///   read back.
    /// - Complexity: O(postings + terms · log terms).
    public func files(
        channelRanges: [Range<UInt32>], onEveryCore: Bool = true, emit: (File) -> Void
    ) throws(SearchIndexError) -> [(first: String, path: String)] {
        if let spillFailure { throw spillFailure }
        let bounds = channelRanges.map(\.lowerBound).sorted()
        var shards: [(first: String, path: String)] = []
        var chunkPaths: Set<String> = []
        var body = SearchScript(capacity: Self.maximumShardBytes + 1024)
        var first = ""
        func closeShard() {
            guard !body.bytes.isEmpty else { return }
            var content = SearchScript(capacity: body.bytes.count + 2)
            content.raw(UInt8(ascii: "{"))
            content.bytes.append(contentsOf: body.bytes.dropFirst())
            content.raw(UInt8(ascii: "}"))
            let path = "t/" + Self.digest(content.bytes) + ".js"
            var script = SearchScript(capacity: content.bytes.count + 64)
            script.raw("ParleySearch.shard(")
            script.string(path)
            script.raw(UInt8(ascii: ","))
            script.bytes.append(contentsOf: content.bytes)
            script.raw(");\n")
            shards.append((first, path))
            emit(File(path: path, bytes: script.bytes))
            body = SearchScript(capacity: Self.maximumShardBytes + 1024)
        }
        var terms = try MergedTerms(held: postings, spill: spill)
        while true {
            let batch = try terms.next(Self.batchTerms, bytes: Self.batchBytes)
            if batch.isEmpty { break }
            let slices = onEveryCore ? (batch.count + Self.sliceTerms - 1) / Self.sliceTerms : 1
            let sliceSize = (batch.count + slices - 1) / slices
            @Sendable func entries(_ slice: Int) -> [Entry] {
                let start = slice * sliceSize
                guard start < batch.count else { return [] }
                return batch[start..<min(batch.count, start + sliceSize)].map { item in
                    Self.entry(
                        item.term, item.lists.count == 1 ? item.lists[0].documents() : item.lists.flatMap { $0.documents() }, bounds: bounds
                    )
                }
            }
            let made: [[Entry]]
            if slices == 1 {
                made = [entries(0)]
            } else {
                let shared = Mutex([[Entry]](repeating: [], count: slices))
                DispatchQueue.concurrentPerform(iterations: slices) { slice in
                    let sliceEntries = entries(slice)
                    shared.withLock { $0[slice] = sliceEntries }
                }
                made = shared.withLock { $0 }
            }
            for entry in made.joined() {
                for file in entry.chunks where chunkPaths.insert(file.path).inserted { emit(file) }
                let size = body.bytes.count
                if size > 0,
                    (size >= Self.minimumShardBytes && StableHasher.digest(of: entry.term) % Self.cutModulus == 0)
                        || size + entry.member.count > Self.maximumShardBytes
                {
                    closeShard()
                }
                if body.bytes.isEmpty { first = shards.isEmpty ? "" : entry.term }
                body.bytes.append(contentsOf: entry.member)
            }
        }
        closeShard()
        return shards
    }

    /// The terms of the spilled runs and of those held, merged in term order.
    private struct MergedTerms {
        /// The held terms, sorted; and the next one's index.
        private let held: [(key: String, value: PostingList)]
        private var heldIndex = 0
        /// Each run's reader and its next term (nil once read through).
        private var runs: [(reader: SearchSpill.Reader, head: (term: String, list: PostingList)?)] = []

        init(held: TermTable, spill: SearchSpill?) throws(SearchIndexError) {
            self.held = held.sorted(by: SearchIndexBuilder.precedes)
            for index in 0..<(spill?.runs.count ?? 0) {
                var reader = spill!.reader(of: index)
                let head = try reader.read()
                runs.append((reader, head))
            }
        }

        /// Up to `count` next terms, each with its postings from every run that has it and from
        /// those held; fewer once their postings take `bytes` (at least one term).
        mutating func next(_ count: Int, bytes: Int) throws(SearchIndexError) -> [(term: String, lists: [PostingList])] {
            var batch: [(term: String, lists: [PostingList])] = []
            var batchBytes = 0
            while batch.count < count, batchBytes < bytes {
                var least: String?
                if heldIndex < held.count { least = held[heldIndex].key }
                for index in runs.indices {
                    guard let term = runs[index].head?.term else { continue }
                    if least.map({ SearchIndexBuilder.precedes(term, $0) }) ?? true { least = term }
                }
                guard let term = least else { break }
                var lists: [PostingList] = []
                for index in runs.indices where runs[index].head?.term == term {
                    lists.append(runs[index].head!.list)
                    runs[index].head = try runs[index].reader.read()
                }
                if heldIndex < held.count, held[heldIndex].key == term {
                    lists.append(held[heldIndex].value)
                    heldIndex += 1
                }
                batchBytes += lists.reduce(0) { $0 + $1.byteCount }
                batch.append((term, lists))
            }
            return batch
        }
    }

    /// Terms whose entries ``files(channelRanges:onEveryCore:emit:)`` makes before it cuts shards over them.
    static let batchTerms = 4096
    /// The postings bytes (``PostingList``) past which a batch takes no more terms: a batch's
    /// entries and their chunk files are held until its shards are cut, and a frequent term's
    /// postings grow with the archive.
    static let batchBytes = 1 << 20
    /// Terms whose entries one task makes.
    static let sliceTerms = 64

    /// A term's entry in its shard, `,"TERM":…`, and the chunk files it names.
    private struct Entry {
        var term: String
        var member: [UInt8]
        var chunks: [File]
    }

    /// The entry of `term` in `documents` (in any order), chunks cut at `bounds`: its postings
    /// string, or, for a term in more than ``chunkedTermDocuments`` documents, its count and chunks.
    private static func entry(_ term: String, _ documents: [UInt32], bounds: [UInt32]) -> Entry {
        let documents = documents.sorted()
        var member = SearchScript(capacity: 256)
        var chunkFiles: [File] = []
        member.raw(UInt8(ascii: ","))
        member.string(term)
        member.raw(UInt8(ascii: ":"))
        let distinct = distinctCount(documents)
        if distinct > chunkedTermDocuments {
            member.raw(UInt8(ascii: "["))
            member.number(distinct)
            member.raw(UInt8(ascii: ","))
            member.list(chunks(documents, bounds: bounds)) { script, chunk in
                let file = chunkFile(chunk)
                chunkFiles.append(file)
                script.raw(UInt8(ascii: "["))
                script.number(Int64(chunk.first!))
                script.raw(UInt8(ascii: ","))
                script.number(Int64(chunk.last!))
                script.raw(UInt8(ascii: ","))
                script.number(distinctCount(chunk))
                script.raw(UInt8(ascii: ","))
                script.string(file.path)
                script.raw(UInt8(ascii: "]"))
            }
            member.raw(UInt8(ascii: "]"))
        } else {
            member.raw(UInt8(ascii: "\""))
            SearchPostings.append(documents, after: -1, to: &member.bytes)
            member.raw(UInt8(ascii: "\""))
        }
        return Entry(term: term, member: member.bytes, chunks: chunkFiles)
    }

    /// The number of different documents in ascending `documents`.
    static func distinctCount(_ documents: some Collection<UInt32>) -> Int {
        var count = 0
        var last: UInt32?
        for document in documents where document != last {
            count += 1
            last = document
        }
        return count
    }

    /// `documents` cut before each of `bounds` and after every ``chunkDocuments`` distinct
    /// documents (a document's repeats stay in its chunk).
    static func chunks(_ documents: [UInt32], bounds: [UInt32]) -> [ArraySlice<UInt32>] {
        var chunks: [ArraySlice<UInt32>] = []
        var start = 0
        var distinct = 0
        var boundIndex = 0
        for index in documents.indices {
            let document = documents[index]
            let isRepeat = index > start && documents[index - 1] == document
            if isRepeat { continue }
            var crossesBound = false
            while boundIndex < bounds.count, bounds[boundIndex] <= document {
                crossesBound = crossesBound || index > start
                boundIndex += 1
            }
            if index > start, crossesBound || distinct == chunkDocuments {
                chunks.append(documents[start..<index])
                start = index
                distinct = 0
            }
            distinct += 1
        }
        if start < documents.count { chunks.append(documents[start...]) }
        return chunks
    }

    static func chunkFile(_ chunk: ArraySlice<UInt32>) -> File {
        var postings: [UInt8] = []
        SearchPostings.append(chunk, after: Int64(chunk.first!) - 1, to: &postings)
        let path = "p/" + digest(Array("\(chunk.first!):".utf8) + postings) + ".js"
        var script = SearchScript(capacity: postings.count + 48)
        script.raw("ParleySearch.postings(")
        script.string(path)
        script.raw(",\"")
        script.bytes.append(contentsOf: postings)
        script.raw("\");\n")
        return File(path: path, bytes: script.bytes)
    }

    /// 16 lowercase hex digits of the FNV-1a digest of `bytes`.
    static func digest(_ bytes: [UInt8]) -> String {
        var hasher = StableHasher()
        hasher.feed(bytes: bytes)
        let hex = String(hasher.digest, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
