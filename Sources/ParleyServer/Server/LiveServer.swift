import Dispatch
import Foundation
import Glibc
import ParleyAssets
import ParleyModel
import Synchronization

/// The live view's HTTP server on GNU libmicrohttpd: channel pages, older messages, assets,
/// health and metrics, and one Server-Sent Events stream per viewer.
///
/// Routes: `GET /` (channel list), `/c/{channel}` (live page), `/c/{channel}/events` (event
/// stream; `?since=VERSION` on the first connect, `Last-Event-ID` on reconnects),
/// `/c/{channel}/before/{messageID}` (older messages as HTML), `/public/{file}`, `/favicon.ico`
/// and `/colors.css` (with `ETag`), `/healthz`, `/metrics` (Prometheus text).
///
/// One epoll thread serves every connection; pages render on a worker queue; streams wait
/// suspended and cost no CPU until a batch or the 15-second heartbeat arrives.
public final class LiveServer: Sendable {
    let core: ServerCore
    let daemon: Daemon
    let coreReference: Unmanaged<ServerCore>
    let isStopped = Mutex(false)
    /// The port the server listens on (the one picked when port 0 was asked for).
    public let port: Int
    /// The host the server listens on, as configured.
    public let host: String

    /// Starts serving `site`.
    /// - Throws: ``ServerError/invalidConfiguration(setting:value:expected:)``,
    ///   ``ServerError/resources(_:)`` when the public assets are missing,
    ///   ``ServerError/duplicateChannel(_:)``, ``ServerError/invalidHost(_:)``,
    ///   ``ServerError/addressInUse(host:port:)``, ``ServerError/cannotListen(host:port:reason:)``,
    ///   ``ServerError/daemonFailed``.
    public static func start(_ site: Site, configuration: ServerConfiguration = ServerConfiguration()) throws(ServerError) -> LiveServer {
        try configuration.validate()
        signal(SIGPIPE, SIG_IGN)
        let files = try staticFiles()
        raiseDescriptorLimit(to: configuration.maxViewers + configuration.spareConnections + 64, log: configuration.log)
        let backlog = Int32(min(4096, max(128, configuration.maxViewers)))
        let socket = try ListenSocket.open(host: configuration.host, port: configuration.port, backlog: backlog)
        let core: ServerCore
        do {
            core = try ServerCore(site: site, configuration: configuration, socket: socket, staticFiles: files)
        } catch {
            close(socket.descriptor)
            throw error
        }
        if socket.reach != .loopback, configuration.viewerToken == nil {
            configuration.log(
                "warning: \(ServerError.authority(configuration.host, socket.port)) is reachable beyond this machine and no viewer "
                    + "token is set: anyone who can connect can read every channel (set --viewer-token or PARLEY_VIEWER_TOKEN)")
        }
        let reference = Unmanaged.passRetained(core)
        do {
            let daemon = try Daemon.start(on: socket, core: reference.toOpaque(), configuration: configuration)
            let server = LiveServer(core: core, daemon: daemon, reference: reference, port: socket.port, host: configuration.host)
            server.scheduleHeartbeat()
            return server
        } catch {
            close(socket.descriptor)
            reference.release()
            throw error
        }
    }

    init(core: ServerCore, daemon: Daemon, reference: Unmanaged<ServerCore>, port: Int, host: String) {
        self.core = core
        self.daemon = daemon
        self.coreReference = reference
        self.port = port
        self.host = host
    }

    deinit { stop() }

    /// `http://HOST:PORT/`, with the real port.
    public var url: String { "http://\(ServerError.authority(host, port))/" }

    /// The address a viewer opens first: ``url``, with `?token=TOKEN` when a viewer token is set.
    public var viewerURL: String { core.viewers.map { url + "?token=" + $0.token } ?? url }

    /// The server's counters, also served at `/metrics`.
    public var metrics: ServerMetrics { core.metrics }

    /// The broadcaster of the channel with this id: publish the channel's batches through it.
    public func broadcaster(for channel: ChannelID) -> Broadcaster? { core.registry[channel]?.broadcaster }

    /// The files served as they are, by path below the root: each file of `Public/` as
    /// `public/NAME`, and the icon as `favicon.ico`.
    static func staticFiles() throws(ServerError) -> [String: [UInt8]] {
        guard let folder = Assets.publicDirectory, let icon = Assets.favicon,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else {
            throw .resources(
                "Parley's resource bundle is missing (install it beside the binary with scripts/install); looked in "
                    + Assets.searchedLocations.joined(separator: ", "))
        }
        var files: [String: [UInt8]] = [:]
        for (path, url) in names.map({ ("public/" + $0, folder.appendingPathComponent($0)) }) + [("favicon.ico", icon)] {
            guard let data = FileManager.default.contents(atPath: url.path) else { throw .resources("cannot read \(url.path)") }
            files[path] = Array(data)
        }
        return files
    }

    /// Raises the soft limit of open files to `needed` (at most the hard limit): each viewer
    /// holds a socket.
    static func raiseDescriptorLimit(to needed: Int, log: @Sendable (String) -> Void) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(needed) else { return }
        limit.rlim_cur = min(limit.rlim_max, rlim_t(needed))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < rlim_t(needed) {
            log("parley: open-file limit \(limit.rlim_cur) is below the \(needed) that --max-viewers needs; raise ulimit -n")
        }
    }
}
