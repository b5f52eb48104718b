import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// `GET /favicon.ico` serves the icon every archive holds at its root, byte for byte as the
/// resource bundle has it (`Sources/ParleyAssets/favicon.ico`), as an icon with an entity tag.
@Suite(.stretchedTimeLimit(minutes: 1)) struct FaviconTests {
    static let bundled = TestPaths.packageRoot.appendingPathComponent("Sources/ParleyAssets/favicon.ico")

    @Test func theIconIsServedAsBundledAndRevalidates() throws {
        let server = try ServerFixture.tiny()
        defer { server.stop() }
        let icon = try HTTPTestResponse.get("/favicon.ico", port: server.port)
        #expect(icon.status == 200)
        #expect(icon.header("Content-Type") == "image/x-icon")
        #expect(icon.body == Array(try Data(contentsOf: Self.bundled)))
        #expect(icon.body.count == 1344)
        let etag = try #require(icon.header("ETag"))
        let again = try HTTPTestResponse.get("/favicon.ico", port: server.port, headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        let head = try HTTPTestResponse.get("/favicon.ico", port: server.port, method: "HEAD")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "1344")
        #expect(try HTTPTestResponse.get("/favicon.ico", port: server.port, method: "POST").status == 405)
    }
}
