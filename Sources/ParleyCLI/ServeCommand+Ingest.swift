import Foundation
import ParleyLive
import ParleyPostgres
import ParleyServer
import ParleySite
import ParleyStore

extension ServeCommand {
    /// The ingest settings of `POST /c/{channel}/events`, when ingest is on: with `--demo`,
    /// `--db`, `--token` or `PARLEY_TOKEN` (not with `--follow`, whose lines take their own
    /// versions). The token is `--token`, else `PARLEY_TOKEN`, else 32 random bytes in hex
    /// (`generated`: the caller prints it once the server runs). The database is `--db` — a
    /// `postgresql://` URI or a libpq connection string names a PostgreSQL database shared with
    /// other servers (``PostgresEventStore/names(_:)``), anything else a SQLite file — else a
    /// temporary file with `--demo`, else `$XDG_STATE_HOME/parley/events.sqlite`
    /// (`~/.local/state/parley/events.sqlite`).
    /// - Throws: ``CommandFailure`` with ``ExitCode/usage`` for a bad `--max-body`, a token
    ///   shorter than 16 characters or `--follow` with ingest, ``ExitCode/ioError`` when the
    ///   database cannot be opened or reached, ``ExitCode/cannotCreate`` when it is not Parley's.
    static func ingestSettings(_ parsed: OptionParser.Result) throws(CommandFailure)
        -> (settings: IngestSettings, store: any EventLog, generated: Bool)?
    {
        let environment = ProcessInfo.processInfo.environment
        let asked = parsed.has("db") || parsed.has("token") || parsed.has("max-body") || environment["PARLEY_TOKEN"] != nil
        guard parsed.has("demo") || asked else { return nil }
        guard !parsed.has("follow") else {
            throw CommandFailure(.usage, "--follow cannot be combined with ingest (--db, --token, PARLEY_TOKEN, --max-body)")
        }
        let maxBody = try wholeNumber(parsed, "max-body", default: 1 << 20, range: 1...(1 << 30))
        var token = parsed.value("token") ?? environment["PARLEY_TOKEN"] ?? ""
        let generated = token.isEmpty
        guard generated || IngestSettings.isUsable(token) else { throw CommandFailure(.usage, ServerError.unusableIngestToken.description) }
        if generated {
            var random = SystemRandomNumberGenerator()
            token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &random)) }.joined()
        }
        let path = parsed.value("db") ?? (parsed.has("demo") ? temporaryDatabase() : stateDatabase(environment))
        let settings = IngestSettings(token: token, maxBodyBytes: maxBody)
        do {
            if PostgresEventStore.names(path) { return (settings, try PostgresEventStore(options: path), generated) }
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            return (settings, try EventStore(path: path), generated)
        } catch {
            guard case .unsupported = error else { throw CommandFailure(.ioError, "--db: \(error.description)") }
            throw CommandFailure(.cannotCreate, "--db: \(error.description)")
        }
    }

    /// `channels` with the events `store` holds for them, followed by the channels only `store`
    /// holds (created by earlier posts), and the stored events left out because they no longer
    /// read or apply (``SkippedEvent``; the caller warns about each and counts them).
    /// - Throws: ``CommandFailure`` with ``ExitCode/ioError`` naming the database when it cannot be read.
    static func restore(
        _ channels: [LiveServedChannel], from store: any EventLog, options: LiveOptions, pages: LivePageRenderer
    ) throws(CommandFailure)
        -> (channels: [LiveServedChannel], skipped: [SkippedEvent])
    {
        var skipped: [SkippedEvent] = []
        do {
            for channel in channels { skipped += try channel.restore(from: store) }
            let stored = try LiveServedChannel.storedChannels(
                in: store, except: Set(channels.map(\.id)), options: options, pages: pages, skipped: &skipped)
            return (channels + stored, skipped)
        } catch {
            throw CommandFailure(.ioError, "--db \(store.path): \(error)")
        }
    }

    /// `$XDG_STATE_HOME/parley/events.sqlite`, or `~/.local/state/parley/events.sqlite` when
    /// `XDG_STATE_HOME` is unset or empty (XDG Base Directory Specification 0.8).
    static func stateDatabase(_ environment: [String: String]) -> String {
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/state")
        return (state as NSString).appendingPathComponent("parley/events.sqlite")
    }

    /// A new database file in the temporary directory, for `--demo`.
    private static func temporaryDatabase() -> String {
        (NSTemporaryDirectory() as NSString).appendingPathComponent("parley-demo-\(UUID().uuidString).sqlite")
    }
}
