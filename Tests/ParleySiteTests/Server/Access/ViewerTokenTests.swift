import Foundation
import ParleyRender
import ParleyServer
import ParleyServerTestSupport
import ParleySite
import ParleyWaitSupport
import Testing

/// `--viewer-token`: pages, streams, older messages and metrics need the token (in the address
/// once, then a cookie, or a bearer header); health and static assets stay open.
@Suite(.stretchedTimeLimit(minutes: 1)) struct ViewerTokenTests {
    static let token = "viewer-secret-0123456789"

    static func server() throws -> LiveServer {
        let transcript = try ServerTranscripts.tiny()
        let site = Site(
            staticTranscript: transcript, window: 4, templates: try TemplateSet.load(),
            pages: try LivePageRenderer.load(siteTitle: transcript.title))
        var configuration = ServerConfiguration(port: 0, log: { _ in })
        configuration.viewerToken = token
        return try LiveServer.start(site, configuration: configuration)
    }

    @Test func guardedRoutesRefuseAViewerWithoutTheToken() throws {
        let server = try Self.server()
        defer { server.stop() }
        for path in ["/", "/c/c1", "/c/c1/before/106", "/c/c1/events?since=0", "/metrics", "/c/c1?token=wrong-secret-0123456789"] {
            let response = try HTTPTestResponse.get(path, port: server.port)
            #expect(response.status == 401, "\(path)")
            #expect(response.header("WWW-Authenticate") == "Bearer", "\(path)")
            #expect(
                response.text == "this live view needs its viewer token: open the address parley serve printed, ending in ?token=TOKEN\n")
        }
        let wrongCookie = try HTTPTestResponse.get("/c/c1", port: server.port, headers: ["Cookie": "parley_viewer_\(server.port)=nope"])
        #expect(wrongCookie.status == 401)
        let otherPort = try HTTPTestResponse.get("/c/c1", port: server.port, headers: ["Cookie": "parley_viewer_1=\(Self.token)"])
        #expect(otherPort.status == 401, "another server's cookie does not open this one")
        for path in ["/healthz", "/public/parley.js", "/public/parley.css", "/favicon.ico", "/colors.css"] {
            #expect(try HTTPTestResponse.get(path, port: server.port).status == 200, "\(path) stays open")
        }
    }

    @Test func theTokenInTheAddressRedirectsWithAnHttpOnlyCookie() throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(server.viewerURL == "http://127.0.0.1:\(server.port)/?token=\(Self.token)")
        let redirect = try HTTPTestResponse.get("/c/c1?token=\(Self.token)", port: server.port)
        #expect(redirect.status == 303)
        #expect(redirect.header("Location") == "/c/c1")
        let cookie = "parley_viewer_\(server.port)=\(Self.token)"
        #expect(redirect.header("Set-Cookie") == cookie + "; Path=/; HttpOnly; SameSite=Lax")
        #expect(try HTTPTestResponse.get("/?token=\(Self.token)", port: server.port).header("Location") == "/")
        let page = try HTTPTestResponse.get("/c/c1", port: server.port, headers: ["Cookie": "theme=dark; " + cookie])
        #expect(page.status == 200)
        #expect(HTMLScan.articleIDs(try #require(HTMLScan.main(page.text)).content) == ["m-106", "m-107", "m-108", "m-109"])
        #expect(try HTTPTestResponse.get("/c/c1/before/106", port: server.port, headers: ["Cookie": cookie]).status == 200)
        let socket = try TestSocket(port: server.port)
        socket.get("/c/c1/events?since=0", headers: ["Cookie": cookie])
        let stream = try HTTPTestResponse.readHead(from: socket)
        #expect(stream.status == 200)
        #expect(stream.header("Content-Type") == "text/event-stream; charset=utf-8")
    }

    @Test func aBearerHeaderOrAStreamTokenAlsoOpens() throws {
        let server = try Self.server()
        defer { server.stop() }
        let metrics = try HTTPTestResponse.get("/metrics", port: server.port, headers: ["Authorization": "Bearer \(Self.token)"])
        #expect(metrics.status == 200)
        #expect(metrics.text.contains("parley_viewers "))
        let socket = try TestSocket(port: server.port)
        socket.get("/c/c1/events?since=0&token=\(Self.token)")
        #expect(try HTTPTestResponse.readHead(from: socket).status == 200, "a stream with ?token= is served, not redirected")
    }

    @Test func shortOrCookieBreakingTokensAreRefusedAtStart() throws {
        let site = Site(channels: [], index: { _ in [] })
        for bad in ["short", "has;semicolon-0123456789", "has space 0123456789", "quote\"0123456789abcdef"] {
            var configuration = ServerConfiguration(port: 0, log: { _ in })
            configuration.viewerToken = bad
            #expect(throws: ServerError.unusableViewerToken) { try LiveServer.start(site, configuration: configuration) }
        }
    }
}
