import Glibc

/// A bound, listening TCP socket, handed to libmicrohttpd (`MHD_OPTION_LISTEN_SOCKET`) so that
/// binding errors are exact (`EADDRINUSE` → ``ServerError/addressInUse(host:port:)``) and port 0
/// reports the port the kernel picked.
struct ListenSocket {
    let descriptor: Int32
    /// The bound port (the kernel's pick when 0 was asked for).
    let port: Int
    /// Whether the socket is IPv6 (libmicrohttpd needs `MHD_USE_IPv6` then).
    let isIPv6: Bool
    /// Where the address leads: loopback only, every interface, or one other interface.
    let reach: Reach

    /// Which interfaces a bound address listens on.
    enum Reach: Equatable, Sendable {
        /// `127.0.0.0/8` or `::1`: this machine only.
        case loopback
        /// `0.0.0.0` or `::`: every interface.
        case everyInterface
        /// One non-loopback address.
        case oneInterface
    }

    /// Resolves `host`, binds `port` with `SO_REUSEADDR` and listens with a backlog of `backlog`.
    /// - Throws: ``ServerError/invalidHost(_:)``, ``ServerError/addressInUse(host:port:)``,
    ///   ``ServerError/cannotListen(host:port:reason:)``.
    static func open(host: String, port: Int, backlog: Int32) throws(ServerError) -> ListenSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &results) == 0, let address = results else { throw .invalidHost(host) }
        defer { freeaddrinfo(results) }
        let family = address.pointee.ai_family
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw .cannotListen(host: host, port: port, reason: Self.lastError()) }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 {
            let code = errno
            close(descriptor)
            if code == EADDRINUSE { throw .addressInUse(host: host, port: port) }
            throw .cannotListen(host: host, port: port, reason: String(cString: strerror(code)))
        }
        guard listen(descriptor, backlog) == 0, let bound = Self.boundPort(descriptor) else {
            let reason = Self.lastError()
            close(descriptor)
            throw .cannotListen(host: host, port: port, reason: reason)
        }
        return ListenSocket(descriptor: descriptor, port: bound, isIPv6: family == AF_INET6, reach: Self.reach(of: address.pointee))
    }

    private static func boundPort(_ descriptor: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        let family = storage.ss_family
        return withUnsafeBytes(of: &storage) { raw -> Int in
            if family == sa_family_t(AF_INET6) { return Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)) }
            return Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
        }
    }

    /// The reach of a resolved address (an IPv4-mapped IPv6 address counts as its IPv4 one).
    static func reach(of address: addrinfo) -> Reach {
        var bytes: [UInt8]
        if address.ai_family == AF_INET6 {
            bytes = withUnsafeBytes(of: address.ai_addr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }) {
                Array($0)
            }
            if bytes.prefix(10).allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { bytes = Array(bytes.suffix(4)) }
        } else {
            bytes = withUnsafeBytes(of: address.ai_addr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }) {
                Array($0)
            }
        }
        if bytes.allSatisfy({ $0 == 0 }) { return .everyInterface }
        if bytes.count == 4 ? bytes[0] == 127 : bytes == Array(repeating: 0, count: 15) + [1] { return .loopback }
        return .oneInterface
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
