import Foundation
import ParleyModel
import ParleyServer
import ParleyServerTestSupport
import ParleyStore
import ParleyWaitSupport
import Testing

/// The credentials' small print: the `Bearer` scheme in any letter case (RFC 9110 § 11.1), an
/// ingest token as long as a viewer token, and no channel named by a dot segment.
@Suite(.stretchedTimeLimit(minutes: 1)) struct BearerSchemeTests {
    /// Posts one message to `c1` with the `Authorization` value `authorization`.
    static func post(_ fixture: IngestFixture, authorization: String) throws -> HTTPTestResponse {
        let socket = try TestSocket(port: fixture.server.port)
        let body = IngestFixture.message("b1")
        socket.send(
            "POST /c/c1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: \(authorization)\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        return try HTTPTestResponse.read(from: socket)
    }

    @Test(arguments: ["Bearer", "bearer", "BEARER", "bEaReR"])
    func anyLetterCaseOfTheSchemeOpensIngestAndViewing(scheme: String) throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let posted = try Self.post(fixture, authorization: "\(scheme)  \(IngestFixture.token)")
        #expect(posted.status == 200)
        #expect(posted.text == #"{"channel":"c1","events":1,"version":1}"# + "\n")
        let viewing = try ViewerTokenTests.server()
        defer { viewing.stop() }
        let metrics = try HTTPTestResponse.get(
            "/metrics", port: viewing.port, headers: ["Authorization": "\(scheme) \(ViewerTokenTests.token)"])
        #expect(metrics.status == 200)
    }

    @Test(arguments: [
        "Basic \(IngestFixture.token)", "Bearer", "Bearer ", "Bearer\(IngestFixture.token)", "Bearers \(IngestFixture.token)",
    ])
    func otherSchemesAndMissingTokensAreRefused(header: String) throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let refused = try Self.post(fixture, authorization: header)
        #expect(refused.status == 401)
        #expect(refused.text == "expected an Authorization: Bearer TOKEN header with the server's ingest token\n")
    }

    @Test func anIngestTokenShorterThan16IsRefusedAtStart() throws {
        for bad in ["s3cret", "fifteen-chars-x", "has space 0123456789"] {
            #expect(throws: ServerError.unusableIngestToken) {
                try ServerFixture.start([SyntheticChannel()]) { $0.ingest = IngestSettings(token: bad) }
            }
        }
        let sixteen = try ServerFixture.start([SyntheticChannel()]) { $0.ingest = IngestSettings(token: "sixteen-chars-xy") }
        sixteen.stop()
        #expect(
            ServerError.unusableIngestToken.description == "--token (or PARLEY_TOKEN): expected at least 16 characters of visible ASCII")
    }

    @Test(arguments: [".", ".."])
    func createChannelsRefusesDotSegments(id: String) throws {
        let fixture = try IngestFixture.start(creatingChannels: true)
        defer { fixture.stopAndDeleteDatabase() }
        let reply = try fixture.post(CreateChannelTests.message("1", channel: id), channel: id)
        #expect(reply.status == 400)
        #expect(
            reply.text
                == "cannot create channel '\(id)': expected 1 to 100 letters, digits, '-', '.', '_' or '~', other than '.' and '..'\n")
        #expect(try fixture.store.channels().map(\.id) == ["c1"])
        #expect(!(try HTTPTestResponse.get("/", port: fixture.server.port).text.contains("/c/\(id)\"")))
    }
}
