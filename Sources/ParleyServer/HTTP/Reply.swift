/// A complete HTTP response: status, headers and body. Built by the router, sent by the HTTP layer.
struct Reply: Equatable, Sendable {
    struct Header: Equatable, Sendable {
        var name: String
        var value: String
    }

    var status: Int
    var headers: [Header]
    var body: [UInt8]

    init(status: Int = 200, headers: [Header] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header called `name` (ASCII case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// `200` with a `Content-Type`.
    static func content(_ body: [UInt8], type: String, cache: String = "no-cache") -> Reply {
        Reply(
            headers: [
                Header(name: "Content-Type", value: type), Header(name: "Cache-Control", value: cache),
            ], body: body)
    }

    /// `303 See Other` to `location`, setting the cookie `setCookie` (a `Set-Cookie` value).
    static func redirect(to location: String, setCookie: String) -> Reply {
        Reply(
            status: 303,
            headers: [
                Header(name: "Location", value: location), Header(name: "Set-Cookie", value: setCookie),
                Header(name: "Content-Type", value: "text/plain; charset=utf-8"), Header(name: "Cache-Control", value: "no-store"),
            ], body: Array("see \(location)\n".utf8))
    }

    /// The error's status, a `text/plain` body with its message, and `Allow`, `Retry-After` or
    /// `Connection: close` (a request whose body cannot be delimited) where they apply.
    static func error(_ error: RouteError) -> Reply {
        var reply = Reply(
            status: error.status,
            headers: [Header(name: "Content-Type", value: "text/plain; charset=utf-8"), Header(name: "Cache-Control", value: "no-store")],
            body: Array((error.message + "\n").utf8))
        switch error {
        case let .methodNotAllowed(_, allowed): reply.headers.append(Header(name: "Allow", value: allowed.joined(separator: ", ")))
        case .ingestOff: reply.headers.append(Header(name: "Allow", value: "GET"))
        case .tooManyViewers, .stopping, .channelBusy: reply.headers.append(Header(name: "Retry-After", value: "5"))
        case .storeFailed: reply.headers.append(Header(name: "Retry-After", value: "1"))
        case .unauthorized, .viewerUnauthorized: reply.headers.append(Header(name: "WWW-Authenticate", value: "Bearer"))
        case .ambiguousFraming, .unsupportedTransferCoding: reply.headers.append(Header(name: "Connection", value: "close"))
        default: break
        }
        return reply
    }
}
