import CPostgres
import Glibc
import ParleyStore

/// One libpq connection (PostgreSQL's C client library) and the few calls the event store needs:
/// statements with text parameters and text results, `LISTEN` notifications and a reconnect.
/// Not thread-safe on its own (libpq's rule for one `PGconn`): ``PostgresEventStore`` keeps each
/// connection in a `Mutex` and uses it only under the lock, hence `@unchecked Sendable`.
final class PostgresConnection: @unchecked Sendable {
    /// The server as messages name it: the connection string's options without the password.
    let target: String
    private let handle: OpaquePointer

    /// Connects with `connection`, a libpq connection string (`host=… dbname=…`) or URI
    /// (`postgresql://user@host:5432/db`); options it leaves out come from the `PG*` environment
    /// variables and `PGPASSFILE`, as in `psql`.
    /// - Throws: ``StoreError/cannotOpen(path:reason:)`` with libpq's message when the string
    ///   does not parse or the server cannot be reached or refuses the login.
    init(_ connection: String) throws(StoreError) {
        target = Self.describe(connection)
        guard let handle = PQconnectdb(connection) else { throw .cannotOpen(path: target, reason: "out of memory") }
        guard PQstatus(handle) == CONNECTION_OK else {
            let reason = Self.message(PQerrorMessage(handle))
            PQfinish(handle)
            throw .cannotOpen(path: target, reason: reason)
        }
        self.handle = handle
        _ = try query("SET client_min_messages = warning")
    }

    deinit { PQfinish(handle) }

    /// Whether the connection to the server is lost (libpq's `CONNECTION_BAD`).
    var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

    /// When the next ``reconnect()`` may try, and how long it waits after a failed one.
    private var nextAttempt = ContinuousClock.now
    private var backOff = Duration.zero

    /// Closes the connection and opens it again with the same options (libpq's `PQreset`), with
    /// exponential back-off: after a failed attempt the next one waits 100 ms, doubling to 5 s,
    /// and calls before then fail at once (a post gets `503` without waiting for the network).
    /// - Returns: whether the connection is up again.
    func reconnect() -> Bool {
        let now = ContinuousClock.now
        guard now >= nextAttempt else { return false }
        PQreset(handle)
        guard isBroken else {
            backOff = .zero
            return true
        }
        backOff = min(max(backOff * 2, .milliseconds(100)), .seconds(5))
        nextAttempt = now + backOff
        return false
    }

    /// Statements sent since ``statementsSent`` was last set to 0 (by the store, to know whether a
    /// failure came on the first one: then nothing of its work reached the server).
    var statementsSent = 0

    /// Runs one statement with `parameters` (text, nil for `NULL`; `$1`, `$2`, … in `sql`) and
    /// returns its rows, each value as text or nil for `NULL`.
    /// - Throws: ``StoreError/failed(path:reason:)`` with the server's message and SQLSTATE.
    @discardableResult
    func query(_ sql: String, _ parameters: [String?] = []) throws(StoreError) -> [[String?]] {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let values = copies.map { UnsafePointer($0) }
        statementsSent += 1
        let result = values.withUnsafeBufferPointer { buffer in
            PQexecParams(handle, sql, Int32(parameters.count), nil, buffer.baseAddress, nil, nil, 0)
        }
        defer { PQclear(result) }
        guard let result else { throw .failed(path: target, reason: Self.message(PQerrorMessage(handle))) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let state = PQresultErrorField(result, Self.sqlState).map { " (SQLSTATE \(String(cString: $0)))" } ?? ""
            throw .failed(path: target, reason: Self.message(PQresultErrorMessage(result)) + state)
        }
        let columns = PQnfields(result)
        return (0..<PQntuples(result)).map { row in
            (0..<columns).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    /// The connection's socket, to wait on for notifications (libpq's `PQsocket`); -1 when lost.
    var socket: Int32 { PQsocket(handle) }

    /// Reads what the server sent and returns the payloads of the notifications received since
    /// the last call, in order (`LISTEN`; libpq's `PQconsumeInput` and `PQnotifies`).
    /// - Throws: ``StoreError/failed(path:reason:)`` when the connection is lost.
    func notifications() throws(StoreError) -> [String] {
        guard PQconsumeInput(handle) == 1 else { throw .failed(path: target, reason: Self.message(PQerrorMessage(handle))) }
        var payloads: [String] = []
        while let notification = PQnotifies(handle) {
            payloads.append(String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
        return payloads
    }

    /// libpq's `PG_DIAG_SQLSTATE`, a character constant Swift does not import.
    private static let sqlState = Int32(UInt8(ascii: "C"))

    /// libpq's message without its trailing newline.
    private static func message(_ text: UnsafePointer<CChar>?) -> String {
        guard let text else { return "unknown error" }
        var message = String(cString: text)
        while message.last?.isNewline == true { message.removeLast() }
        return message.isEmpty ? "unknown error" : message
    }

    /// Whether `text` is a libpq connection string naming at least one option: `PQconninfoParse`
    /// reads it (a file name fails: "missing "=" after …", as does an unknown keyword).
    static func isConnectionString(_ text: String) -> Bool {
        guard text.contains("="), let options = PQconninfoParse(text, nil) else { return false }
        PQconninfoFree(options)
        return true
    }

    /// `connection`'s options as `key=value` pairs without the password (libpq's
    /// `PQconninfoParse`), or "PostgreSQL (PG* environment variables)" when it names none.
    static func describe(_ connection: String) -> String {
        guard let options = PQconninfoParse(connection, nil) else { return "PostgreSQL (an unreadable connection string)" }
        defer { PQconninfoFree(options) }
        var pairs: [String] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val, String(cString: keyword) != "password" {
                pairs.append("\(String(cString: keyword))=\(String(cString: value))")
            }
            option += 1
        }
        return pairs.isEmpty ? "PostgreSQL (PG* environment variables)" : "PostgreSQL (\(pairs.joined(separator: " ")))"
    }
}
