import Glibc
import ParleyModel

/// How the live server listens, how many viewers it takes and how much it buffers.
public struct ServerConfiguration: Sendable {
    /// The address to listen on: an IPv4 or IPv6 literal, or a name resolved once at start.
    public var host: String
    /// The TCP port; 0 picks a free one (``LiveServer/port`` tells which).
    public var port: Int
    /// The most event streams open at once (`--max-viewers`); one more gets `503`.
    public var maxViewers: Int
    /// Connections allowed beyond the viewers, for pages, assets and metrics.
    public var spareConnections: Int
    /// Event-loop threads (libmicrohttpd's `MHD_OPTION_THREAD_POOL_SIZE`), each with its own
    /// epoll set and a share of the connections; default 1. More spread sending over cores.
    public var eventLoops: Int
    /// The time between `: heartbeat` comments on every stream (default 15 s).
    public var heartbeatInterval: Duration
    /// The reconnect delay suggested to clients with `retry:`, in milliseconds (default 2,000).
    public var retryMilliseconds: Int
    /// Bounds of each channel's replay ring.
    public var replay: ReplayLimits
    /// Bytes a viewer may have queued before it is disconnected (default 1 MiB).
    public var viewerBufferLimit: Int
    /// libmicrohttpd's memory pool per connection, in bytes (default 4 KiB; the library's
    /// default is 32 KiB). It holds the request head and the send buffer of a stream.
    public var connectionMemoryLimit: Int
    /// Seconds a connection may make no progress (receive or send nothing) before it is closed,
    /// while it sends a request or waits for a reply, or idles between requests (default 10): a
    /// client that stops part-way frees its slot soon.
    public var connectionTimeoutSeconds: Int
    /// The same bound for an event stream, set once the stream starts (default 60: four
    /// heartbeats). Streams waiting for a batch are suspended and exempt; the bound applies while
    /// queued bytes do not leave.
    public var streamTimeoutSeconds: Int
    /// The most connections one client address may hold at once
    /// (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`, `--max-connections-per-ip`; default 64, 0 for no
    /// limit); more are closed on accept, so one address cannot take every connection. Set 0
    /// behind a reverse proxy: every viewer then arrives from the proxy's address.
    public var maxConnectionsPerIP: Int
    /// Where the server's own messages and libmicrohttpd's go, one line per call.
    public var log: @Sendable (String) -> Void
    /// `POST /c/{channel}/events`: its token, body limit and database; nil answers `405`.
    public var ingest: IngestSettings? = nil
    /// The secret that pages, streams, older messages and metrics require (see ``ViewerAccess``);
    /// nil serves them to anyone who can connect. At least 16 bytes of visible ASCII, without
    /// `"` `,` `;` `\`.
    public var viewerToken: String? = nil
    /// `Host` names accepted besides IP addresses, `localhost`, ``host`` and, when bound to
    /// every interface, the machine's name; `*` accepts every host (see ``HostCheck``).
    public var allowedHosts: [String] = []
    /// Stored events that restoring the channels left out (``SkippedEvent``), exported at
    /// `/metrics` as `parley_restore_skipped_events_total`.
    public var restoreSkippedEvents = 0

    /// The defaults suit one machine serving up to 1,000 viewers on loopback or a LAN.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, maxViewers: Int = 1000, spareConnections: Int = 64, eventLoops: Int = 1,
        heartbeatInterval: Duration = .seconds(15), retryMilliseconds: Int = 2000, replay: ReplayLimits = ReplayLimits(),
        viewerBufferLimit: Int = 1 << 20, connectionMemoryLimit: Int = 4096, connectionTimeoutSeconds: Int = 10,
        streamTimeoutSeconds: Int = 60, maxConnectionsPerIP: Int = 64,
        log: @escaping @Sendable (String) -> Void = ServerConfiguration.standardError
    ) {
        self.host = host
        self.port = port
        self.maxViewers = maxViewers
        self.spareConnections = spareConnections
        self.eventLoops = eventLoops
        self.heartbeatInterval = heartbeatInterval
        self.retryMilliseconds = retryMilliseconds
        self.replay = replay
        self.viewerBufferLimit = viewerBufferLimit
        self.connectionMemoryLimit = connectionMemoryLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.streamTimeoutSeconds = streamTimeoutSeconds
        self.maxConnectionsPerIP = maxConnectionsPerIP
        self.log = log
    }

    /// Writes `line` and a newline to standard error, `line` escaped whole by ``TerminalText``
    /// (controls, a line feed among them, bidirectional controls), so a logged value cannot forge
    /// a line or drive the terminal.
    public static let standardError: @Sendable (String) -> Void = { line in
        let bytes = Array((TerminalText.escaped(line) + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// Checks every value's range.
    /// - Throws: ``ServerError/invalidConfiguration(setting:value:expected:)`` naming the first bad
    ///   one, ``ServerError/unusableViewerToken`` for a short token or one a cookie cannot hold,
    ///   ``ServerError/unusableIngestToken`` for a short ingest token.
    func validate() throws(ServerError) {
        if let viewerToken, !ViewerAccess.isUsable(viewerToken) { throw .unusableViewerToken }
        if let ingest, !IngestSettings.isUsable(ingest.token) { throw .unusableIngestToken }
        func check(_ ok: Bool, _ setting: String, _ value: Int, _ expected: String) throws(ServerError) {
            if !ok { throw .invalidConfiguration(setting: setting, value: value, expected: expected) }
        }
        try check((0...65535).contains(port), "port", port, "0 to 65535")
        try check(maxViewers >= 1, "maxViewers", maxViewers, "at least 1")
        try check(spareConnections >= 1, "spareConnections", spareConnections, "at least 1")
        try check((1...64).contains(eventLoops), "eventLoops", eventLoops, "1 to 64")
        try check(replay.batches >= 1, "replay.batches", replay.batches, "at least 1")
        try check(replay.bytes >= 1, "replay.bytes", replay.bytes, "at least 1")
        try check(viewerBufferLimit >= 1024, "viewerBufferLimit", viewerBufferLimit, "at least 1024 bytes")
        try check(connectionMemoryLimit >= 2048, "connectionMemoryLimit", connectionMemoryLimit, "at least 2048 bytes")
        try check(retryMilliseconds >= 0, "retryMilliseconds", retryMilliseconds, "0 or more")
        try check(connectionTimeoutSeconds >= 0, "connectionTimeoutSeconds", connectionTimeoutSeconds, "0 (none) or more")
        try check(streamTimeoutSeconds >= 0, "streamTimeoutSeconds", streamTimeoutSeconds, "0 (none) or more")
        try check(maxConnectionsPerIP >= 0, "maxConnectionsPerIP", maxConnectionsPerIP, "0 (no limit) or more")
        let interval = heartbeatInterval.components
        try check(interval.seconds > 0 || interval.attoseconds > 0, "heartbeatInterval", Int(interval.seconds), "above 0")
    }
}
