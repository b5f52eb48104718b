import ParleyAssets
import ParleyImport
import ParleyLayout
import ParleyModel
import ParleyRender

/// The one path by which `render`, `serve` and `convert` read their inputs: each input read with
/// the detected format (or `--format`) and the import flags (`--me`, `--date-order`, `--phone-region`, the zip
/// limits), then merged, then filtered by `--after`, `--before` and `--channel`.
struct InputSelection {
    /// The flags this adds to a command (``HelpText/inputOptions`` describes them).
    static let flags: [OptionParser.Flag] = [
        .init(name: "me", short: nil, takesValue: true), .init(name: "date-order", short: nil, takesValue: true),
        .init(name: "phone-region", short: nil, takesValue: true),
        .init(name: "max-entry-size", short: nil, takesValue: true), .init(name: "max-zip-ratio", short: nil, takesValue: true),
        .init(name: "format", short: nil, takesValue: true), .init(name: "after", short: nil, takesValue: true),
        .init(name: "before", short: nil, takesValue: true), .init(name: "channel", short: nil, takesValue: true),
        .init(name: "strict", short: nil, takesValue: false),
    ]

    /// Several inputs merged into one transcript, with each channel's grouping rule.
    struct Merged {
        var transcript: Transcript
        var diagnostics: [Diagnostic]
        /// The first input's rule.
        var policy: GroupingPolicy
        var channelPolicies: [ChannelID: GroupingPolicy]
        /// The format each input was read as, in the order of the inputs.
        var formats: [InputFormat]
        /// Every message an input brought again (a copy an earlier input holds), in the order met.
        var copies: [MergedCopy] = []

        /// How many records the importers skipped because they could not be read.
        var skippedRecords: Int { diagnostics.count(where: \.skipsRecord) }

        /// ``copies`` counted per channel.
        var merges: MergeSummary { MergeSummary(copies) }

        /// The line a command's summary adds when records were skipped, else nil.
        var skippedSummary: String? {
            skippedRecords == 0
                ? nil
                : "Skipped \(Wording.count(skippedRecords, "record")) that could not be read (see the warnings; --strict makes this an error)."
        }
    }

    var format: InputFormat?
    var filter: TranscriptFilter
    /// `--strict`: a record that cannot be read fails the command instead of being skipped.
    var strict: Bool
    /// `--me`, `--date-order`, `--phone-region`, `--max-entry-size` and `--max-zip-ratio`.
    var options: ImportOptions

    /// - Parameter clock: the zone in which a date such as `2024-03-01` starts, and in which
    ///   WhatsApp's wall-clock times are taken.
    /// - Throws: ``CommandFailure`` with ``ExitCode/usage`` for an unknown format, a date that
    ///   cannot be read, `--after` not before `--before`, or a bad import flag.
    init(_ parsed: OptionParser.Result, clock: ZoneClock) throws(CommandFailure) {
        options = try Self.importOptions(parsed)
        options.timeZone = clock.timeZone
        if let name = parsed.value("format") {
            guard let format = InputFormat(rawValue: name) else {
                let names = InputFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandFailure(.usage, "--format: unknown format '\(name)'; expected one of: \(names)")
            }
            self.format = format
        }
        strict = parsed.has("strict")
        filter = TranscriptFilter(channels: parsed.values["channel"] ?? [])
        filter.after = try parsed.value("after").map { (text) throws(CommandFailure) in try Self.instant(text, flag: "after", clock: clock)
        }
        filter.before = try parsed.value("before").map { (text) throws(CommandFailure) in
            try Self.instant(text, flag: "before", clock: clock)
        }
        if let after = filter.after, let before = filter.before, after >= before {
            throw CommandFailure(.usage, "--after \(after) is not before --before \(before)")
        }
    }

    /// `operands`, after the built-in sample transcript when `sample` is set (`render --sample`,
    /// `serve --demo`).
    /// - Throws: ``CommandFailure`` with ``ExitCode/ioError`` when the sample's resource bundle is missing.
    static func inputs(_ operands: [String], withSample sample: Bool) throws(CommandFailure) -> [String] {
        guard sample else { return operands }
        guard let transcript = Assets.sampleTranscript else {
            throw CommandFailure(.ioError, RenderError.missingResources(searched: Assets.searchedLocations).description)
        }
        return [transcript.path] + operands
    }

    /// Reads, merges and filters `inputs`, and warns on `warnings` about each diagnostic.
    /// - Throws: ``CommandFailure`` with ``ExitCode/noInput`` for an input that cannot be read,
    ///   ``ExitCode/dataError`` for one that cannot be imported (with `--strict`, also for the
    ///   first record an importer skipped; nothing is printed then), ``ExitCode/usage`` for a
    ///   `--channel` that names no channel.
    func read(_ inputs: [String], warnings: inout TerminalStream<some TextOutputStream>) throws(CommandFailure) -> Merged {
        try merge(try importEach(inputs), warnings: &warnings)
    }

    /// Reads each of `inputs` in order, calling `inputRead` after each with the number of
    /// messages read from it.
    /// - Throws: ``CommandFailure`` with ``ExitCode/noInput`` for an input that cannot be read,
    ///   ``ExitCode/dataError`` for one that cannot be imported.
    func importEach(_ inputs: [String], inputRead: (_ messages: Int) -> Void = { _ in }) throws(CommandFailure) -> [ImportResult] {
        var results: [ImportResult] = []
        for input in inputs {
            do {
                results.append(try TranscriptReader().read(contentsOf: input, format: format, options: options))
            } catch {
                throw CommandFailure(Self.exitCode(for: error), error.description)
            }
            inputRead(results[results.count - 1].transcript.messageCount)
        }
        return results
    }

    /// Merges and filters what ``importEach(_:inputRead:)`` read, and warns on `warnings` about
    /// each diagnostic.
    /// - Throws: ``CommandFailure`` with ``ExitCode/dataError`` with `--strict` for the first
    ///   record an importer skipped (nothing is printed then), ``ExitCode/usage`` for a
    ///   `--channel` that names no channel.
    func merge(_ results: [ImportResult], warnings: inout TerminalStream<some TextOutputStream>) throws(CommandFailure) -> Merged {
        let (transcript, diagnostics, copies) = TranscriptMerger.mergeReporting(results)
        if strict, let first = diagnostics.first(where: \.skipsRecord) {
            throw CommandFailure(.dataError, "\(first) (--strict: a record that cannot be read is an error)")
        }
        let filtered: Transcript
        do {
            filtered = try filter.apply(to: transcript)
        } catch {
            throw CommandFailure(.usage, error.description)
        }
        for diagnostic in diagnostics { warnings.warn(diagnostic) }
        return Merged(
            transcript: filtered, diagnostics: diagnostics, policy: results.first?.groupingPolicy ?? .discord,
            channelPolicies: TranscriptMerger.groupingPolicies(results), formats: results.map(\.format), copies: copies)
    }

    /// `2024-03-01` (midnight starting that day in `clock`'s zone) or an RFC 3339 time.
    static func instant(_ text: String, flag: String, clock: ZoneClock) throws(CommandFailure) -> Timestamp {
        if let instant = TranscriptFilter.instant(text) { return instant }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
        {
            let local = LocalDate(year: year, month: month, day: day).daysSinceEpoch * 86_400_000
            let guess = local - Int64(clock.offsetSeconds(at: Timestamp(milliseconds: local))) * 1000
            return Timestamp(milliseconds: local - Int64(clock.offsetSeconds(at: Timestamp(milliseconds: guess))) * 1000)
        }
        throw CommandFailure(
            .usage, "--\(flag): expected a date such as 2024-03-01 or a time such as 2024-03-01T12:00:00Z, got '\(text)'")
    }
}
