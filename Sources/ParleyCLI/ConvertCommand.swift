import Foundation
import ParleyImport
import ParleyModel
import ParleyRender

/// `parley convert`: reads inputs of any format, merges and filters them, and writes Parley
/// JSON Lines (`docs/FORMAT.md`) that renders to the same pages as the inputs.
struct ConvertCommand {
    static let flags: [OptionParser.Flag] =
        [
            .init(name: "output", short: "o", takesValue: true), .init(name: "timezone", short: nil, takesValue: true),
            .init(name: "quiet", short: "q", takesValue: false), .init(name: "verbose", short: "v", takesValue: false),
            .init(name: "help", short: "h", takesValue: false),
        ] + InputSelection.flags

    func run(
        _ arguments: [String], output: inout TerminalStream<some TextOutputStream>, errors: inout TerminalStream<some TextOutputStream>
    ) throws(CommandFailure) {
        let parsed = try OptionParser(flags: Self.flags).parse(arguments)
        if parsed.has("help") {
            print(HelpText.convert, terminator: "", to: &output)
            return
        }
        guard let outputPath = parsed.value("output") else {
            throw CommandFailure(.usage, "convert needs -o OUT.jsonl (or -o - for standard output); see 'parley convert --help'")
        }
        guard !parsed.operands.isEmpty else { throw CommandFailure(.usage, "convert needs an INPUT file; see 'parley convert --help'") }
        let verbose = try parsed.verbose()
        let clock = try parsed.clock()
        let merged = try InputSelection(parsed, clock: clock).read(parsed.operands, warnings: &errors)
        let data: Data
        do {
            data = try ParleyJSONLWriter().encode(merged.transcript, policy: merged.policy, channelPolicies: merged.channelPolicies)
        } catch {
            throw CommandFailure(.dataError, error.description)
        }
        if outputPath == "-" {
            output.writeVerbatim(String(decoding: data, as: UTF8.self))
            if verbose { for copy in merged.copies { print(MergeSummary.line(copy), to: &errors) } }
            return
        }
        do {
            try AtomicFile.write(data, to: outputPath)
        } catch {
            throw CommandFailure(.cannotCreate, "\(outputPath): cannot write: \(error.reason)")
        }
        if !parsed.has("quiet") {
            if verbose { for copy in merged.copies { print(MergeSummary.line(copy), to: &output) } }
            let transcript = merged.transcript
            print(
                "Converted \(Wording.count(transcript.messageCount, "message")) in \(Wording.count(transcript.channels.count, "channel")) to \(outputPath).",
                to: &output)
            if let skipped = merged.skippedSummary { print(skipped, to: &output) }
            for line in merged.merges.lines(everyChannel: verbose) { print(line, to: &output) }
        }
    }

}
