import Foundation
import ParleyAssets
import ParleyImport
import ParleyModel
import ParleyRender

/// `parley render`: reads inputs, merges them and writes a static archive.
struct RenderCommand {
    static let flags: [OptionParser.Flag] = [
        .init(name: "output", short: "o", takesValue: true), .init(name: "sample", short: nil, takesValue: false),
        .init(name: "timezone", short: nil, takesValue: true), .init(name: "messages-per-page", short: nil, takesValue: true),
        .init(name: "templates", short: nil, takesValue: true), .init(name: "quiet", short: "q", takesValue: false),
        .init(name: "help", short: "h", takesValue: false), .init(name: "me", short: nil, takesValue: true),
        .init(name: "date-order", short: nil, takesValue: true),
        .init(name: "max-entry-size", short: nil, takesValue: true), .init(name: "max-zip-ratio", short: nil, takesValue: true),
        .init(name: "media", short: nil, takesValue: true),
    ]

    func run(
        _ arguments: [String], output: inout TerminalStream<some TextOutputStream>, errors: inout TerminalStream<some TextOutputStream>
    ) throws(CommandFailure) {
        let parsed = try OptionParser(flags: Self.flags + InputSelection.flags).parse(arguments)
        if parsed.has("help") {
            print(HelpText.render, terminator: "", to: &output)
            return
        }
        var options = try archiveOptions(parsed)
        let importOptions = try Self.importOptions(parsed)
        guard let outputPath = parsed.value("output") else {
            throw CommandFailure(.usage, "render needs -o DIR; see 'parley render --help'")
        }
        var inputs = parsed.operands
        if parsed.has("sample") {
            guard let sample = Assets.sampleTranscript else {
                throw CommandFailure(.ioError, RenderError.missingResources(searched: Assets.searchedLocations).description)
            }
            inputs.insert(sample.path, at: 0)
        }
        guard !inputs.isEmpty else { throw CommandFailure(.usage, "render needs an INPUT file or --sample; see 'parley render --help'") }
        options.media.inputFolders = inputs.map(Self.mediaFolder)
        let merged = try InputSelection(parsed, clock: options.clock).read(inputs, options: importOptions)
        for diagnostic in merged.diagnostics { errors.warn(diagnostic) }
        let transcript = merged.transcript
        options.policy = merged.policy
        options.channelPolicies = merged.channelPolicies
        let summary: ArchiveSummary
        do {
            summary = try ArchiveWriter(options: options).write(transcript, to: URL(fileURLWithPath: outputPath))
        } catch {
            throw CommandFailure(Self.exitCode(for: error), error.description)
        }
        for problem in summary.mediaProblems { errors.warn(problem) }
        if !parsed.has("quiet") {
            print(
                "Rendered \(Wording.count(summary.messages, "message")) in \(Wording.count(summary.channels, "channel")) to \(Wording.count(summary.pages, "page")).",
                to: &output)
            if let skipped = merged.skippedSummary { print(skipped, to: &output) }
            print("Open \(summary.indexPath)", to: &output)
        }
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
        }
        return options
    }

    /// `--me NAME`, `--date-order dmy|mdy|ymd`, `--max-entry-size SIZE` and `--max-zip-ratio N`.
    static func importOptions(_ parsed: OptionParser.Result) throws(CommandFailure) -> ImportOptions {
        var options = ImportOptions(me: parsed.value("me"))
        if let text = parsed.value("date-order") {
            guard let order = DateOrder(rawValue: text) else {
                throw CommandFailure(.usage, "--date-order: expected dmy, mdy or ymd, got '\(text)'")
            }
            options.dateOrder = order
        }
        if let text = parsed.value("max-entry-size") {
            guard let bytes = byteCount(text) else {
                throw CommandFailure(
                    .usage, "--max-entry-size: expected a size above 0 in bytes or with K, M or G (such as 512M), got '\(text)'")
            }
            options.maxEntryBytes = bytes
        }
        if let text = parsed.value("max-zip-ratio") {
            guard let ratio = Int64(text), ratio > 0 else {
                throw CommandFailure(.usage, "--max-zip-ratio: expected a whole number above 0, got '\(text)'")
            }
            options.maxZipRatio = ratio
        }
        return options
    }

    /// `text` as a byte count: digits, optionally followed by `K`, `M` or `G` (KiB, MiB, GiB);
    /// nil when it is not such a size, is 0 or does not fit in 64 bits.
    static func byteCount(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let unit = text.last.flatMap { units[Character($0.uppercased())] }
        guard let number = Int64(unit == nil ? text : String(text.dropLast())), number > 0 else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: unit ?? 1)
        return overflow ? nil : bytes
    }

    static func exitCode(for error: ImportError) -> ExitCode {
        if case .unreadable = error { return .noInput }
        return .dataError
    }

    static func exitCode(for error: RenderError) -> ExitCode {
        switch error {
        case .template: return .dataError
        case .missingResources: return .ioError
        case .cannotCreate: return .cannotCreate
        case .cannotWrite, .cannotCopy: return .ioError
        }
    }

    /// The folder an input's relative media paths start from: the input itself when it is a
    /// folder (a Slack export), else the folder that holds it.
    static func mediaFolder(_ input: String) -> URL {
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: input)
        if FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue { return url }
        return url.deletingLastPathComponent()
    }
}
