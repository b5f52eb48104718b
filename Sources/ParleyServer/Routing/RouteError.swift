import ParleyModel

/// Why a request gets no content: each case becomes an HTTP status and a one-line text body.
enum RouteError: Error, Equatable, Sendable {
    /// No route matches `path` (404).
    case notFound(path: String)
    /// No channel has this id (404).
    case unknownChannel(ChannelID)
    /// The channel has no message with this id (404).
    case unknownMessage(ChannelID, MessageID)
    /// The route does not answer `method` (405); `allowed` goes in the `Allow` header.
    case methodNotAllowed(method: String, allowed: [String])
    /// A post to `/c/{channel}/events` on a server without ingest (405).
    case ingestOff
    /// `field` (`since` or `Last-Event-ID`) holds `value`, which is not a whole number ≥ 0 (400).
    case badVersion(field: String, value: String)
    /// `--max-viewers` streams are open (503).
    case tooManyViewers(limit: Int)
    /// The server is stopping (503).
    case stopping
    /// Batches kept outrunning the rendering of a reset for this channel (503).
    case channelBusy(ChannelID)
    /// The `Host` header names no host the server answers to (403); `accepted` lists the names
    /// it does answer to besides IP addresses.
    case foreignHost(String, accepted: [String])
    /// A guarded route was asked for without the viewer token (401).
    case viewerUnauthorized
    /// A post lacks `Authorization: Bearer TOKEN` or names another token (401).
    case unauthorized
    /// A posted body exceeds `limit` bytes (413).
    case bodyTooLarge(limit: Int)
    /// A posted body holds a bad line or an event that cannot apply; `message` names the line (400).
    case badEvents(String)
    /// A post would create a channel whose id is not 1 to 100 URL-safe characters (400).
    case uncreatableChannel(ChannelID)
    /// The database could not commit (a full disk, a lost connection to PostgreSQL); `reason` is
    /// its message (503 with `Retry-After`: nothing was acknowledged, the poster may retry).
    case storeFailed(String)
    /// The request has two `Content-Length` or `Transfer-Encoding` headers, or both (400; see
    /// ``MessageFraming``).
    case ambiguousFraming
    /// The request's `Transfer-Encoding` is not `chunked` alone (501).
    case unsupportedTransferCoding(String)

    /// The HTTP status code.
    var status: Int {
        switch self {
        case .notFound, .unknownChannel, .unknownMessage: return 404
        case .methodNotAllowed, .ingestOff: return 405
        case .badVersion, .badEvents, .uncreatableChannel, .ambiguousFraming: return 400
        case .unauthorized, .viewerUnauthorized: return 401
        case .foreignHost: return 403
        case .bodyTooLarge: return 413
        case .unsupportedTransferCoding: return 501
        case .tooManyViewers, .stopping, .channelBusy, .storeFailed: return 503
        }
    }

    /// The text body: what was wrong and what was expected.
    var message: String {
        switch self {
        case let .notFound(path): return "not found: \(path)"
        case let .unknownChannel(channel): return "unknown channel '\(channel)'"
        case let .unknownMessage(channel, message): return "channel '\(channel)' has no message '\(message)'"
        case let .methodNotAllowed(method, allowed): return "method \(method) not allowed; expected \(allowed.joined(separator: " or "))"
        case .ingestOff:
            return "method POST not allowed: this server takes no events; start parley serve with --token, --db or PARLEY_TOKEN"
        case let .badVersion(field, value): return "\(field): expected a whole number ≥ 0, got '\(value)'"
        case let .tooManyViewers(limit): return "too many viewers: \(limit) event streams are open (--max-viewers); retry later"
        case .stopping: return "the server is stopping"
        case let .channelBusy(channel): return "channel '\(channel)' changes faster than its page renders; retry later"
        case let .foreignHost(host, accepted):
            return "Host '\(host)' is not a name this server answers to (expected an IP address or "
                + accepted.joined(separator: ", ") + "); to accept it, start parley serve with --allowed-hosts"
        case .viewerUnauthorized:
            return "this live view needs its viewer token: open the address parley serve printed, ending in ?token=TOKEN"
        case .unauthorized: return "expected an Authorization: Bearer TOKEN header with the server's ingest token"
        case let .bodyTooLarge(limit): return "the body exceeds \(limit) bytes (--max-body)"
        case let .badEvents(message): return message
        case let .uncreatableChannel(channel):
            return "cannot create channel '\(channel)': expected 1 to 100 letters, digits, '-', '.', '_' or '~', other than '.' and '..'"
        case let .storeFailed(reason): return "the events could not be stored: \(reason)"
        case .ambiguousFraming:
            return "expected one Content-Length or one Transfer-Encoding: chunked header, not two and not both (RFC 9112 § 6.3)"
        case let .unsupportedTransferCoding(coding): return "Transfer-Encoding '\(coding)' is not supported; expected chunked"
        }
    }
}
