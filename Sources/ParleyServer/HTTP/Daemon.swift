import CMicroHTTPD
import Glibc

/// The libmicrohttpd daemon: an epoll event loop on one internal thread (or on each of
/// ``ServerConfiguration/eventLoops`` threads), with suspendable connections
/// (`MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME`), never a thread per viewer.
struct Daemon: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Starts the event loop on `socket`.
    /// - Parameter core: The closure of every callback; the caller keeps it alive until ``stop()``.
    /// - Throws: ``ServerError/daemonFailed`` when libmicrohttpd refuses (its log says why).
    static func start(on socket: ListenSocket, core: UnsafeMutableRawPointer, configuration: ServerConfiguration) throws(ServerError)
        -> Daemon
    {
        var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue
        flags |= MHD_USE_TURBO.rawValue
        if socket.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        var options = [
            parley_mhd_option_logger(Callbacks.log, core),
            parley_mhd_option_value(.LISTEN_SOCKET, Int(socket.descriptor)),
            parley_mhd_option_value(.CONNECTION_LIMIT, connectionLimit(configuration)),
            parley_mhd_option_value(.CONNECTION_MEMORY_LIMIT, configuration.connectionMemoryLimit),
            parley_mhd_option_value(.CONNECTION_MEMORY_INCREMENT, min(1024, configuration.connectionMemoryLimit / 4)),
            parley_mhd_option_value(.CONNECTION_TIMEOUT, configuration.connectionTimeoutSeconds),
            parley_mhd_option_value(.PER_IP_CONNECTION_LIMIT, configuration.maxConnectionsPerIP),
            parley_mhd_option_completed(Callbacks.completed, core),
        ]
        if configuration.eventLoops > 1 { options.append(parley_mhd_option_value(.THREAD_POOL_SIZE, configuration.eventLoops)) }
        options.append(parley_mhd_option_value(.END, 0))
        guard let pointer = parley_mhd_start_daemon(flags, Callbacks.access, core, &options) else { throw .daemonFailed }
        return Daemon(pointer: pointer)
    }

    /// libmicrohttpd's connection limit: the viewers plus the spare connections; with several
    /// event loops each takes an equal share, so a quarter more absorbs an uneven spread
    /// (`--max-viewers` itself is enforced per stream, with `503`).
    static func connectionLimit(_ configuration: ServerConfiguration) -> Int {
        let total = configuration.maxViewers + configuration.spareConnections
        return configuration.eventLoops > 1 ? total + total / 4 : total
    }

    /// Stops accepting connections; open connections go on.
    ///
    /// The listening socket is shut down at once (new clients are refused, not left in the
    /// backlog) but stays open: libmicrohttpd's threads may still use its descriptor until
    /// ``stop(closing:)``, and closing it earlier would let another socket take the number
    /// under them (`MHD_quiesce_daemon`'s contract).
    /// - Returns: The listening socket, for ``stop(closing:)``; nil when already quiesced.
    func quiesce() -> Int32? {
        let socket = MHD_quiesce_daemon(pointer)
        guard socket >= 0 else { return nil }
        shutdown(socket, Int32(SHUT_RDWR))
        return socket
    }

    /// Stops the event loop and closes every connection, then closes `listenSocket` (what
    /// ``quiesce()`` returned; libmicrohttpd never closes a quiesced socket). No connection may
    /// be suspended then (libmicrohttpd aborts the process otherwise).
    func stop(closing listenSocket: Int32?) {
        MHD_stop_daemon(pointer)
        if let listenSocket { close(listenSocket) }
    }
}
