import Foundation
import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleySearch

/// The documents of pages kept unchanged, taken from the previous index (``PreviousSearchIndex``):
/// the index built that way is byte for byte the one built by reading every page again, and a
/// previous index that does not read is not used.
@Suite struct PreviousSearchIndexTests {
    /// A page of a channel in the model: its file name and its messages (id, text, author).
    struct Page {
        var file: String
        var messages: [(id: String, text: String, author: String)]
    }

    struct Channel {
        var id: String
        var pages: [Page]
        var count: Int { pages.reduce(0) { $0 + $1.messages.count } }
    }

    static let words = [
        "picnic", "sunday", "merge", "release", "coffee", "東京", "🎉", "naïve", "Straße", "déjà", "vu", "quote\"d", "back\\slash",
        "line\nbreak", "tab\there", "ok", "lunch", "deploy", "ticket", "backlog",
    ]
    static let authors = ["Maya", "Kemi", "Uma", "Zoë"]

    static func message(_ random: inout SeededRandom, id: String) -> (id: String, text: String, author: String) {
        let count = Int.random(in: 0...8, using: &random)
        var words: [String] = []
        for _ in 0..<count {
            words.append(
                Int.random(in: 0..<10, using: &random) == 0
                    ? "w\(Int.random(in: 0..<100_000, using: &random))" : Self.words.randomElement(using: &random)!)
        }
        return (id, words.joined(separator: " "), authors.randomElement(using: &random)!)
    }

    static func indexed(_ message: (id: String, text: String, author: String)) -> (SearchDocument, SearchIndexer.Snippet) {
        let author = Author(id: AuthorID(message.author.lowercased()), name: message.author.lowercased(), displayName: message.author)
        let document = SearchDocument(
            Message(
                id: MessageID(message.id), channel: ChannelID("c"), author: author, timestamp: Timestamp(milliseconds: 0),
                content: Content(text: message.text)))
        return (document, .init(anchor: "m-" + message.id, time: "2021-01-01 10:00", author: message.author))
    }

    static func entry(_ channel: Channel) -> SearchIndexer.Channel {
        var pages: [(position: Int, file: String)] = []
        var position = 0
        for page in channel.pages {
            pages.append((position, page.file))
            position += page.messages.count
        }
        return .init(id: channel.id, name: "#" + channel.id, folder: "c/\(channel.id)/", count: position, pages: pages, days: [(0, 0)])
    }

    /// Every file of an index built from `channels`, reading every page (`kept` nil) or taking the
    /// pages named in `kept` from `previous`.
    static func build(
        _ channels: [Channel], previousEntry: String?, previous: PreviousSearchIndex? = nil, kept: Set<String> = [],
        read: (String) -> [UInt8]? = { _ in nil }
    ) throws -> (files: [String: [UInt8]], keptDocuments: Int) {
        var indexer = SearchIndexer(previousEntry: previousEntry)
        var files: [String: [UInt8]] = [:]
        var keptDocuments = 0
        for channel in channels {
            guard indexer.beginChannel(entry(channel)) else { continue }
            for page in channel.pages {
                if kept.contains(channel.id + "/" + page.file), let previous,
                    let documents = indexer.keptPage(page.file, previous: previous, read: read)
                {
                    #expect(documents.count == page.messages.count)
                    keptDocuments += documents.count
                    indexer.add(documents)
                } else {
                    for message in page.messages {
                        let (document, snippet) = indexed(message)
                        indexer.add(document, snippet: snippet)
                    }
                }
                for file in indexer.takeFiles() { files[file.path] = file.bytes }
            }
        }
        for file in try indexer.finish(previous: previous) { files[file.path] = file.bytes }
        return (files, keptDocuments)
    }

    /// 300 seeded archives and updates of them — pages kept, changed, added before, between and
    /// after them, channels that outgrow their range, added, dropped or reordered, frequent terms:
    /// the index built with the kept pages' documents taken from the previous index equals, file
    /// by file, the one built by reading every page; every kept page's documents are taken.
    @Test func keptPagesGiveTheIndexOfAFreshRead() throws {
        var random = SeededRandom(seed: 0x5EA7C4)
        var taken = 0
        for _ in 0..<120 {
            var serial = 0
            func page(_ size: Int) -> Page {
                serial += 1
                let file = "p\(serial).html"
                return Page(file: file, messages: (0..<size).map { index in Self.message(&random, id: "\(serial)-\(index)") })
            }
            var before: [Channel] = []
            for id in ["a", "b", "c"].prefix(Int.random(in: 1...3, using: &random)) {
                before.append(
                    Channel(
                        id: id,
                        pages: (0..<Int.random(in: 1...5, using: &random)).map { _ in page(Int.random(in: 1...150, using: &random)) }))
            }
            let first = try Self.build(before, previousEntry: nil)
            let entry = String(decoding: try #require(first.files["index.js"]), as: UTF8.self)
            var after: [Channel] = []
            var kept: Set<String> = []
            for channel in before where Int.random(in: 0..<8, using: &random) > 0 {
                var pages: [Page] = []
                for old in channel.pages {
                    if Int.random(in: 0..<4, using: &random) == 0 { pages.append(page(Int.random(in: 1...150, using: &random))) }
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0:
                        var changed = old
                        changed.messages[Int.random(in: 0..<old.messages.count, using: &random)].text += " edited"
                        pages.append(changed)
                    default:
                        pages.append(old)
                        kept.insert(channel.id + "/" + old.file)
                    }
                }
                for _ in 0..<Int.random(in: 0...2, using: &random) { pages.append(page(Int.random(in: 1...300, using: &random))) }
                after.append(Channel(id: channel.id, pages: pages))
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                after.append(Channel(id: "d", pages: [page(Int.random(in: 1...40, using: &random))]))
            }
            if Int.random(in: 0..<3, using: &random) == 0 { after.reverse() }
            let previous = try #require(PreviousSearchIndex(entry: entry, read: { first.files[$0] }))
            let fresh = try Self.build(after, previousEntry: entry)
            let reused = try Self.build(after, previousEntry: entry, previous: previous, kept: kept, read: { first.files[$0] })
            #expect(reused.files.keys.sorted() == fresh.files.keys.sorted())
            for (path, bytes) in fresh.files where reused.files[path] != bytes {
                Issue.record("\(path) differs")
            }
            let keptCount = after.flatMap { channel in channel.pages.filter { kept.contains(channel.id + "/" + $0.file) } }
                .reduce(0) { $0 + $1.messages.count }
            #expect(reused.keptDocuments == keptCount)
            taken += reused.keptDocuments
        }
        #expect(taken > 15_000, "\(taken) documents taken")
    }

    /// A term in more than 4,096 documents, its postings in chunk files: read back from them.
    @Test func chunkedPostingsAreReadBack() throws {
        let big = Channel(
            id: "a",
            pages: (0..<6).map { page in
                Page(file: "p\(page).html", messages: (0..<1000).map { ("\(page)-\($0)", "hello w\(page * 1000 + $0)", "Maya") })
            })
        let first = try Self.build([big], previousEntry: nil)
        #expect(first.files.keys.contains { $0.hasPrefix("p/") })
        let entry = String(decoding: try #require(first.files["index.js"]), as: UTF8.self)
        let previous = try #require(PreviousSearchIndex(entry: entry, read: { first.files[$0] }))
        var after = big
        after.pages[2].messages[5].text = "goodbye"
        let kept = Set(["a/p0.html", "a/p1.html", "a/p3.html", "a/p4.html", "a/p5.html"])
        let fresh = try Self.build([after], previousEntry: entry)
        let reused = try Self.build([after], previousEntry: entry, previous: previous, kept: kept, read: { first.files[$0] })
        #expect(reused.keptDocuments == 5000)
        #expect(reused.files == fresh.files)
    }

    /// An index whose files do not hold what the entry and their names say is not used.
    @Test func anIndexThatDoesNotReadIsNotUsed() throws {
        var random = SeededRandom(seed: 7)
        let channel = Channel(id: "a", pages: [Page(file: "p.html", messages: (0..<1100).map { Self.message(&random, id: "\($0)") })])
        let built = try Self.build([channel], previousEntry: nil)
        let entry = String(decoding: try #require(built.files["index.js"]), as: UTF8.self)
        #expect(PreviousSearchIndex(entry: entry, read: { built.files[$0] }) != nil)
        let shard = built.files.keys.first(where: { $0.hasPrefix("t/") }) ?? ""
        #expect(shard.hasPrefix("t/"))
        var tampered = built.files
        var shardBytes = built.files[shard] ?? []
        shardBytes[shardBytes.count - 6] ^= 1
        tampered[shard] = shardBytes
        #expect(PreviousSearchIndex(entry: entry, read: { tampered[$0] }) == nil)
        #expect(PreviousSearchIndex(entry: entry, read: { $0 == shard ? nil : built.files[$0] }) == nil)
        #expect(
            PreviousSearchIndex(entry: entry.replacingOccurrences(of: #""version":1"#, with: #""version":2"#), read: { built.files[$0] })
                == nil)
        #expect(PreviousSearchIndex(entry: "ParleySearch.entry({);\n", read: { built.files[$0] }) == nil)
        let overlapping = entry.replacingOccurrences(
            of: #""channels":["#,
            with: #""channels":[{"id":"z","name":"","folder":"c/z/","base":1024,"capacity":1024,"count":0,"pages":[],"days":""},"#)
        #expect(PreviousSearchIndex(entry: overlapping, read: { built.files[$0] }) == nil)

        let previous = try #require(PreviousSearchIndex(entry: entry, read: { built.files[$0] }))
        // Each read by an indexer of its own: an indexer keeps the last snippet chunk it read.
        func kept(_ file: String, read: (String) -> [UInt8]?) -> Int? {
            var indexer = SearchIndexer(previousEntry: entry)
            guard indexer.beginChannel(Self.entry(channel)) else { return nil }
            return indexer.keptPage(file, previous: previous, read: read)?.count
        }
        #expect(kept("p.html", read: { built.files[$0] }) == 1100)
        #expect(kept("other.html", read: { built.files[$0] }) == nil)
        var broken = built.files
        broken["s/1.js"] = Array(String(decoding: broken["s/1.js"]!, as: UTF8.self).replacingOccurrences(of: "],[", with: "],,[").utf8)
        #expect(kept("p.html", read: { broken[$0] }) == nil)
        #expect(kept("p.html", read: { $0 == "s/0.js" ? nil : built.files[$0] }) == nil)
        var controlled = built.files
        controlled["s/0.js"] = Array(
            String(decoding: controlled["s/0.js"]!, as: UTF8.self).replacingOccurrences(of: "m-7", with: "m\t7").utf8)
        #expect(kept("p.html", read: { controlled[$0] }) == nil)
        var moved = Self.entry(channel)
        moved.folder = "c/elsewhere/"
        var elsewhere = SearchIndexer(previousEntry: entry)
        let beganElsewhere = elsewhere.beginChannel(moved)
        #expect(beganElsewhere)
        #expect(elsewhere.keptPage("p.html", previous: previous, read: { built.files[$0] }) == nil)
    }

    /// Snippet entries are read as written: the number, then the bytes after it, escapes whole.
    @Test func snippetEntriesAreReadAsWritten() throws {
        let text = #"ParleySearch.snippets(2,[[512,"m-1","t","Maya","say \"hi\" \\ \n"],[513,"m-2","t","Kemi",""]]);"# + "\n"
        let entries = try #require(PreviousSearchIndex.snippetEntries(Array(text.utf8), chunk: 2))
        #expect(entries.map(\.document) == [512, 513])
        #expect(
            entries.map { String(decoding: $0.tail, as: UTF8.self) } == [
                #","m-1","t","Maya","say \"hi\" \\ \n"]"#, #","m-2","t","Kemi",""]"#,
            ])
        #expect(PreviousSearchIndex.snippetEntries(Array(text.utf8), chunk: 3) == nil)
        for broken in [
            #"ParleySearch.snippets(2,[[513,"a","b","c","d"],[512,"a","b","c","d"]]);"#, #"ParleySearch.snippets(2,[[512,"a","b","c"]]);"#,
            #"ParleySearch.snippets(2,[[512,"a","b","c","d]]);"#, #"ParleySearch.snippets(2,[[,"a","b","c","d"]]);"#,
            #"ParleySearch.snippets(2,[[99999999999,"a","b","c","d"]]);"#,
        ] {
            #expect(PreviousSearchIndex.snippetEntries(Array((broken + "\n").utf8), chunk: 2) == nil, "\(broken)")
        }
        #expect(PreviousSearchIndex.snippetEntries(Array("ParleySearch.snippets(2,[]);\n".utf8), chunk: 2)?.isEmpty == true)
    }
}
