import ParleyModel

/// Why the live server could not start.
public enum ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `host` is neither an IP address literal nor a name that resolves.
    case invalidHost(String)
    /// Another process listens on `host`:`port` (`EADDRINUSE`).
    case addressInUse(host: String, port: Int)
    /// The listening socket could not be set up; `reason` is the system's message.
    case cannotListen(host: String, port: Int, reason: String)
    /// A configuration value is out of range.
    case invalidConfiguration(setting: String, value: Int, expected: String)
    /// Two channels have this id.
    case duplicateChannel(ChannelID)
    /// The public assets (`parley.js`, `parley.css`) are missing or unreadable: `reason` says
    /// which and where they were looked for.
    case resources(String)
    /// libmicrohttpd refused to start (its log says why).
    case daemonFailed
    /// The viewer token is shorter than 16 bytes or holds a character a cookie cannot.
    case unusableViewerToken
    /// The ingest token is shorter than 16 bytes or holds a character other than visible ASCII.
    case unusableIngestToken

    /// One line for the user: what failed and what to do.
    public var description: String {
        switch self {
        case let .invalidHost(host): return "--host: cannot resolve '\(host)'; expected an IP address or a host name"
        case let .addressInUse(host, port):
            return
                "cannot listen on \(Self.authority(host, port)): the address is already in use; choose another --port (0 picks a free one)"
        case let .cannotListen(host, port, reason): return "cannot listen on \(Self.authority(host, port)): \(reason)"
        case let .invalidConfiguration(setting, value, expected): return "\(setting): expected \(expected), got \(value)"
        case let .duplicateChannel(id): return "two channels have the id '\(id)'"
        case let .resources(reason): return reason
        case .daemonFailed: return "libmicrohttpd could not start the HTTP daemon"
        case .unusableViewerToken:
            return "--viewer-token: expected at least 16 characters of visible ASCII without \" , ; or \\"
        case .unusableIngestToken: return "--token (or PARLEY_TOKEN): expected at least 16 characters of visible ASCII"
        }
    }

    /// `host:port`, with an IPv6 literal in brackets (RFC 3986 § 3.2.2).
    static func authority(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
