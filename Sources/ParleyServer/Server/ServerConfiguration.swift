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
    /// Seconds a connection may make no progress before it is closed (streams waiting for a
    /// batch are suspended and exempt).
    public var connectionTimeoutSeconds: Int
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

    /// The defaults suit one machine serving up to 1,000 viewers on loopback or a LAN.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, maxViewers: Int = 1000, spareConnections: Int = 64, eventLoops: Int = 1,
        heartbeatInterval: Duration = .seconds(15), retryMilliseconds: Int = 2000, replay: ReplayLimits = ReplayLimits(),
        viewerBufferLimit: Int = 1 << 20, connectionMemoryLimit: Int = 4096, connectionTimeoutSeconds: Int = 60,
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
    ///   one, ``ServerError/unusableViewerToken`` for a short token or one a cookie cannot hold.
    func validate() throws(ServerError) {
        if let viewerToken, !ViewerAccess.isUsable(viewerToken) { throw .unusableViewerToken }
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
        let interval = heartbeatInterval.components
        try check(interval.seconds > 0 || interval.attoseconds > 0, "heartbeatInterval", Int(interval.seconds), "above 0")
    }
}
