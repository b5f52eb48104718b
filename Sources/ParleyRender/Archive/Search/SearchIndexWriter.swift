import Dispatch
import Foundation
import ParleyLayout
import ParleyModel
import ParleySearch
import Synchronization

/// Writes the archive's search index (`search/`, `docs/SEARCH-INDEX.md`) as the archive writer
/// goes through each channel's pages in order: the messages of every page it reads are tokenized
/// on every core and handed to ParleySearch's ``SearchIndexer``; a page kept unchanged from the
/// previous archive gives its documents from that archive's index instead
/// (``PreviousSearchIndex``, read on first use), so an update reads and tokenizes only the pages
/// it renders. Its files go through ``ArchiveFiles``, so a file whose bytes did not change is
/// linked from the previous archive, not written.
///
/// The indexer itself runs on a serial queue of its own (``Worker``), fed in order: the writer's
/// thread, which bounds a render (it reads, writes and hands out every page), only tokenizes with
/// the other cores and writes the files the indexer filled, the next time it comes by. At most
/// ``Worker/batchesInFlight`` batches wait for the indexer, so memory stays bounded; the indexer
/// takes them in the writer's order, so its files are the same bytes whatever the scheduling.
struct SearchIndexWriter {
    /// The folder below the archive root that holds the index.
    static let folder = "search/"

    /// The indexer, on its own queue.
    private let worker: Worker
    private let clock: ZoneClock
    private var indexing = false
    /// The reading of the previous archive's index, started with the render (on another core,
    /// while the channels are planned) when that archive has one, until ``previous`` takes it.
    private var reading: BackgroundWork<PreviousSearchIndex?>?
    /// The previous archive's index, once read: nil when it could not be.
    private var previous: PreviousSearchIndex??
    /// How many documents were taken from the previous archive's index.
    private(set) var documentsKept = 0
    /// The tokenizer's caches of folded words, one per slice of ``add(_:files:)``, kept from one
    /// batch of pages to the next (a channel repeats its words across pages).
    private var caches: [SearchTokenizer.FoldCache] = []
    /// The most words each cache keeps.
    private static let cacheCapacity = 1024

    /// The largest file of the previous index read back.
    private static let fileSizeLimit = 64 << 20

    init(previous files: ArchiveFiles, clock: ZoneClock) {
        let entry = files.previousText(Self.folder + "index.js", limit: SearchIndexer.entrySizeLimit)
        worker = Worker(SearchIndexer(previousEntry: entry))
        let read = files.previousBytesReader
        reading = entry.map { entry in
            BackgroundWork { PreviousSearchIndex(entry: entry, read: { read(Self.folder + $0, Self.fileSizeLimit) }) }
        }
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
        let channel = SearchIndexer.Channel(
            id: plan.channel.id.rawValue, name: plan.channel.name, folder: folder, count: position, pages: pages, days: days)
        indexing = worker.sync { $0.beginChannel(channel) }
    }

    /// Adds the messages of `runs`, the channel's next pages in order, and writes the snippet
    /// chunks the indexer filled so far.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when a file cannot be written.
    /// - Complexity: O(the messages' text), tokenized on every core, indexed on the worker's.
    mutating func add(_ runs: [MessageRun], files: inout ArchiveFiles) throws(RenderError) {
        guard indexing else { return }
        // Each message as its run and place in that run: read where it is, not copied into one list.
        let places = runs.indices.flatMap { run in runs[run].messages.indices.map { (run: run, index: $0) } }
        let slices = max(1, min(places.count / 64, ProcessInfo.processInfo.activeProcessorCount * 4))
        // Slice `s` makes the documents of places s, s + slices, s + 2 × slices, … in order.
        let documents = Mutex<[[SearchDocument]]>(Array(repeating: [], count: slices))
        if caches.count < slices {
            caches += Array(repeating: SearchTokenizer.FoldCache(capacity: Self.cacheCapacity), count: slices - caches.count)
        }
        // Each slice takes its cache out while it works, so that no two threads share one.
        let kept = Mutex(caches)
        caches = []
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            var made: [SearchDocument] = []
            made.reserveCapacity(places.count / slices + 1)
            var cache = kept.withLock { caches in
                defer { caches[slice] = SearchTokenizer.FoldCache(capacity: 0) }
                return caches[slice]
            }
            for offset in stride(from: slice, to: places.count, by: slices) {
                made.append(SearchDocument(runs[places[offset].run].messages[places[offset].index], cache: &cache))
            }
            documents.withLock { $0[slice] = made }
            kept.withLock { $0[slice] = cache }
        }
        caches = kept.withLock { $0 }
        let made = documents.withLock { $0 }, clock = clock
        worker.async { indexer in
            var offset = 0
            for run in runs {
                let messages = run.messages
                for index in messages.indices {
                    let time = clock.localTime(messages[index].timestamp)
                    let date = LocalDate(year: time.year, month: time.month, day: time.day)
                    indexer.add(
                        made[offset % slices][offset / slices],
                        snippet: .init(
                            anchor: DOMID.message(messages[index].id.rawValue), time: date.isoString + " " + DateText.shortTime(time),
                            author: messages[index].author.shownName))
                    offset += 1
                }
            }
        }
        try write(worker.takeFiles(), files: &files)
    }

    /// The documents of the current channel's page `file`, which shows `count` messages and is
    /// kept unchanged from the previous archive, taken from that archive's index; nil when they
    /// must be read (the index does not hold the page, or cannot be read).
    mutating func keptDocuments(ofPage file: String, count: Int, files: ArchiveFiles) -> PreviousSearchIndex.KeptPage? {
        guard indexing else { return nil }
        if previous == nil {
            previous = .some(reading?.wait() ?? nil)
            reading = nil
        }
        func read(_ path: String) -> [UInt8]? { files.previousBytes(Self.folder + path, limit: Self.fileSizeLimit) }
        guard let index = previous ?? nil, let kept = worker.sync({ $0.keptPage(file, previous: index, read: read) }), kept.count == count
        else { return nil }
        return kept
    }

    /// Adds the documents of a kept page (``keptDocuments(ofPage:count:files:)``), the channel's
    /// next page, and writes the snippet chunks they filled.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when a file cannot be written.
    mutating func add(_ kept: PreviousSearchIndex.KeptPage, files: inout ArchiveFiles) throws(RenderError) {
        worker.async { $0.add(kept) }
        documentsKept += kept.count
        try write(worker.takeFiles(), files: &files)
    }

    /// Writes the rest of the index: term shards, postings chunks and the entry.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when a file cannot be written.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when a file cannot be written, or the
    ///   index's terms cannot be spilled to their temporary file or read back.
    mutating func finish(files: inout ArchiveFiles) throws(RenderError) {
        let previous = previous ?? nil, worker = worker
        var failure: RenderError?
        // Each file is written as the indexer makes it, on the indexer's queue while this thread
        // waits for it, so the index's shards and chunks are never held together.
        let spilled = worker.sync { indexer in
            func write(_ file: SearchIndexBuilder.File) {
                guard failure == nil else { return }
                do throws(RenderError) {
                    try files.write(data: Data(file.bytes), to: Self.folder + file.path)
                } catch {
                    failure = error
                }
            }
            for file in worker.takeFiles() { write(file) }
            do throws(SearchIndexError) {
                try indexer.finish(previous: previous, emit: write)
                return SearchIndexError?.none
            } catch {
                return error
            }
        }
        if let failure { throw failure }
        if case let .spillFailed(path, reason) = spilled { throw .cannotWrite(path: path, reason: reason) }
    }

    private func write(_ written: [SearchIndexBuilder.File], files: inout ArchiveFiles) throws(RenderError) {
        for file in written { try files.write(data: Data(file.bytes), to: Self.folder + file.path) }
    }

    /// A ``SearchIndexer`` on a serial queue of its own (a thread of its own: a serial queue
    /// overcommits), touched only there, and the files it filled, kept until the writer takes them.
    private final class Worker: @unchecked Sendable {
        /// Batches handed over and not yet indexed, at most.
        static let batchesInFlight = 2

        private let queue = DispatchQueue(label: "parley.search-index")
        private var indexer: SearchIndexer
        private let filled = Mutex<[SearchIndexBuilder.File]>([])
        private let slots = DispatchSemaphore(value: batchesInFlight)

        init(_ indexer: SearchIndexer) { self.indexer = indexer }

        /// Runs `body` on the indexer after everything handed over before, and waits for it.
        func sync<Result>(_ body: (inout SearchIndexer) -> Result) -> Result {
            queue.sync { body(&indexer) }
        }

        /// Hands `body` to the indexer, after everything handed over before; waits first while
        /// ``batchesInFlight`` batches wait. The files the indexer fills are kept for ``takeFiles()``.
        func async(_ body: @escaping @Sendable (inout SearchIndexer) -> Void) {
            slots.wait()
            queue.async { [self] in
                body(&indexer)
                let files = indexer.takeFiles()
                if !files.isEmpty { filled.withLock { $0 += files } }
                slots.signal()
            }
        }

        /// The files the indexer filled so far, in the order filled, each once.
        func takeFiles() -> [SearchIndexBuilder.File] {
            filled.withLock { files in
                defer { files = [] }
                return files
            }
        }
    }
}
