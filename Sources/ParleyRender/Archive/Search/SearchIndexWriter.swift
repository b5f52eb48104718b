import Dispatch
import Foundation
import ParleyLayout
import ParleyModel
import ParleySearch
import Synchronization

/// Builds the archive's search index (`search/`, `docs/SEARCH-INDEX.md`) as the archive writer
/// reads each channel's pages in order, on a serial queue of its own: the messages of every page —
/// rendered or kept — are tokenized on every core and handed to ParleySearch's ``SearchIndexer``
/// while the writer goes on reading, rendering and writing pages. The files the index fills are
/// handed back (``takeFiles()``, ``finish()``) for the writer to write through ``ArchiveFiles``, so
/// a file whose bytes did not change is linked from the previous archive, not written.
///
/// Calls come from one thread (the writer's), in order; the work they start runs in the same
/// order. At most ``batchesInFlight`` batches of runs wait for the queue: ``add(_:)`` waits for a
/// free slot, so memory holds a few batches, not the archive.
final class SearchIndexWriter: Sendable {
    /// The folder below the archive root that holds the index.
    static let folder = "search/"
    /// Batches of runs handed over and not yet indexed, at most.
    static let batchesInFlight = 2

    private struct State: Sendable {
        var indexer: SearchIndexer
        var indexing = false
        var files: [SearchIndexBuilder.File] = []
    }

    private let state: Mutex<State>
    private let clock: ZoneClock
    private let queue = DispatchQueue(label: "parley.search-index")
    private let slots = DispatchSemaphore(value: batchesInFlight)

    init(previous files: ArchiveFiles, clock: ZoneClock) {
        state = Mutex(
            State(indexer: SearchIndexer(previousEntry: files.previousText(Self.folder + "index.js", limit: SearchIndexer.entrySizeLimit))))
        self.clock = clock
    }

    /// Starts the channel of `plan`, whose pages are in `folder`.
    func begin(_ plan: ChannelPlan, folder: String) {
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
        let channel = SearchIndexer.Channel(
            id: plan.channel.id.rawValue, name: plan.channel.name, folder: folder, count: position, pages: pages, days: days)
        queue.async { [self] in
            state.withLock { $0.indexing = $0.indexer.beginChannel(channel) }
        }
    }

    /// Adds the messages of `runs`, the channel's next pages in order, on the queue; the snippet
    /// chunks they fill are taken by a later ``takeFiles()``.
    /// - Complexity: O(the messages' text), tokenized on every core, off the caller's thread.
    func add(_ runs: [MessageRun]) {
        let messages = runs.flatMap(\.messages)
        guard !messages.isEmpty else { return }
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard state.withLock({ $0.indexing }) else { return }
            let documents = Self.documents(messages)
            state.withLock { state in
                for (message, document) in zip(messages, documents) {
                    let time = clock.localTime(message.timestamp)
                    let date = LocalDate(year: time.year, month: time.month, day: time.day)
                    state.indexer.add(
                        document,
                        snippet: .init(
                            anchor: DOMID.message(message.id.rawValue), time: date.isoString + " " + DateText.shortTime(time),
                            author: message.author.shownName))
                }
                state.files += state.indexer.takeFiles()
            }
        }
    }

    /// The files the index filled so far (snippet chunks), handed over once; what the queue has
    /// not reached yet comes with a later call.
    func takeFiles() -> [SearchIndexBuilder.File] {
        state.withLock { state in
            defer { state.files = [] }
            return state.files
        }
    }

    /// Waits for the queue, then returns the rest of the index: the snippet chunks not taken yet,
    /// the term shards, the postings chunks and the entry.
    func finish() -> [SearchIndexBuilder.File] {
        queue.sync {}
        return state.withLock { state in
            defer { state.files = [] }
            return state.files + state.indexer.finish()
        }
    }

    /// The documents of `messages`, in order, made on every core.
    private static func documents(_ messages: [Message]) -> [SearchDocument] {
        let slices = max(1, min(messages.count / 64, ProcessInfo.processInfo.activeProcessorCount * 4))
        let made = Mutex<[Int: SearchDocument]>([:])
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            var documents: [Int: SearchDocument] = [:]
            for offset in stride(from: slice, to: messages.count, by: slices) { documents[offset] = SearchDocument(messages[offset]) }
            made.withLock { $0.merge(documents) { first, _ in first } }
        }
        let documents = made.withLock { $0 }
        return messages.indices.map { documents[$0] ?? SearchDocument(messages[$0]) }
    }
}
