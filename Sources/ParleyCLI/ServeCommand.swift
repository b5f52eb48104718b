import ParleyImport
import ParleyLayout
import ParleyLive
import ParleyModel
import ParleyRender
import ParleyServer
import ParleySite
import ParleyStore

/// `parley serve`: reads inputs, serves each channel's live page and event stream until SIGINT
/// or SIGTERM, then stops cleanly.
struct ServeCommand {
    static let flags: [OptionParser.Flag] = [
        .init(name: "host", short: nil, takesValue: true), .init(name: "port", short: "p", takesValue: true),
        .init(name: "max-viewers", short: nil, takesValue: true), .init(name: "window", short: nil, takesValue: true),
        .init(name: "timezone", short: nil, takesValue: true), .init(name: "demo", short: nil, takesValue: false),
        .init(name: "follow", short: nil, takesValue: false), .init(name: "quiet", short: "q", takesValue: false),
        .init(name: "help", short: "h", takesValue: false), .init(name: "db", short: nil, takesValue: true),
        .init(name: "token", short: nil, takesValue: true), .init(name: "max-body", short: nil, takesValue: true),
        .init(name: "viewer-token", short: nil, takesValue: true), .init(name: "allowed-hosts", short: nil, takesValue: true),
        .init(name: "create-channels", short: nil, takesValue: false), .init(name: "event-loops", short: nil, takesValue: true),
        .init(name: "max-connections-per-ip", short: nil, takesValue: true), .init(name: "verbose", short: "v", takesValue: false),
        .init(name: "theme", short: nil, takesValue: true),
    ]

    func run(
        _ arguments: [String], output: inout TerminalStream<some TextOutputStream>,
        errors: inout TerminalStream<some TextOutputStream & Sendable>
    ) throws(CommandFailure) {
        let parsed = try OptionParser(flags: Self.flags + InputSelection.flags).parse(arguments)
        if parsed.has("help") {
            print(HelpText.serve, terminator: "", to: &output)
            return
        }
        let verbose = try parsed.verbose()
        var configuration = try Self.configuration(parsed, errors: errors)
        let window = try Self.wholeNumber(parsed, "window", default: 500, range: 1...1_000_000)
        let clock = try parsed.clock()
        let theme = try parsed.theme()
        let merged = try readInputs(parsed, clock: clock, errors: &errors)
        let (transcript, policies) = (merged.transcript, merged.channelPolicies)
        let templates: TemplateSet
        let pages: LivePageRenderer
        do {
            templates = try TemplateSet.load()
            pages = try LivePageRenderer.load(siteTitle: transcript.title, theme: theme, channels: transcript.channels)
        } catch {
            throw CommandFailure(RenderCommand.exitCode(for: error), error.description)
        }
        let ingest = try Self.ingestSettings(parsed)
        configuration.ingest = ingest?.settings
        let options = LiveOptions(window: window, clock: clock, templates: templates)
        let isLive = parsed.has("demo") || parsed.has("follow") || configuration.ingest != nil
        var liveChannels =
            isLive
            ? transcript.channels.map {
                Self.liveChannel($0, directory: transcript.directory, options: options, pages: pages, policies: policies)
            } : []
        if let store = ingest?.store {
            let restored = try Self.restore(liveChannels, from: store, options: options, pages: pages)
            liveChannels = restored.channels
            configuration.restoreSkippedEvents = restored.skipped.count
            for event in restored.skipped { errors.warn("--db \(store.path): \(event)") }
        }
        let events = EventIngest(
            channels: liveChannels, store: ingest?.store, newChannels: parsed.has("create-channels") ? options : nil, pages: pages)
        var site =
            isLive
            ? Site(channels: liveChannels, colors: Site.colorStylesheet(for: transcript), ingest: events, index: pages.index)
            : Site(staticTranscript: transcript, window: window, templates: templates, pages: pages, clock: clock, policies: policies)
        if case let .file(bytes) = theme { site.files[ThemeChoice.userStylesheetPath] = bytes }
        let signals = TerminationSignals()
        let server: LiveServer
        do {
            server = try LiveServer.start(site, configuration: configuration)
        } catch {
            throw CommandFailure(Self.exitCode(for: error), error.description)
        }
        let follower = try parsed.has("follow") ? Self.follow(parsed.operands[0], channels: liveChannels) : nil
        if let shared = ingest?.store as? any SharedEventLog { events.follow(shared) }
        if let ingest, ingest.generated {
            print("Ingest token (POST /c/CHANNEL/events, Authorization: Bearer): \(ingest.settings.token)", to: &output)
        }
        if !parsed.has("quiet") {
            print("Serving \(Wording.count(site.channels.count, "channel")) at \(server.viewerURL) (Ctrl-C stops)", to: &output)
            if let skipped = merged.skippedSummary { print(skipped, to: &output) }
            if verbose { for copy in merged.copies { print(MergeSummary.line(copy), to: &output) } }
            for line in merged.merges.lines(everyChannel: verbose) { print(line, to: &output) }
        }
        let demo = liveChannels.first.flatMap { channel in
            parsed.has("demo") ? DemoConversation(channel: channel) { _ = try? events.ingest($0, to: channel.id) } : nil
        }
        _ = signals.wait()
        demo?.stop()
        follower?.stop()
        server.stop()
        if !parsed.has("quiet") { print("Stopped.", to: &output) }
    }

    /// A live channel of `channel`, grouped by its platform's rule (`policies`, as `parley render` groups it).
    private static func liveChannel(
        _ channel: Channel, directory: Directory, options: LiveOptions, pages: LivePageRenderer, policies: [ChannelID: GroupingPolicy]
    ) -> LiveServedChannel {
        var own = options
        own.policy = policies[channel.id] ?? options.policy
        return LiveServedChannel(channel: channel, directory: directory, options: own, pages: pages)
    }

    /// Follows `path` (`--follow`), warning on standard error about each line it skips.
    /// - Throws: ``CommandFailure`` with ``ExitCode/noInput`` when the file cannot be watched.
    private static func follow(_ path: String, channels: [LiveServedChannel]) throws(CommandFailure) -> FollowDriver {
        do {
            return try FollowDriver.start(path: path, channels: channels) { message in
                var errors = TerminalStream(StandardStreams.err)
                errors.warn(message)
            }
        } catch {
            throw CommandFailure(.noInput, error.description)
        }
    }

    /// The inputs (after the built-in sample with `--demo`), read, merged and filtered as
    /// `parley render` reads them (``InputSelection``), with each channel's grouping rule.
    /// - Throws: ``CommandFailure`` as ``InputSelection/read(_:warnings:)`` throws it, and with
    ///   ``ExitCode/usage`` for no input, or for `--follow` with anything but one Parley JSON Lines file.
    private func readInputs(
        _ parsed: OptionParser.Result, clock: ZoneClock, errors: inout TerminalStream<some TextOutputStream>
    ) throws(CommandFailure) -> InputSelection.Merged {
        let selection = try InputSelection(parsed, clock: clock)
        let inputs = try InputSelection.inputs(parsed.operands, withSample: parsed.has("demo"))
        guard !inputs.isEmpty else { throw CommandFailure(.usage, "serve needs an INPUT file or --demo; see 'parley serve --help'") }
        let follow = CommandFailure(.usage, "--follow tails one Parley JSON Lines file; see 'parley serve --help'")
        guard !parsed.has("follow") || (inputs.count == 1 && !parsed.has("demo")) else { throw follow }
        let merged = try selection.read(inputs, warnings: &errors)
        guard !parsed.has("follow") || merged.formats == [.parleyJSONL] else { throw follow }
        return merged
    }
}
