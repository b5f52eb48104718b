import Foundation
import ParleyRender
import ParleyServer
import ParleyServerTestSupport
import ParleySite
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// Every route over real HTTP on loopback: status, headers and bodies.
@Suite(.stretchedTimeLimit(minutes: 1)) struct ServerRoutesTests {
    @Test func livePageHoldsTheWindowWithTheLiveAttributesAndTheClientScript() throws {
        let server = try ServerFixture.tiny()
        defer { server.stop() }
        let response = try HTTPTestResponse.get("/c/c1", port: server.port)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-store")
        let main = try #require(HTMLScan.main(response.text))
        let epoch = try #require(main.tag.firstMatch(of: /data-epoch="([0-9a-f]{16})"/)?.1)
        #expect(
            main.tag
                == #"<main id="transcript" class="transcript" role="log" aria-live="polite" data-channel="c1" data-version="0" data-protocol="2" data-epoch="\#(epoch)" data-stream="/c/c1/events" data-older="/c/c1/before/">"#
        )
        let restarted = try ServerFixture.tiny()
        defer { restarted.stop() }
        let again = try #require(HTMLScan.main(try HTTPTestResponse.get("/c/c1", port: restarted.port).text))
        #expect(again.tag.firstMatch(of: /data-epoch="([0-9a-f]{16})"/)?.1 != epoch, "a new epoch at every start")
        #expect(HTMLScan.articleIDs(main.content) == ["m-106", "m-107", "m-108", "m-109"])
        let channel = StaticChannel(
            channel: try ServerTranscripts.tiny().channels[0], directory: try ServerTranscripts.tiny().directory, window: 4,
            templates: try TemplateSet.load(), pages: try LivePageRenderer.load(siteTitle: "tiny"))
        #expect(main.content == String(decoding: channel.current().sections, as: UTF8.self))
        #expect(response.text.contains(#"<script type="module" src="/public/parley.js"></script>"#))
        #expect(response.text.contains(#"<link rel="icon" href="/favicon.ico">"#))
        #expect(response.text.contains("connect-src &#39;self&#39;"))
        #expect(response.text.contains(#"<title>tiny &amp; &lt;small&gt; · Fixture &lt;Guild&gt;</title>"#))
    }

    @Test func olderMessagesComeAWindowAtATime() throws {
        let server = try ServerFixture.tiny()
        defer { server.stop() }
        let first = try HTTPTestResponse.get("/c/c1/before/106", port: server.port)
        #expect(first.status == 200)
        #expect(first.header("Content-Type") == "text/html; charset=utf-8")
        #expect(HTMLScan.articleIDs(first.text) == ["m-102", "m-103", "m-104", "m-105"])
        #expect(first.text.components(separatedBy: "<section class=\"day\"").count - 1 == 2, "30 and 31 March")
        #expect(HTMLScan.articleIDs(try HTTPTestResponse.get("/c/c1/before/102", port: server.port).text) == ["m-101"])
        let none = try HTTPTestResponse.get("/c/c1/before/101", port: server.port)
        #expect(none.status == 200)
        #expect(none.body.isEmpty)
        let unknown = try HTTPTestResponse.get("/c/c1/before/999", port: server.port)
        #expect(unknown.status == 404)
        #expect(unknown.text == "channel 'c1' has no message '999'\n")
    }

    @Test func channelListLinksEveryChannelAndRevalidates() throws {
        let server = try ServerFixture.start([SyntheticChannel(id: "s1"), SyntheticChannel(id: "s 2")])
        defer { server.stop() }
        let list = try HTTPTestResponse.get("/", port: server.port)
        #expect(list.status == 200)
        #expect(list.text.contains(#"<link rel="icon" href="/favicon.ico">"#))
        #expect(list.text.contains(#"<a href="/c/s1"><bdi>synthetic</bdi></a>"#))
        #expect(list.text.contains(#"<a href="/c/s%202"><bdi>synthetic</bdi></a>"#))
        let etag = try #require(list.header("ETag"))
        #expect(try HTTPTestResponse.get("/", port: server.port, headers: ["If-None-Match": etag]).status == 304)
    }

    @Test func assetsHaveContentTypesAndEntityTags() throws {
        let server = try ServerFixture.start([SyntheticChannel()])
        defer { server.stop() }
        let css = try HTTPTestResponse.get("/public/parley.css", port: server.port)
        #expect(css.status == 200)
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        #expect(css.body == Array(try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Public/parley.css"))))
        let etag = try #require(css.header("ETag"))
        let again = try HTTPTestResponse.get("/public/parley.css", port: server.port, headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.header("ETag") == etag)
        let colors = try HTTPTestResponse.get("/colors.css", port: server.port)
        #expect(colors.text == ".color-abcdef{color:#abcdef}\n")
        #expect(try HTTPTestResponse.get("/public/nope.js", port: server.port).status == 404)
    }

    @Test func healthMetricsAndErrors() throws {
        let server = try ServerFixture.start([SyntheticChannel()])
        defer { server.stop() }
        let health = try HTTPTestResponse.get("/healthz", port: server.port)
        #expect(health.status == 200)
        #expect(health.text == "ok\n")
        let metrics = try HTTPTestResponse.get("/metrics", port: server.port)
        #expect(metrics.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(metrics.text.contains("\nparley_viewers 0\n"))
        let cases: [(String, String, Int, String)] = [
            ("GET", "/nope", 404, "not found: /nope\n"),
            ("GET", "/c/nope", 404, "unknown channel 'nope'\n"),
            ("POST", "/c/s1", 405, "method POST not allowed; expected GET or HEAD\n"),
            (
                "POST", "/c/s1/events", 405,
                "method POST not allowed: this server takes no events; start parley serve with --token, --db or PARLEY_TOKEN\n"
            ),
            ("GET", "/c/s1/events?since=x", 400, "since: expected a whole number ≥ 0, got 'x'\n"),
        ]
        for (method, path, status, message) in cases {
            let socket = try TestSocket(port: server.port)
            socket.get(path, method: method, headers: method == "POST" ? ["Content-Length": "0"] : [:])
            let response = try HTTPTestResponse.read(from: socket)
            #expect(response.status == status, "\(method) \(path)")
            #expect(response.text == message, "\(method) \(path)")
        }
        let head = try HTTPTestResponse.get("/c/s1/events", port: server.port, method: "HEAD")
        #expect(head.status == 405)
        #expect(head.header("Allow") == "GET")
    }

    @Test func keepsConnectionsAliveAcrossRequests() throws {
        let server = try ServerFixture.start([SyntheticChannel()])
        defer { server.stop() }
        let socket = try TestSocket(port: server.port)
        for path in ["/healthz", "/c/s1", "/c/s1/before/1", "/healthz"] {
            socket.get(path)
            let response = try HTTPTestResponse.read(from: socket)
            #expect(response.status == 200, "\(path)")
        }
    }
}
