import ParleyModel
import Testing

@testable import ParleyServer

/// Route matching and the version a stream starts after.
@Suite struct RouteTests {
    @Test(arguments: [
        ("/", Route.index),
        ("/healthz", .health),
        ("/metrics", .metrics),
        ("/colors.css", .asset("colors.css")),
        ("/favicon.ico", .asset("favicon.ico")),
        ("/public/parley.css", .asset("public/parley.css")),
        ("/c/123", .page(ChannelID("123"))),
        ("/c/123/events", .events(ChannelID("123"))),
        ("/c/123/before/456", .older(ChannelID("123"), before: MessageID("456"))),
    ])
    func matches(path: String, route: Route) {
        #expect(Route.match(path) == route)
    }

    @Test(arguments: [
        "", "/c", "/c/", "/c/123/", "/c/123/events/x", "/c/123/before", "/c/123/before/", "/public/", "/public/a/b", "/x", "/favicon.ico/x",
        "/c/123/favicon.ico",
    ])
    func rejects(path: String) {
        #expect(Route.match(path) == nil)
    }

    @Test func lastEventIDWinsOverSince() throws {
        #expect(try Route.streamVersion(of: Request(path: "/", since: "4")) == 4)
        #expect(try Route.streamVersion(of: Request(path: "/", since: "4", lastEventID: " 9 ")) == 9)
        #expect(try Route.streamVersion(of: Request(path: "/")) == nil)
    }

    @Test(arguments: [
        (Request(path: "/", since: "-1"), RouteError.badVersion(field: "since", value: "-1")),
        (Request(path: "/", since: "1e3"), .badVersion(field: "since", value: "1e3")),
        (Request(path: "/", since: "4", lastEventID: ""), .badVersion(field: "Last-Event-ID", value: "")),
        (Request(path: "/", lastEventID: "99999999999999999999999"), .badVersion(field: "Last-Event-ID", value: "99999999999999999999999")),
    ])
    func badVersionsAreNamed(request: Request, error: RouteError) {
        #expect(throws: error) { try Route.streamVersion(of: request) }
    }

    @Test func errorsBecomeStatusesWithTheirMessages() {
        let reply = Reply.error(.methodNotAllowed(method: "POST", allowed: ["GET", "HEAD"]))
        #expect(reply.status == 405)
        #expect(reply.header("allow") == "GET, HEAD")
        #expect(String(decoding: reply.body, as: UTF8.self) == "method POST not allowed; expected GET or HEAD\n")
        let busy = Reply.error(.tooManyViewers(limit: 2))
        #expect(busy.status == 503)
        #expect(busy.header("Retry-After") == "5")
    }
}
