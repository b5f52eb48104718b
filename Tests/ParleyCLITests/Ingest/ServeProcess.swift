import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleySite
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// `parley serve tiny.json --port PORT --db DATABASE --token TOKEN` in a child process: a SQLite
/// file, or a PostgreSQL database named by a `postgresql://` URI.
struct ServeProcess {
    let process = Process()
    let port: Int

    /// Starts the server on a free port and waits (up to 5 s) until `/healthz` answers; `extra`
    /// arguments follow the others.
    init(database: String, extra: [String] = []) throws {
        port = try Self.freePort()
        process.executableURL = ParleyProcess.executable
        process.arguments =
            [
                "serve", TestPaths.fixture("tiny.json").path, "--port", String(port), "--db", database, "--token", IngestFixture.token,
                "--quiet",
            ] + extra
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try eventually("parley serve to answer /healthz on port \(port)") {
            (try? HTTPTestResponse.get("/healthz", port: port))?.status == 200
        }
    }

    /// A port the kernel picks for a loopback socket, closed again.
    private static func freePort() throws -> Int {
        let server = try LiveServer.start(
            Site(channels: [], index: { _ in [] }), configuration: ServerConfiguration(port: 0, log: { _ in }))
        defer { server.stop() }
        return server.port
    }

    /// Posts one record to `channel` with the test token.
    static func post(_ record: String, channel: String = "c1", port: Int) throws -> HTTPTestResponse {
        let socket = try TestSocket(port: port)
        socket.send(
            "POST /c/\(channel)/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(IngestFixture.token)\r\n"
                + "Content-Length: \(record.utf8.count)\r\n\r\n" + record)
        return try HTTPTestResponse.read(from: socket)
    }
}

extension ServeProcess {
    /// Stops the server (SIGTERM) and waits for it to exit.
    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
