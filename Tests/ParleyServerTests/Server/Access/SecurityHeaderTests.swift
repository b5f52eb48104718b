import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyWaitSupport
import Testing

/// Every kind of reply carries the security headers: pages, assets, streams, errors, redirects.
@Suite(.stretchedTimeLimit(minutes: 1)) struct SecurityHeaderTests {
    static let policy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' https: data:; "
        + "media-src 'self' https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func expectSecurityHeaders(_ response: HTTPTestResponse, _ what: String) {
        #expect(response.header("Content-Security-Policy") == policy, "\(what)")
        #expect(response.header("X-Content-Type-Options") == "nosniff", "\(what)")
        #expect(response.header("Referrer-Policy") == "no-referrer", "\(what)")
        #expect(response.headers.filter { $0.name == "X-Content-Type-Options" }.count == 1, "\(what): sent once")
        #expect(!(response.header("Content-Security-Policy") ?? "").contains("unsafe"), "\(what)")
    }

    @Test func pagesAssetsErrorsAndRedirectsCarryThem() throws {
        let server = try ServerFixture.tiny()
        defer { server.stop() }
        for path in [
            "/", "/c/c1", "/c/c1/before/106", "/public/parley.js", "/public/parley.css", "/favicon.ico", "/colors.css", "/healthz",
            "/metrics",
        ] {
            let response = try HTTPTestResponse.get(path, port: server.port)
            #expect(response.status == 200, "\(path)")
            Self.expectSecurityHeaders(response, path)
        }
        for path in ["/nowhere", "/c/nope", "/c/c1/events?since=x"] {
            let response = try HTTPTestResponse.get(path, port: server.port)
            #expect([400, 404].contains(response.status), "\(path)")
            Self.expectSecurityHeaders(response, path)
        }
    }

    @Test func eventStreamsCarryThem() throws {
        let server = try ServerFixture.tiny()
        defer { server.stop() }
        let socket = try TestSocket(port: server.port)
        socket.get("/c/c1/events?since=0")
        let head = try HTTPTestResponse.readHead(from: socket)
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "text/event-stream; charset=utf-8")
        Self.expectSecurityHeaders(head, "stream")
    }
}
