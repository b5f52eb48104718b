import Foundation
import ParleyModel
import ParleyRender

/// `parley render`: reads inputs, merges them and writes a static archive.
struct RenderCommand {
    static let flags: [OptionParser.Flag] = [
        .init(name: "output", short: "o", takesValue: true), .init(name: "sample", short: nil, takesValue: false),
        .init(name: "timezone", short: nil, takesValue: true), .init(name: "messages-per-page", short: nil, takesValue: true),
        .init(name: "templates", short: nil, takesValue: true), .init(name: "quiet", short: "q", takesValue: false),
        .init(name: "help", short: "h", takesValue: false), .init(name: "media", short: nil, takesValue: true),
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
        let selection = try InputSelection(parsed, clock: options.clock)
        guard let outputPath = parsed.value("output") else {
            throw CommandFailure(.usage, "render needs -o DIR; see 'parley render --help'")
        }
        let inputs = try InputSelection.inputs(parsed.operands, withSample: parsed.has("sample"))
        guard !inputs.isEmpty else { throw CommandFailure(.usage, "render needs an INPUT file or --sample; see 'parley render --help'") }
        options.media.inputFolders = inputs.map(Self.mediaFolder)
        let merged = try selection.read(inputs, warnings: &errors)
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
