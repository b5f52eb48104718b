import ParleyModel

/// The server's routes.
enum Route: Equatable, Sendable {
    /// `GET /`: the channel list.
    case index
    /// `GET /c/{channel}`: the live page.
    case page(ChannelID)
    /// `GET /c/{channel}/events`: the event stream.
    case events(ChannelID)
    /// `GET /c/{channel}/before/{messageID}`: older messages as HTML.
    case older(ChannelID, before: MessageID)
    /// `GET /public/{name}`, `GET /favicon.ico` and `GET /colors.css`: a static asset, by its path
    /// below the root.
    case asset(String)
    /// `GET /healthz`.
    case health
    /// `GET /metrics`.
    case metrics

    /// Matches `path` (percent-decoded, without the query).
    /// - Returns: nil when no route matches.
    static func match(_ path: String) -> Route? {
        guard path.hasPrefix("/") else { return nil }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch segments {
        case [""]: return .index
        case ["healthz"]: return .health
        case ["metrics"]: return .metrics
        case ["colors.css"]: return .asset("colors.css")
        case ["favicon.ico"]: return .asset("favicon.ico")
        case let parts where parts.count == 2 && parts[0] == "public" && !parts[1].isEmpty: return .asset("public/" + parts[1])
        case let parts where parts.count == 2 && parts[0] == "c" && !parts[1].isEmpty: return .page(ChannelID(parts[1]))
        case let parts where parts.count == 3 && parts[0] == "c" && !parts[1].isEmpty && parts[2] == "events":
            return .events(ChannelID(parts[1]))
        case let parts where parts.count == 4 && parts[0] == "c" && !parts[1].isEmpty && parts[2] == "before" && !parts[3].isEmpty:
            return .older(ChannelID(parts[1]), before: MessageID(parts[3]))
        default: return nil
        }
    }

    /// Whether the viewer token guards the route: everything but `/healthz` and the static assets.
    var isGuarded: Bool {
        switch self {
        case .health, .asset: return false
        default: return true
        }
    }

    /// Whether the route is an HTML page a person opens (a valid `?token=` redirects it).
    var isPage: Bool {
        switch self {
        case .index, .page: return true
        default: return false
        }
    }

    /// The methods the route answers: `GET` and `HEAD`, but only `GET` for the event stream.
    var allowedMethods: [String] {
        if case .events = self { return ["GET"] }
        return ["GET", "HEAD"]
    }

    /// The version a stream starts after: `Last-Event-ID` (a reconnect) wins over `?since=`
    /// (the first connect).
    /// - Returns: nil when the request names neither (the stream starts with a `reset`).
    /// - Throws: ``RouteError/badVersion(field:value:)`` for a value that is not a whole number
    ///   ≥ 0 (or does not fit in 64 bits).
    static func streamVersion(of request: Request) throws(RouteError) -> Int? {
        let field: String, value: String
        if let header = request.lastEventID {
            (field, value) = ("Last-Event-ID", header)
        } else if let query = request.since {
            (field, value) = ("since", query)
        } else {
            return nil
        }
        let trimmed = value.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let version = Int(trimmed) else {
            throw .badVersion(field: field, value: value)
        }
        return version
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
