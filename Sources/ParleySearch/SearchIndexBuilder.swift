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
/// - Complexity: memory O(postings), each about 1–3 bytes (``PostingList``); ``files(channelRanges:)`` O(postings + terms · log terms).
public struct SearchIndexBuilder: Sendable {
    /// A term in more documents than this gets its postings in chunk files.
    public static let chunkedTermDocuments = 4096
    /// The most documents a postings chunk holds.
    public static let chunkDocuments = 8192
    static let minimumShardBytes = 16 * 1024
    static let maximumShardBytes = 128 * 1024
    static let cutModulus: UInt64 = 64

    private var postings: [String: PostingList] = [:]

    public init() {}

    /// Adds `document` with its `terms` (repeats count: the term once more in the document).
    /// - Complexity: O(terms).
    public mutating func add(_ document: UInt32, terms: [String]) {
        for term in terms { postings[term, default: PostingList()].append(document) }
    }

    /// Adds `documents` (repeats count) to `term`'s postings, in any order.
    /// - Complexity: O(documents).
    mutating func add(_ documents: [UInt32], term: String) {
        postings[term, default: PostingList()].append(contentsOf: documents)
    }

    /// One file of the index: its path below `search/` and its bytes.
    public struct File: Sendable, Equatable {
        public var path: String
        public var bytes: [UInt8]
    }

    /// What the index's term side writes: the shards in term order with each one's first term
    /// (the first is `""`), and the postings chunks.
    public struct Files: Sendable {
        public var shards: [(first: String, file: File)] = []
        public var chunks: [File] = []
    }

    /// The shards and chunks of the terms added, chunks cut at the bounds of `channelRanges`.
    ///
    /// Each term's entry (its postings, or its chunks' list and files) does not depend on where
    /// the shards are cut, so the sorted terms are taken ``batchTerms`` at a time, their entries
    /// made on every core (``sliceTerms`` to a task: a frequent term's entry, whose postings are
    /// decoded, sorted and chunked, costs as much as thousands of rare ones, and small tasks
    /// spread them), or on this thread alone when `onEveryCore` is false; then the shards are cut
    /// over them in term order on this thread. The files are the same bytes either way, and at
    /// most one batch of entries is held besides the shard being filled.
    /// - Complexity: O(postings + terms · log terms).
    public func files(channelRanges: [Range<UInt32>], onEveryCore: Bool = true) -> Files {
        let bounds = channelRanges.map(\.lowerBound).sorted()
        var files = Files()
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
            files.shards.append((first, File(path: path, bytes: script.bytes)))
            body = SearchScript(capacity: Self.maximumShardBytes + 1024)
        }
        let terms = postings.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
        var batchStart = 0
        while batchStart < terms.count {
            let batch = batchStart..<min(terms.count, batchStart + Self.batchTerms)
            let slices = onEveryCore ? (batch.count + Self.sliceTerms - 1) / Self.sliceTerms : 1
            let sliceSize = (batch.count + slices - 1) / slices
            @Sendable func entries(_ slice: Int) -> [Entry] {
                let start = batch.lowerBound + slice * sliceSize
                guard start < batch.upperBound else { return [] }
                return terms[start..<min(batch.upperBound, start + sliceSize)].map { Self.entry($0.key, $0.value, bounds: bounds) }
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
                for file in entry.chunks where chunkPaths.insert(file.path).inserted { files.chunks.append(file) }
                let size = body.bytes.count
                if size > 0,
                    (size >= Self.minimumShardBytes && StableHasher.digest(of: entry.term) % Self.cutModulus == 0)
                        || size + entry.member.count > Self.maximumShardBytes
                {
                    closeShard()
                }
                if body.bytes.isEmpty { first = files.shards.isEmpty ? "" : entry.term }
                body.bytes.append(contentsOf: entry.member)
            }
            batchStart = batch.upperBound
        }
        closeShard()
        return files
    }

    /// Terms whose entries ``files(channelRanges:onEveryCore:)`` makes before it cuts shards over them.
    static let batchTerms = 4096
    /// Terms whose entries one task makes.
    static let sliceTerms = 64

    /// A term's entry in its shard, `,"TERM":…`, and the chunk files it names.
    private struct Entry {
        var term: String
        var member: [UInt8]
        var chunks: [File]
    }

    /// The entry of `term` with the postings `list`, chunks cut at `bounds`: its postings string,
    /// or, for a term in more than ``chunkedTermDocuments`` documents, its count and chunks.
    private static func entry(_ term: String, _ list: PostingList, bounds: [UInt32]) -> Entry {
        let documents = list.documents().sorted()
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
