import Foundation
import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleySearch

/// The index files of `docs/SEARCH-INDEX.md`: postings strings, term shards, postings chunks,
/// the document ranges of channels, the entry and the snippet chunks.
@Suite struct SearchIndexTests {
    static func text(_ file: SearchIndexBuilder.File) -> String { String(decoding: file.bytes, as: UTF8.self) }

    @Test func postingsStringsAreGapsInBase32() {
        var bytes: [UInt8] = []
        SearchPostings.append([0, 1, 1, 33, 1057], after: -1, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "BBA1A10A")
        #expect(SearchPostings.documents("BBA1A10A", after: -1) == [0, 1, 1, 33, 1057])
        #expect(SearchPostings.documents("BB1", after: -1) == nil)
        #expect(SearchPostings.documents("B?", after: -1) == nil)
        #expect(SearchPostings.documents(String(repeating: "v", count: 40) + "*", after: -1) == nil, "a gap past 2^64")
        #expect(SearchPostings.documents("400000A", after: -1) == [UInt32.max])
        #expect(SearchPostings.documents("400000B", after: -1) == nil, "past the last document")
        #expect(SearchPostings.documents("B", after: 4_294_967_295) == nil)
    }

    /// Every number's digits, over 20,000 seeded values of every width up to `UInt64.max`: base 32,
    /// most significant first, the last from the final digits, no leading zero digit.
    @Test func numbersAreBase32DigitsMostSignificantFirst() {
        var random = SeededRandom(seed: 0xB32)
        let values: [UInt64] = [0, 1, 31, 32, 1023, 1024, UInt64.max, UInt64.max >> 4, 1 << 60, (1 << 60) - 1]
        for index in 0..<20_000 {
            let value = index < values.count ? values[index] : random.next() >> (random.next() % 64)
            var bytes: [UInt8] = []
            SearchPostings.appendNumber(value, to: &bytes)
            var expected: [UInt8] = []
            var rest = value
            repeat {
                expected.insert((expected.isEmpty ? SearchPostings.final : SearchPostings.continuation)[Int(rest % 32)], at: 0)
                rest /= 32
            } while rest > 0
            #expect(bytes == expected, "\(value)")
        }
    }

    /// Days: the first zigzag-encoded (days before 1970 too), the rest as gaps.
    @Test func daysAreGaps() {
        #expect(SearchPostings.days([(19790, 0), (19830, 1)]) == "16k$A1IB")
        #expect(SearchPostings.days([(-3, 0), (-1, 5), (2, 9)]) == "FACFDE")
        #expect(SearchPostings.days([(0, 0)]) == "AA")
        #expect(SearchPostings.days([]) == "")
    }

    /// 3,000 seeded ascending lists (repeats included, gaps up to 2^32): written and read back equal.
    @Test func postingsRoundTrip() {
        var random = SeededRandom(seed: 0x9057)
        for _ in 0..<3_000 {
            var documents: [UInt32] = []
            var document: UInt64 = UInt64.random(in: 0..<1000, using: &random)
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                guard document <= UInt64(UInt32.max) else { break }
                documents.append(UInt32(document))
                let scale = [2, 64, 4096, 1 << 31][Int.random(in: 0..<4, using: &random)]
                document += UInt64.random(in: 0..<UInt64(scale), using: &random)
            }
            let previous = Int64(documents.first ?? 0) - 1
            var bytes: [UInt8] = []
            SearchPostings.append(documents, after: previous, to: &bytes)
            #expect(SearchPostings.documents(String(decoding: bytes, as: UTF8.self), after: previous) == documents)
        }
    }

    @Test func aSmallIndexIsOneShard() throws {
        var builder = SearchIndexBuilder()
        builder.add(0, terms: ["picnic", "sunday", "picnic"])
        builder.add(1, terms: ["sunday", "\"quoted\\"])
        builder.add(64, terms: ["from:maya", "東京"])
        let files = try builder.files(channelRanges: [0..<64, 64..<128])
        #expect(files.chunks.isEmpty)
        #expect(files.shards.map(\.first) == [""])
        let body = #"{"\"quoted\\":"C","from:maya":"2B","picnic":"BA","sunday":"BB","東京":"2B"}"#
        let path = "t/" + SearchIndexBuilder.digest(Array(body.utf8)) + ".js"
        #expect(files.shards[0].file.path == path)
        #expect(Self.text(files.shards[0].file) == "ParleySearch.shard(\"\(path)\",\(body));\n")
    }

    /// A term in more than 4,096 documents is chunked: never across a channel's range, at most
    /// 8,192 documents a chunk, a document's repeats in one chunk.
    @Test func frequentTermsAreChunked() throws {
        var builder = SearchIndexBuilder()
        for document in UInt32(0)..<5000 { builder.add(document, terms: ["hello"]) }
        for document in UInt32(16384)..<(16384 + 17000) {
            builder.add(document, terms: document == 24575 ? ["hello", "hello"] : ["hello"])
        }
        let files = try builder.files(channelRanges: [16384..<65536, 0..<16384])
        let shard = Self.text(try #require(files.shards.first).file)
        let chunks = files.chunks
        #expect(chunks.count == 4)
        let listed = chunks.map { $0.path.debugDescription }
        #expect(shard.contains(#""hello":[22000,[[0,4999,5000,"# + listed[0] + "]"))
        #expect(shard.contains(#"[16384,24575,8192,"# + listed[1] + "]"))
        #expect(shard.contains(#"[24576,32767,8192,"# + listed[2] + "]"))
        #expect(shard.contains(#"[32768,33383,616,"# + listed[3] + "]]]"))
        let second = Self.text(chunks[1])
        let prefix = "ParleySearch.postings(\(chunks[1].path.debugDescription),\""
        #expect(second.hasPrefix(prefix))
        let postings = String(second.dropFirst(prefix.count).dropLast(4))
        let documents = try #require(SearchPostings.documents(postings, after: 16383))
        #expect(documents.count == 8193)
        #expect(documents.first == 16384)
        #expect(documents.suffix(2) == [24575, 24575])
    }

    /// 20,000 seeded terms: shards stay within 128 KiB, are in term order, every term is in the
    /// shard the entry's first terms select, and a message with 5 new words changes at most the 5
    /// shards they fall in and the next (the cuts depend on the terms, not on positions).
    @Test func shardsAreCutByTheTerms() throws {
        var random = SeededRandom(seed: 0x5A4D)
        let letters = Array("abcdefghijklmnopqrstuvwxyzäöü東京")
        func word() -> String {
            String((0..<Int.random(in: 2...9, using: &random)).map { _ in letters[Int.random(in: 0..<letters.count, using: &random)] })
        }
        var builder = SearchIndexBuilder()
        var words: [String] = []
        for document in UInt32(0)..<20_000 {
            let term = word()
            words.append(term)
            builder.add(document, terms: [term, words[Int.random(in: 0..<words.count, using: &random)]])
        }
        let before = try builder.files(channelRanges: [0..<32768])
        #expect(before.shards.count > 4)
        #expect(before.shards.allSatisfy { $0.file.bytes.count <= SearchIndexBuilder.maximumShardBytes + 64 })
        let firsts = before.shards.map(\.first)
        #expect(firsts == firsts.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        for (index, shard) in before.shards.enumerated() {
            let text = Self.text(shard.file)
            let term = index == 0 ? try #require(words.min { $0.utf16.lexicographicallyPrecedes($1.utf16) }) : shard.first
            #expect(text.contains("{\(Self.quoted(term)):"), "shard \(index) starts with its first term")
        }
        builder.add(20_000, terms: (0..<5).map { _ in word() })
        let after = try builder.files(channelRanges: [0..<32768])
        let kept = Set(after.shards.map(\.file.path)).intersection(before.shards.map(\.file.path))
        #expect(kept.count >= before.shards.count - 10, "\(kept.count) of \(before.shards.count) shards kept")
    }

    /// The files do not depend on whether the terms' entries are made on every core: 30,000
    /// seeded terms (several batches), 4 of them in more than 4,096 documents across two
    /// channels' ranges, give the same shards and chunks, byte for byte, made on one thread and on
    /// every core (4 chunks of `every`, 2 of each of the others: one per channel range).
    @Test func filesAreTheSameOnEveryCore() throws {
        var random = SeededRandom(seed: 0xC0_4E5)
        var builder = SearchIndexBuilder()
        for document in UInt32(0)..<30_000 {
            let term = "w" + String(random.below(1 << 30), radix: 36)
            builder.add(document, terms: [term, ["alpha", "beta", "gamma"][random.below(3)], "every"])
        }
        let one = try builder.files(channelRanges: [0..<16384, 16384..<49152], onEveryCore: false)
        #expect(one.shards.count > 10)
        #expect(one.chunks.count == 10)
        let every = try builder.files(channelRanges: [0..<16384, 16384..<49152])
        #expect(every.shards.map(\.first) == one.shards.map(\.first))
        #expect(every.shards.map(\.file) == one.shards.map(\.file))
        #expect(every.chunks == one.chunks)
        let shard = try #require(one.shards.first { Self.text($0.file).contains(#""every":[30000,"#) })
        #expect(Self.text(shard.file).contains(#""every":[30000,[[0,8191,8192,"#))
    }

    static func quoted(_ term: String) -> String {
        var script = SearchScript()
        script.string(term)
        return String(decoding: script.bytes, as: UTF8.self)
    }

    static func channel(_ id: String, count: Int) -> SearchIndexer.Channel {
        .init(id: id, name: "#" + id, folder: "c/\(id)/", count: count, pages: [(0, "2021-01.html")], days: [(18628, 0)])
    }

    static func message(_ id: String, text: String, author: String = "Maya") -> Message {
        Message(
            id: MessageID(id), channel: ChannelID("c"),
            author: Author(id: AuthorID(author.lowercased()), name: author.lowercased(), displayName: author),
            timestamp: Timestamp(milliseconds: 0), content: Content(text: text))
    }

    /// Ranges: aligned to the snippet chunk (1,024), at least twice the count, kept from the previous entry while the
    /// channel fits, a new one after the highest in use when it does not.
    @Test func channelsKeepTheirRanges() throws {
        var first = SearchIndexer(previousEntry: nil)
        let began1 = first.beginChannel(Self.channel("a", count: 40))
        #expect(began1)
        for index in 0..<40 {
            first.add(
                SearchDocument(Self.message("a\(index)", text: "one")), snippet: .init(anchor: "m-a\(index)", time: "t", author: "Maya"))
        }
        let began2 = first.beginChannel(Self.channel("b", count: 100))
        #expect(began2)
        let files = try first.finish()
        let entry = try #require(files.last)
        #expect(entry.path == "index.js")
        let text = Self.text(entry)
        #expect(
            text.hasPrefix(
                ##"ParleySearch.entry({"version":1,"documents":40,"channels":[{"id":"a","name":"#a","folder":"c/a/","base":0,"capacity":1024,"count":40,"pages":[[0,"2021-01.html"]],"days":"14cIA"},{"id":"b","name":"#b","folder":"c/b/","base":1024,"capacity":1024,"count":100,"##
            ))
        var second = SearchIndexer(previousEntry: text)
        let began3 = second.beginChannel(Self.channel("b", count: 1100))
        #expect(began3)
        let began4 = second.beginChannel(Self.channel("a", count: 128))
        #expect(began4)
        let began5 = second.beginChannel(Self.channel("c", count: 1))
        #expect(began5)
        let again = Self.text(try #require(try second.finish().last))
        #expect(again.contains(##""id":"b","name":"#b","folder":"c/b/","base":2048,"capacity":4096,"##))
        #expect(again.contains(##""id":"a","name":"#a","folder":"c/a/","base":0,"capacity":1024,"##))
        #expect(again.contains(##""id":"c","name":"#c","folder":"c/c/","base":6144,"capacity":1024,"##))
        var unreadable = SearchIndexer(previousEntry: "ParleySearch.entry({);\n")
        let began6 = unreadable.beginChannel(Self.channel("x", count: 1))
        #expect(began6)
    }

    /// An entry of an earlier Parley, whose snippet chunks held 256 documents: a range whose
    /// capacity is not a multiple of 1,024 is not kept (it would share a chunk with the next
    /// channel's range, and that chunk's file would be written twice), one that is stays.
    @Test func rangesOfAnotherChunkSizeAreNotKept() throws {
        let earlier =
            #"ParleySearch.entry({"version":1,"channels":[{"id":"a","base":0,"capacity":256},{"id":"b","base":1024,"capacity":2048}]});"#
            + "\n"
        var indexer = SearchIndexer(previousEntry: earlier)
        for (id, count) in [("a", 3), ("b", 2), ("c", 1)] {
            let began = indexer.beginChannel(Self.channel(id, count: count))
            #expect(began)
            for index in 0..<count {
                indexer.add(
                    SearchDocument(Self.message("\(id)\(index)", text: "word")),
                    snippet: .init(anchor: "m-\(id)\(index)", time: "t", author: "Maya"))
            }
        }
        let files = try indexer.finish()
        let entry = Self.text(try #require(files.last))
        #expect(entry.contains(##"{"id":"a","name":"#a","folder":"c/a/","base":3072,"capacity":1024,"count":3,"##))
        #expect(entry.contains(##"{"id":"b","name":"#b","folder":"c/b/","base":1024,"capacity":2048,"count":2,"##))
        #expect(entry.contains(##"{"id":"c","name":"#c","folder":"c/c/","base":4096,"capacity":1024,"count":1,"##))
        #expect(files.map(\.path).filter { $0.hasPrefix("s/") } == ["s/3.js", "s/1.js", "s/4.js"])
    }

    /// When the document numbers run out (2^32), a channel gets no range and its messages are
    /// not indexed — never numbered into another channel's range; a channel never takes more
    /// documents than its range holds; a previous range past 2^32 is not kept (y).
    @Test func documentNumbersThatRunOutIndexNothing() throws {
        let full =
            #"ParleySearch.entry({"version":1,"channels":[{"id":"z","base":4294965248,"capacity":1024},{"id":"y","base":4294966272,"capacity":1024}]});"#
            + "\n"
        var indexer = SearchIndexer(previousEntry: full)
        let keptZ = indexer.beginChannel(Self.channel("z", count: 1024))
        #expect(keptZ)
        for index in 0..<1028 {
            indexer.add(
                SearchDocument(Self.message("z\(index)", text: "zed")), snippet: .init(anchor: "m-z\(index)", time: "t", author: "Maya"))
        }
        let newX = indexer.beginChannel(Self.channel("x", count: 1))
        #expect(!newX)
        indexer.add(SearchDocument(Self.message("x0", text: "ex")), snippet: .init(anchor: "m-x0", time: "t", author: "Maya"))
        let files = try indexer.finish()
        let entry = Self.text(try #require(files.last))
        #expect(
            entry.hasPrefix(
                ##"ParleySearch.entry({"version":1,"documents":1024,"channels":[{"id":"z","name":"#z","folder":"c/z/","base":4294965248,"capacity":1024,"count":1024,"##
            ))
        #expect(!entry.contains(#""id":"x""#))
        #expect(files.map(\.path).filter { $0.hasPrefix("s/") } == ["s/4194302.js"])
        #expect(files.allSatisfy { !Self.text($0).contains("ex") || $0.path == "index.js" })
    }

    @Test func snippetChunksHold1024Documents() throws {
        var indexer = SearchIndexer(previousEntry: nil)
        let began7 = indexer.beginChannel(Self.channel("a", count: 1025))
        #expect(began7)
        for index in 0..<1025 {
            let text = index == 1024 ? "line one\nsays \"hi\" \\ \u{1}" : "m\(index)"
            indexer.add(
                SearchDocument(Self.message("\(index)", text: text)),
                snippet: .init(anchor: "m-\(index)", time: "2021-01-01 10:0\(index % 10)", author: "Maya"))
        }
        let early = indexer.takeFiles()
        #expect(early.map(\.path) == ["s/0.js"])
        #expect(
            Self.text(early[0]).hasPrefix(
                #"ParleySearch.snippets(0,[[0,"m-0","2021-01-01 10:00","Maya","m0"],[1,"m-1","2021-01-01 10:01","Maya","m1"],"#))
        let rest = try indexer.finish()
        #expect(rest[0].path == "s/1.js")
        #expect(
            Self.text(rest[0])
                == #"ParleySearch.snippets(1,[[1024,"m-1024","2021-01-01 10:04","Maya","line one\nsays \"hi\" \\ \u0001"]]);"#
                + "\n")
    }

    @Test func documentsHoldTheirWordsAuthorsAndKinds() {
        var message = Self.message("1", text: "See https://example.org/Ünïcode — <b>bold</b>", author: "Dr Strange")
        message.author.name = "strange42"
        message.attachments = [
            Attachment(id: "a", url: "x/photo.JPG", fileName: "photo.JPG", description: "Beach at dusk"),
            Attachment(id: "b", url: "x/notes.pdf", fileName: "notes.pdf"),
        ]
        message.reactions = [Reaction(emoji: "👍", count: 2)]
        let document = SearchDocument(message)
        #expect(
            document.terms == [
                "see", "https", "example", "org", "unicode", "b", "bold", "b", "photo", "jpg", "beach", "at", "dusk", "notes", "pdf",
                "from:dr", "from:strange", "from:strange42", "has:image", "has:file", "has:link", "has:reaction",
            ])
        #expect(document.text == "See https://example.org/Ünïcode — <b>bold</b>\nphoto.JPG\nBeach at dusk\nnotes.pdf")
        message.content = Content(text: "<p>hello <em>there</em></p>", flavor: .html)
        #expect(SearchDocument(message).text.hasPrefix(" hello  there  \n"))
        message.content = Content(text: String(repeating: "é", count: 1500))
        #expect(SearchDocument(message).text.count == 1000)
    }
}
