import Dispatch
import Foundation
import ParleyLayout
import ParleyModel
import ParleySearch
import Synchronization

/// Writes the archive's search index (`search/`, `docs/SEARCH-INDEX.md`) as the archive writer
/// reads each channel's pages in order: the messages of every page — rendered or kept — are
/// tokenized on every core and handed to ParleySearch's ``SearchIndexer``; its files go through
/// ``ArchiveFiles``, so a file whose bytes did not change is linked from the previous archive, not
/// written.
struct SearchIndexWriter {
    /// The folder below the archive root that holds the index.
    static let folder = "search/"

    private var indexer: SearchIndexer
    private let clock: ZoneClock
    private var indexing = false

    init(previous files: ArchiveFiles, clock: ZoneClock) {
        self.indexer = SearchIndexer(previousEntry: files.previousText(Self.folder + "index.js", limit: SearchIndexer.entrySizeLimit))
        self.clock = clock
    }

    /// Starts the channel of `plan`, whose pages are in `folder`.
    mutating func begin(_ plan: ChannelPlan, folder: String) {
        var pages: [(position: Int, file: String)] = []
        var position = 0
        for page in plan.pages {
            pages.append((position, page.name + ".html"))
            position += page.messageCount
        }
        var days: [(day: Int64, position: Int)] = []
        var dayPosition = 0
        for day in plan.partitioner.days {
            days.append((day.date.daysSinceEpoch, dayPosition))
            dayPosition += day.messageCount
        }
        indexing = indexer.beginChannel(
            .init(id: plan.channel.id.rawValue, name: plan.channel.name, folder: folder, count: position, pages: pages, days: days))
    }

    /// Adds the messages of `runs`, the channel's next pages in order, and writes the snippet
    /// chunks they filled.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when a file cannot be written.
    /// - Complexity: O(the messages' text), tokenized on every core.
    mutating func add(_ runs: [MessageRun], files: inout ArchiveFiles) throws(RenderError) {
        guard indexing else { return }
        let messages = runs.flatMap(\.messages)
        let documents = Mutex<[Int: SearchDocument]>([:])
        let slices = max(1, min(messages.count / 64, ProcessInfo.processInfo.activeProcessorCount * 4))
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            var made: [Int: SearchDocument] = [:]
            for offset in stride(from: slice, to: messages.count, by: slices) { made[offset] = SearchDocument(messages[offset]) }
            documents.withLock { $0.merge(made) { first, _ in first } }
        }
        let made = documents.withLock { $0 }
        for (offset, message) in messages.enumerated() {
            let time = clock.localTime(message.timestamp)
            let date = LocalDate(year: time.year, month: time.month, day: time.day)
            indexer.add(
                made[offset] ?? SearchDocument(message),
                snippet: .init(
                    anchor: DOMID.message(message.id.rawValue), time: date.isoString + " " + DateText.shortTime(time),
                    author: message.author.shownName))
        }
        try write(indexer.takeFiles(), files: &files)
    }

    /// Writes the rest of the index: term shards, postings chunks and the entry.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when a file cannot be written.
    mutating func finish(files: inout ArchiveFiles) throws(RenderError) {
        try write(indexer.finish(), files: &files)
    }

    private func write(_ written: [SearchIndexBuilder.File], files: inout ArchiveFiles) throws(RenderError) {
        for file in written { try files.write(data: Data(file.bytes), to: Self.folder + file.path) }
    }
}
