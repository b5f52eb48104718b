/// What the router needs of an HTTP request; filled by the HTTP layer, built directly in tests.
struct Request: Equatable, Sendable {
    /// `GET`, `HEAD`, …
    var method: String
    /// The percent-decoded path, without the query (`/c/123/events`).
    var path: String
    /// The `since` query parameter: the page's version on the first connect of a stream.
    var since: String?
    /// The `epoch` query parameter: the epoch of the client's version (the page's `data-epoch`).
    var epoch: String?
    /// The `Last-Event-ID` header: the last event id a reconnecting client received.
    var lastEventID: String?
    /// The `If-None-Match` header, for assets.
    var ifNoneMatch: String?
    /// The `Authorization` header: the ingest token of posts, or the viewer token.
    var authorization: String?
    /// The `Host` header, checked against the names the server was bound to.
    var host: String?
    /// The viewer cookie's value (see ``ViewerAccess``).
    var viewerCookie: String?
    /// The `token` query parameter: the viewer token in an address opened once.
    var token: String?
    /// The request body, up to the ingest limit.
    var body: [UInt8] = []
    /// Whether the body exceeded the ingest limit (the rest was discarded).
    var bodyTooLarge = false

    init(method: String = "GET", path: String, since: String? = nil, lastEventID: String? = nil, ifNoneMatch: String? = nil) {
        self.method = method
        self.path = path
        self.since = since
        self.lastEventID = lastEventID
        self.ifNoneMatch = ifNoneMatch
    }
}
