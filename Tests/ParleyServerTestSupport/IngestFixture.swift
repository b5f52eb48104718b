import Foundation
import ParleyLive
import ParleyRender
import ParleyServer
import ParleySite
import ParleyStore

/// A live server of the `tiny.json` fixture's channel `c1` with ingest into a database file.
package struct IngestFixture {
    package static let token = "test-token-0123456789"
    package let server: LiveServer
    /// Where posts and in-process events go (``EventIngest/ingest(_:to:)``).
    package let ingest: EventIngest
    package let store: EventStore
    /// The database file's path.
    package let database: String
    /// The stored events restoring the channels left out.
    package let skipped: [SkippedEvent]

    /// Starts a server on `database` (a new temporary file when nil), rebuilding `c1` and the
    /// channels only the database holds from it, as `parley serve` does; `creatingChannels`
    /// lets a post create a channel (`--create-channels`); `window` is the live window's size;
    /// `adjust` changes the rest of the configuration.
    package static func start(
        database: String? = nil, maxBodyBytes: Int = 1 << 20, creatingChannels: Bool = false, window: Int = 500,
        adjust: (inout ServerConfiguration) -> Void = { _ in }
    ) throws -> IngestFixture {
        let path = database ?? temporaryDatabase()
        let store = try EventStore(path: path)
        let options = LiveOptions(window: window, templates: try TemplateSet.load())
        let transcript = try ServerTranscripts.tiny()
        let pages = try LivePageRenderer.load(siteTitle: transcript.title)
        let known = LiveServedChannel(channel: transcript.channels[0], directory: transcript.directory, options: options, pages: pages)
        var skipped = try known.restore(from: store)
        let channels =
            [known]
            + (try LiveServedChannel.storedChannels(in: store, except: [known.id], options: options, pages: pages, skipped: &skipped))
        let ingest = EventIngest(channels: channels, store: store, newChannels: creatingChannels ? options : nil, pages: pages)
        let server = try ServerFixture.start(channels, ingest: ingest) {
            $0.ingest = IngestSettings(token: token, maxBodyBytes: maxBodyBytes)
            $0.restoreSkippedEvents = skipped.count
            adjust(&$0)
        }
        return IngestFixture(server: server, ingest: ingest, store: store, database: path, skipped: skipped)
    }

    /// Stops the server and deletes its database (a test's last step).
    package func stopAndDeleteDatabase() {
        server.stop()
        Self.removeDatabase(database)
    }

    /// Deletes the database file at `path` with its `-wal` and `-shm` files.
    package static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// A path for a new database file in the temporary directory.
    package static func temporaryDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("parley-ingest-\(UUID().uuidString).sqlite").path
    }

    /// `POST /c/CHANNEL/events` with `body` and `Authorization: Bearer TOKEN` (none when nil); the
    /// reply may take `timeout` seconds.
    package func post(
        _ body: String, channel: String = "c1", token: String? = IngestFixture.token, timeout: Double = 5
    ) throws -> HTTPTestResponse {
        let socket = try TestSocket(port: server.port, timeout: timeout)
        var head = "POST /c/\(channel)/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        socket.send(head + "Content-Type: application/x-ndjson\r\n\r\n" + body)
        return try HTTPTestResponse.read(from: socket)
    }

    /// A `message` event record creating message `id` in `c1` at minute `minute` of 1 April 2024.
    package static func message(_ id: String, minute: Int = 0, text: String = "hello") -> String {
        let time = String(format: "2024-04-01T10:%02d:00.000Z", minute % 60)
        return
            #"{"type":"message","channel":"c1","id":"\#(id)","timestamp":"\#(time)","author":{"id":"u9","name":"bot"},"content":"\#(text)"}"#
    }
}
