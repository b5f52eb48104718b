import Foundation
import ParleyServerTestSupport
import ParleyWaitSupport
import Synchronization
import Testing

@testable import ParleyServer

/// A viewer closing its tab cuts its stream off: normal, so it is counted in `/metrics`
/// (`parley_sends_cut_off_total`) and libmicrohttpd's message for it stays out of the log.
@Suite(.stretchedTimeLimit(minutes: 1)) struct ClosedConnectionLogTests {
    /// The lines the server logged.
    final class LogLines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// A viewer that closes its socket while its stream waits, with a reset (`SO_LINGER` 0) or
    /// the ordinary way (a tab closed): the batches after it cannot be sent, which ends the stream,
    /// counts once and logs nothing.
    @Test(arguments: [true, false]) func aClosedStreamIsCountedNotLogged(reset: Bool) throws {
        let log = LogLines()
        let channel = SyntheticChannel()
        let server = try ServerFixture.start([channel]) { $0.log = log.append }
        defer { server.stop() }
        let broadcaster = try #require(server.broadcaster(for: channel.id))
        try openThenClose(port: server.port, reset: reset)
        try eventually("the closed stream to end") {
            _ = try? channel.advance(on: broadcaster)
            return server.metrics.viewerCount == 0
        }
        #expect(server.metrics.sendsCutOffCount == 1)
        #expect(log.all == [])
        let metrics = try fetchMetrics(port: server.port)
        #expect(metrics.contains("parley_sends_cut_off_total 1"))
    }

    /// Another libmicrohttpd message still reaches the log: a header line without a colon.
    @Test func otherLibraryMessagesAreLogged() throws {
        let log = LogLines()
        let server = try ServerFixture.start([SyntheticChannel()]) { $0.log = log.append }
        defer { server.stop() }
        let socket = try TestSocket(port: server.port)
        socket.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nNoColon\r\n\r\n")
        #expect(try HTTPTestResponse.read(from: socket).status == 400)
        try eventually("libmicrohttpd's message") { !log.all.isEmpty }
        #expect(
            log.all == [
                "libmicrohttpd: Error processing request (HTTP response code is 400 ('<html><head><title>Request malformed</title>"
                    + "</head><body>Your HTTP request was syntactically incorrect.</body></html>')). Closing connection."
            ])
        #expect(server.metrics.sendsCutOffCount == 0)
    }

    @Test func onlyFailedSendsToAClosedConnectionAreCounted() {
        let cutOff = "Failed to send the chunked response body for the request for `/c/a/events'. Error: "
        #expect(LibraryLogMessage(cutOff + "The connection was forcibly closed by remote peer\n").isClosedConnection)
        #expect(LibraryLogMessage(cutOff + "The socket is no longer available for sending").isClosedConnection)
        #expect(LibraryLogMessage(cutOff + "The socket is not connected").isClosedConnection)
        #expect(!LibraryLogMessage(cutOff + "Not enough system resources to serve the request").isClosedConnection)
        #expect(!LibraryLogMessage("Connection was closed by remote side with incomplete request.").isClosedConnection)
        #expect(LibraryLogMessage("Closing connection (out of memory).\n\n").text == "Closing connection (out of memory).")
    }

    /// Opens `/c/s1/events?since=0`, reads up to the retry hint, then closes the socket: with a
    /// reset (`SO_LINGER` 0) or with an ordinary close.
    private func openThenClose(port: Int, reset: Bool) throws {
        let stream = try EventStreamClient(port: port, path: "/c/s1/events?since=0")
        #expect(try stream.next()?.lines == ["retry: 2000"])
        if reset {
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(stream.socket.descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        }
    }

    private func fetchMetrics(port: Int) throws -> [String] {
        let socket = try TestSocket(port: port)
        socket.get("/metrics", headers: ["Connection": "close"])
        let text = String(decoding: try socket.readUntilClosed(), as: UTF8.self)
        return text.split(separator: "\r\n").flatMap { $0.split(separator: "\n") }.map(String.init)
    }
}
