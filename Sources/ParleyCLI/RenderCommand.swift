import Foundation
import ParleyArchive
import ParleyLayout
import ParleyModel
import ParleyRender

/// `parley render`: reads inputs, merges them and writes a static archive.
struct RenderCommand {
    static let flags: [OptionParser.Flag] = [
        .init(name: "output", short: "o", takesValue: true), .init(name: "sample", short: nil, takesValue: false),
        .init(name: "timezone", short: nil, takesValue: true), .init(name: "messages-per-page", short: nil, takesValue: true),
        .init(name: "templates", short: nil, takesValue: true), .init(name: "quiet", short: "q", takesValue: false),
        .init(name: "help", short: "h", takesValue: false), .init(name: "media", short: nil, takesValue: true),
        .init(name: "stats", short: nil, takesValue: false), .init(name: "verbose", short: "v", takesValue: false),
        .init(name: "allow-remote-media", short: nil, takesValue: false), .init(name: "theme", short: nil, takesValue: true),
    ]

    func run(
        _ arguments: [String], output: inout TerminalStream<some TextOutputStream>, errors: inout TerminalStream<some TextOutputStream>
    ) throws(CommandFailure) {
        let parsed = try OptionParser(flags: Self.flags + InputSelection.flags).parse(arguments)
        if parsed.has("help") {
            print(HelpText.render, terminator: "", to: &output)
            return
        }
        let verbose = try parsed.verbose()
        var options = try archiveOptions(parsed)
        let selection = try InputSelection(parsed, clock: options.clock)
        guard let outputPath = parsed.value("output") else {
            throw CommandFailure(.usage, "render needs -o DIR; see 'parley render --help'")
        }
        let inputs = try InputSelection.inputs(parsed.operands, withSample: parsed.has("sample"))
        guard !inputs.isEmpty else { throw CommandFailure(.usage, "render needs an INPUT file or --sample; see 'parley render --help'") }
        let limits = ZipLimits(maxEntryBytes: selection.options.maxEntryBytes, maxRatio: selection.options.maxZipRatio)
        let zips = inputs.filter(Self.isZip)
        options.media.inputFolders = inputs.filter { !zips.contains($0) }.map(Self.mediaFolder)
        options.media.inputZips = zips.map { ZipArchive(path: $0, limits: limits) }
        var screen = TerminalStream(ProgressDisplay(errors.base, isEnabled: !parsed.has("quiet") && Self.isTerminal(errors.base)))
        defer {
            screen.base.clear()
            errors.base = screen.base.base
        }
        var progress = RenderProgress(inputs: inputs)
        progress.begin(on: &screen.base)
        let lock: ArchiveLock
        do {
            lock = try ArchiveLock.acquire(for: URL(fileURLWithPath: outputPath))
        } catch {
            throw CommandFailure(Self.exitCode(for: error), error.description)
        }
        defer { lock.release() }
        let log = verbose ? try MergeLog() : nil
        let footprint = StoreFootprint(of: lock.destination)
        let stored: Stored
        do {
            stored = try store(
                inputs, selection: selection, zone: options.clock, log: log, holding: lock, progress: &progress, screen: &screen)
        } catch {
            footprint.removeAdditions()
            throw error
        }
        options.policy = stored.merged.policy
        options.channelPolicies = stored.merged.channelPolicies
        options.rendererIdentity = Self.rendererIdentity
        options.media.keptMedia = stored.history.mediaFolder
        let source = try StoredArchive(stored.history.store, header: stored.merged.header)
        let summary: ArchiveSummary
        do {
            summary = try ArchiveWriter(options: options).write(source, holding: lock) { event in
                progress.handle(event, on: &screen.base)
            }
        } catch {
            throw CommandFailure(Self.exitCode(for: error), error.description)
        }
        screen.base.clear()
        let detail: MediaReport.Detail = parsed.has("quiet") ? .count : verbose ? .every : .first
        for line in MediaReport(problems: summary.mediaProblems).lines(detail) { screen.warn(line) }
        for record in summary.unreadableRecords { screen.warn(Self.unreadableLine(record)) }
        if !parsed.has("quiet") {
            try log?.forEachLine { print($0, to: &output) }
            print(
                "Rendered \(Wording.count(summary.messages, "message")) in \(Wording.count(summary.channels, "channel")) to \(Wording.count(summary.pages, "page")).",
                to: &output)
            if let skipped = stored.skippedSummary { print(skipped, to: &output) }
            if stored.update.kept > 0 { print(Self.updateLine(stored.update, summary), to: &output) }
            for move in stored.update.moved { print(move.movedLine, to: &output) }
            for move in stored.update.keptInFormerChannels { print(move.keptLine, to: &output) }
            for line in stored.update.merges.lines(everyChannel: verbose) { print(line, to: &output) }
            if summary.redirectPages > 0 {
                print(
                    "\(Wording.count(summary.redirectPages, "page")) of earlier renders now redirect to their channel's new folder.",
                    to: &output)
            }
            if summary.linkedMediaFiles > 0 {
                print(
                    "The pages link to \(Wording.count(summary.linkedMediaFiles, "media file")) outside the archive (--media link): "
                        + "moving or deleting them breaks those images; --media copy keeps them inside.", to: &output)
            }
            print("Open \(summary.indexPath)", to: &output)
        }
        if parsed.has("stats") {
            print(
                RenderStats(
                    parse: stored.parseTime, store: stored.storeTime, archive: summary.timings, messages: summary.messages,
                    pages: summary.pages,
                    rewritten: summary.pagesRewritten, unchanged: summary.pagesUnchanged, rendered: summary.pagesRendered,
                    searchKept: summary.searchDocumentsKept, known: stored.update.known
                ).line, to: &screen)
        }
    }

    /// What reading the inputs into the archive's store left: the store, the archive's header
    /// and grouping rules, what changed, and the time each step took.
    struct Stored {
        var history: ArchiveHistory
        var merged: ArchiveHistory.Merged
        var update: ArchiveHistory.Update
        var skippedSummary: String?
        var parseTime: Duration, storeTime: Duration
    }

    /// Reads `inputs` into the store of the archive whose lock is `lock` (``ArchiveHistory``):
    /// the pages are then rendered from the store. `parse` is the time spent reading (the store is
    /// written alongside), `store` the time the store took beyond it. `log` (`--verbose`) gets the
    /// line of every message an input brought again; `zone` is `--timezone`'s.
    /// - Throws: ``CommandFailure`` from reading the inputs or updating the store.
    private func store(
        _ inputs: [String], selection: InputSelection, zone: ZoneClock, log: MergeLog?, holding lock: ArchiveLock,
        progress: inout RenderProgress,
        screen: inout TerminalStream<ProgressDisplay<some TextOutputStream>>
    ) throws(CommandFailure) -> Stored {
        let clock = ContinuousClock()
        let start = clock.now
        var history = try ArchiveHistory(holding: lock)
        let outcome = try history.update(inputs, selection: selection, zone: zone, log: log) { report in
            switch report {
            case let .warning(diagnostic): screen.warn(diagnostic)
            case let .inputRead(messages): progress.inputRead(messages: messages, on: &screen.base)
            }
        }
        let total = clock.now - start
        return Stored(
            history: history, merged: outcome.merged, update: outcome.update, skippedSummary: outcome.skippedSummary,
            parseTime: total - outcome.storeTime, storeTime: outcome.storeTime)
    }

    /// What identifies this build of Parley (its executable's size, inode and modification
    /// time): an archive page recorded by another build is rendered again.
    static let rendererIdentity: String = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else { return "" }
        return "\(status.st_size) \(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }()

    /// The summary's line about an archive that already held messages: what this render added to
    /// its store and kept, and which pages it rewrote.
    static func updateLine(_ update: ArchiveHistory.Update, _ summary: ArchiveSummary) -> String {
        "Archive update: \(Wording.count(update.added, "new message")), \(update.changed) changed, "
            + "\(update.kept) kept from earlier renders; \(Wording.count(summary.pagesRewritten, "page")) rewritten, "
            + "\(summary.pagesUnchanged) unchanged."
    }

    /// The warning about a stored message whose record does not read back.
    static func unreadableLine(_ record: UnreadableRecord) -> String {
        "channel \(record.channel.rawValue), message \(record.id.rawValue): its stored record does not read back "
            + "(\(record.reason)); \(record.page) shows a notice in its place, and the record stays in the store as it is"
    }

    /// Whether `stream` is standard error and standard error is a terminal: only then is the
    /// progress line drawn.
    static func isTerminal(_ stream: some TextOutputStream) -> Bool {
        (stream as? StandardStreams)?.descriptor == 2 && isatty(2) == 1
    }

    private func archiveOptions(_ parsed: OptionParser.Result) throws(CommandFailure) -> ArchiveOptions {
        var options = ArchiveOptions()
        options.clock = try parsed.clock()
        if let text = parsed.value("messages-per-page") {
            guard let count = Int(text), count > 0 else {
                throw CommandFailure(.usage, "--messages-per-page: expected a whole number above 0, got '\(text)'")
            }
            options.messagesPerPage = count
        }
        options.templateOverrides = parsed.value("templates").map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let text = parsed.value("media") {
            guard let mode = MediaMode(rawValue: text) else {
                throw CommandFailure(.usage, "--media: expected copy, link or none, got '\(text)'")
            }
            options.media.mode = mode
        } else {
            options.media.mode = .copy
        }
        options.media.allowsRemote = parsed.has("allow-remote-media")
        options.theme = try parsed.theme()
        return options
    }

    static func exitCode(for error: RenderError) -> ExitCode {
        switch error {
        case .template: return .dataError
        case .missingResources: return .ioError
        case .cannotCreate: return .cannotCreate
        case .cannotWrite, .cannotCopy: return .ioError
        case .cannotRead: return .dataError
        }
    }

    /// The folder an input's relative media paths start from: the input itself when it is a
    /// folder (a Slack export), else the folder that holds it. A zip has none: its media are its
    /// own entries (the files lying beside a zip are not the export's).
    static func mediaFolder(_ input: String) -> URL {
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: input)
        if FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue { return url }
        return url.deletingLastPathComponent()
    }

    /// Whether the file at `path` is a zip archive (by its signature, whatever its name).
    static func isZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return ZipArchive.hasZipSignature(Array((try? handle.read(upToCount: 4)) ?? Data()))
    }
}
