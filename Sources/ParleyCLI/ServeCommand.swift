import ParleyAssets
import ParleyImport
import ParleyLive
import ParleyModel
import ParleyRender
import ParleyServer

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
        .init(name: "max-connections-per-ip", short: nil, takesValue: true),
    ]

    func run(
        _ arguments: [String], output: inout TerminalStream<some TextOutputStream>,
        errors: inout TerminalStream<some TextOutputStream & Sendable>
    ) throws(CommandFailure) {
        let parsed = try OptionParser(flags: Self.flags).parse(arguments)
        if parsed.has("help") {
            print(HelpText.serve, terminator: "", to: &output)
            return
        }
        var configuration = try Self.configuration(parsed, errors: errors)
        let window = try Self.wholeNumber(parsed, "window", default: 500, range: 1...1_000_000)
        let clock = try parsed.clock()
        let (transcript, policies) = try readInputs(parsed, errors: &errors)
        let templates: TemplateSet
        do {
            templates = try TemplateSet.load()
        } catch {
            throw CommandFailure(RenderCommand.exitCode(for: error), error.description)
        }
        let ingest = try Self.ingestSettings(parsed)
        configuration.ingest = ingest?.settings
        let options = LiveOptions(window: window, clock: clock, templates: templates)
        if parsed.has("create-channels") { configuration.ingest?.newChannels = options }
        let isLive = parsed.has("demo") || parsed.has("follow") || configuration.ingest != nil
        var liveChannels =
            isLive
            ? transcript.channels.map { Self.liveChannel($0, directory: transcript.directory, options: options, policies: policies) } : []
        if let store = configuration.ingest?.store {
            let restored = try Self.restore(liveChannels, from: store, options: options)
            liveChannels = restored.channels
            configuration.restoreSkippedEvents = restored.skipped.count
            for event in restored.skipped { errors.warn("--db \(store.path): \(event)") }
        }
        let site =
            isLive
            ? Site(title: transcript.title, channels: liveChannels, colors: Site.colorStylesheet(for: transcript))
            : Site(staticTranscript: transcript, window: window, templates: templates, clock: clock, policies: policies)
        let signals = TerminationSignals()
        let server: LiveServer
        do {
            server = try LiveServer.start(site, configuration: configuration)
        } catch {
            throw CommandFailure(Self.exitCode(for: error), error.description)
        }
        if let ingest, ingest.generated {
            print("Ingest token (POST /c/CHANNEL/events, Authorization: Bearer): \(ingest.settings.token)", to: &output)
        }
        if !parsed.has("quiet") {
            print("Serving \(Wording.count(site.channels.count, "channel")) at \(server.viewerURL) (Ctrl-C stops)", to: &output)
        }
        for channel in liveChannels {
            if let broadcaster = server.broadcaster(for: channel.id) { channel.attach(broadcaster) }
        }
        let demo = liveChannels.first.flatMap { channel in
            parsed.has("demo") ? DemoConversation(channel: channel) { _ = try? server.ingest($0, to: channel.id) } : nil
        }
        let follower = try parsed.has("follow") ? FollowDriver.start(path: parsed.operands[0], channels: liveChannels) : nil
        _ = signals.wait()
        demo?.stop()
        follower?.stop()
        server.stop()
        if !parsed.has("quiet") { print("Stopped.", to: &output) }
    }

    /// A live channel of `channel`, grouped by its platform's rule (`policies`, as `parley render` groups it).
    private static func liveChannel(
        _ channel: Channel, directory: Directory, options: LiveOptions, policies: [ChannelID: GroupingPolicy]
    ) -> LiveServedChannel {
        var own = options
        own.policy = policies[channel.id] ?? options.policy
        return LiveServedChannel(channel: channel, directory: directory, options: own)
    }

    /// The inputs (and the built-in sample with `--demo`), read and merged, with each channel's grouping rule.
    private func readInputs(_ parsed: OptionParser.Result, errors: inout TerminalStream<some TextOutputStream>) throws(CommandFailure)
        -> (transcript: Transcript, policies: [ChannelID: GroupingPolicy])
    {
        var inputs = parsed.operands
        if parsed.has("demo") {
            guard let sample = Assets.sampleTranscript else {
                throw CommandFailure(.ioError, RenderError.missingResources(searched: Assets.searchedLocations).description)
            }
            inputs.insert(sample.path, at: 0)
        }
        guard !inputs.isEmpty else { throw CommandFailure(.usage, "serve needs an INPUT file or --demo; see 'parley serve --help'") }
        var results: [ImportResult] = []
        for input in inputs {
            do {
                results.append(try TranscriptReader().read(contentsOf: input))
            } catch {
                throw CommandFailure(RenderCommand.exitCode(for: error), error.description)
            }
        }
        if parsed.has("follow") {
            guard results.count == 1, results[0].format == .parleyJSONL, !parsed.has("demo") else {
                throw CommandFailure(.usage, "--follow tails one Parley JSON Lines file; see 'parley serve --help'")
            }
        }
        let (transcript, diagnostics) = TranscriptMerger.merge(results)
        for diagnostic in diagnostics { errors.warn(diagnostic) }
        return (transcript, TranscriptMerger.groupingPolicies(results))
    }
}
