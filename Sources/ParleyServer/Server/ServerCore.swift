import Dispatch
import ParleyModel
import Synchronization

/// Everything the HTTP callbacks need, shared by the callbacks (through libmicrohttpd's closure
/// pointer) and ``LiveServer``: the channels and their broadcasters, the cached pages and
/// assets, the metrics and the worker queue.
final class ServerCore: Sendable {
    let configuration: ServerConfiguration
    /// The channels, their broadcasters and the channel list.
    let registry: ChannelRegistry
    /// Static assets by path below the root (`public/parley.css`, `favicon.ico`, `colors.css`).
    let assets: [String: Asset]
    let metrics: ServerMetrics
    /// `POST /c/{channel}/events`: the token and size checks and the site's endpoint, when
    /// both ``ServerConfiguration/ingest`` and ``Site/ingest`` are set.
    let ingest: (settings: IngestSettings, endpoint: any IngestEndpoint)?
    /// Refuses foreign `Host` headers.
    let hostCheck: HostCheck
    /// The viewer token's gate, when ``ServerConfiguration/viewerToken`` is set.
    let viewers: ViewerAccess?
    /// Set when shutdown begins: new requests get `503`.
    let isStopping = Atomic<Bool>(false)
    /// Renders pages and opens streams off the HTTP library's thread.
    let workers = DispatchQueue(label: "parley.server.workers", qos: .userInitiated, attributes: .concurrent)

    /// - Parameter socket: the bound socket: its port names the viewer cookie, its reach decides
    ///   the accepted `Host` names.
    /// - Throws: ``ServerError/duplicateChannel(_:)`` when two channels share an id.
    init(
        site: Site, configuration: ServerConfiguration, socket: ListenSocket, staticFiles: [String: [UInt8]]
    ) throws(ServerError) {
        self.configuration = configuration
        hostCheck = HostCheck(
            boundHost: configuration.host, isWildcard: socket.reach == .everyInterface, allowed: configuration.allowedHosts)
        viewers = configuration.viewerToken.map { ViewerAccess(token: $0, port: socket.port) }
        let metrics = ServerMetrics()
        metrics.restoreSkippedEvents.store(configuration.restoreSkippedEvents, ordering: .relaxed)
        self.metrics = metrics
        let registry = try ChannelRegistry(
            site.channels,
            makeBroadcaster: { channel in
                Broadcaster(
                    channelID: channel.id, initialVersion: channel.current().version, replay: configuration.replay,
                    viewerBufferLimit: configuration.viewerBufferLimit, metrics: metrics)
            },
            renderIndex: { [index = site.index] channels in
                Asset(bytes: index(channels), contentType: Asset.contentType(forName: ".html"))
            })
        self.registry = registry
        if let settings = configuration.ingest, let endpoint = site.ingest {
            ingest = (settings, endpoint)
            endpoint.connect(registry)
        } else {
            ingest = nil
        }
        var assets: [String: Asset] = [:]
        for (path, bytes) in staticFiles { assets[path] = Asset(bytes: bytes, contentType: Asset.contentType(forName: path)) }
        for (path, bytes) in site.files { assets[path] = Asset(bytes: bytes, contentType: Asset.contentType(forName: path)) }
        assets["colors.css"] = Asset(bytes: Array(site.colors.utf8), contentType: Asset.contentType(forName: "colors.css"))
        self.assets = assets
    }

    /// How long a stream request waits for its channel to reach the client's version before the
    /// client is reset instead (``ServedChannel/awaitVersion(_:timeout:)``): a follower's poll
    /// interval, plus time to apply.
    static let catchUpWait = Duration.seconds(2)

    /// Queues a `: heartbeat` comment on every stream.
    func heartbeat() {
        let frame = Frame(ServerSentEvents.comment("heartbeat"))
        for broadcaster in registry.broadcasters { broadcaster.broadcast(frame) }
    }

    /// Opens the event stream of `channel` for `client`: a replay from the ring; nothing yet
    /// when the client is ahead of the ring but not of the channel (its page showed a change
    /// whose batch is being published); else — the version left the ring, is above the channel's,
    /// is not named, or the client's epoch is not the channel's — a reset rendered here (retried
    /// if batches outrun the rendering). A client ahead of the channel in its epoch first waits up
    /// to ``catchUpWait`` for the channel to catch up (another server published that version).
    /// Runs on a worker.
    func openStream(_ channel: any ServedChannel, client: StreamClient, connection: ConnectionHandle) -> RequestContext.Outcome {
        guard let broadcaster = registry[channel.id]?.broadcaster else { return .reply(.error(.unknownChannel(channel.id))) }
        let base = client.version ?? 0
        if client.resumes(channel.epoch), base > broadcaster.latestVersion {
            _ = channel.awaitVersion(base, timeout: Self.catchUpWait)
        }
        let viewer = Viewer(connection: connection, version: base, bufferLimit: configuration.viewerBufferLimit, metrics: metrics)
        let prologue = Frame(ServerSentEvents.retry(milliseconds: configuration.retryMilliseconds))
        var start: Broadcaster.StreamStart? = client.resumes(channel.epoch) ? .replay(after: base) : nil
        for _ in 0..<4 {
            if let start {
                switch broadcaster.subscribe(viewer, prologue: prologue, start: start) {
                case .subscribed:
                    return .stream(viewer)
                case .closed:
                    metrics.releaseViewer()
                    return .reply(.error(.stopping))
                case .needsReset: break
                }
            }
            let region = channel.current()
            if case .replay = start, base > broadcaster.latestVersion, base <= region.version {
                start = .ahead(of: base)
                continue
            }
            let json = ResetBatch.json(version: region.version, base: base, epoch: channel.epoch, html: region.sections)
            start = .reset(Frame(ServerSentEvents.event(id: region.version, type: "patch", data: json)), version: region.version)
        }
        metrics.releaseViewer()
        return .reply(.error(.channelBusy(channel.id)))
    }
}
