import Foundation
import ParleyServerTestSupport
import ParleyWaitSupport
import Testing

@testable import ParleyServer

/// Requests whose body could be delimited two ways are refused and their connection closed
/// (RFC 9112 § 6.3, request smuggling); an unknown transfer coding gets `501`; bare LF line ends
/// and obsolete line folding are accepted.
@Suite(.stretchedTimeLimit(minutes: 1)) struct MessageFramingTests {
    static let body = IngestFixture.message("f1")

    /// Sends `head` (the request line and headers, CRLF-separated, without the blank line) and
    /// `body` to `/c/c1/events`, and reads until the server closes.
    static func exchange(_ fixture: IngestFixture, headers: String, body: String) throws -> String {
        let socket = try TestSocket(port: fixture.server.port)
        socket.send(
            "POST /c/c1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(IngestFixture.token)\r\n\(headers)\r\n" + body)
        return String(decoding: try socket.readUntilClosed(), as: UTF8.self)
    }

    static let chunked = String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n"

    @Test(arguments: [
        ("Content-Length: \(body.utf8.count)\r\nContent-Length: 5\r\n", body),
        ("Content-Length: 5\r\nContent-Length: \(body.utf8.count)\r\n", body),
        ("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", chunked),
        ("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", chunked),
        ("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", chunked),
    ])
    func twoWaysToFrameABodyGet400AndTheConnectionCloses(headers: String, body: String) throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let reply = try Self.exchange(fixture, headers: headers, body: body)
        #expect(reply.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(reply.contains("\r\nConnection: close\r\n"))
        #expect(
            reply.hasSuffix(
                "\r\n\r\nexpected one Content-Length or one Transfer-Encoding: chunked header, not two and not both (RFC 9112 § 6.3)\n"))
        #expect(try fixture.post(IngestFixture.message("f2")).text == #"{"channel":"c1","events":1,"version":1}"# + "\n")
    }

    @Test(arguments: ["xchunked", "gzip, chunked", "identity"])
    func anUnknownTransferCodingGets501AndTheConnectionCloses(coding: String) throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let reply = try Self.exchange(fixture, headers: "Transfer-Encoding: \(coding)\r\n", body: Self.chunked)
        #expect(reply.hasPrefix("HTTP/1.1 501 Not Implemented\r\n"))
        #expect(reply.contains("\r\nConnection: close\r\n"))
        #expect(reply.hasSuffix("\r\n\r\nTransfer-Encoding '\(coding)' is not supported; expected chunked\n"))
        #expect(try fixture.post(IngestFixture.message("f2")).text == #"{"channel":"c1","events":1,"version":1}"# + "\n")
    }

    @Test func oneContentLengthOrChunkedInAnyCaseIsServedAndKeptAlive() throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let socket = try TestSocket(port: fixture.server.port)
        let head = "POST /c/c1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(IngestFixture.token)\r\n"
        socket.send(head + "Transfer-Encoding: Chunked\r\n\r\n" + Self.chunked)
        #expect(try HTTPTestResponse.read(from: socket).text == #"{"channel":"c1","events":1,"version":1}"# + "\n")
        let second = IngestFixture.message("f2")
        socket.send(head + "Content-Length: \(second.utf8.count)\r\n\r\n" + second)
        #expect(try HTTPTestResponse.read(from: socket).text == #"{"channel":"c1","events":1,"version":2}"# + "\n")
    }

    @Test func bareLineFeedsAndObsoleteFoldingAreAccepted() throws {
        let server = try ServerFixture.start([SyntheticChannel()])
        defer { server.stop() }
        let bare = try TestSocket(port: server.port)
        bare.send("GET /healthz HTTP/1.1\nHost: 127.0.0.1\n\n")
        #expect(try HTTPTestResponse.read(from: bare).text == "ok\n")
        let folded = try TestSocket(port: server.port)
        folded.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: one\r\n two\r\n\r\n")
        #expect(try HTTPTestResponse.read(from: folded).text == "ok\n")
    }

    @Test func theRuleItself() {
        #expect(MessageFraming(contentLengths: 1, transferEncodings: 0, transferCoding: nil).refusal == nil)
        #expect(MessageFraming(contentLengths: 0, transferEncodings: 1, transferCoding: " CHUNKED ").refusal == nil)
        #expect(MessageFraming(contentLengths: 0, transferEncodings: 0, transferCoding: nil).refusal == nil)
        #expect(MessageFraming(contentLengths: 2, transferEncodings: 0, transferCoding: nil).refusal == .ambiguousFraming)
        #expect(MessageFraming(contentLengths: 1, transferEncodings: 1, transferCoding: "chunked").refusal == .ambiguousFraming)
        #expect(MessageFraming(contentLengths: 0, transferEncodings: 1, transferCoding: "x").refusal == .unsupportedTransferCoding("x"))
    }
}
