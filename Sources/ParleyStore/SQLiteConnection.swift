import CSQLite

/// One SQLite connection and the few statement helpers the store needs. Not thread-safe on its
/// own: ``EventStore`` serializes every use behind a lock.
final class SQLiteConnection {
    let path: String
    private let handle: OpaquePointer

    init(path: String) throws(StoreError) {
        var pointer: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            let reason = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close(pointer)
            throw .cannotOpen(path: path, reason: reason)
        }
        self.path = path
        self.handle = pointer
        sqlite3_busy_timeout(handle, 5000)
    }

    deinit { sqlite3_close(handle) }

    /// Runs SQL that returns no rows (several statements allowed).
    func execute(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let reason = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw .failed(path: path, reason: reason)
        }
    }

    /// Runs one statement with text and integer parameters, calling `row` for each result row.
    func query(_ sql: String, _ parameters: [SQLValue] = [], row: (Row) -> Void = { _ in }) throws(StoreError) {
        try queryEach(sql, [parameters], row: row)
    }

    /// Runs one statement once per parameter list, prepared once (for many inserts in one
    /// transaction), calling `row` for each result row.
    func queryEach(
        _ sql: String, _ parameterLists: some Sequence<[SQLValue]>, row: (Row) -> Void = { _ in }
    ) throws(StoreError) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw .failed(path: path, reason: lastError)
        }
        defer { sqlite3_finalize(statement) }
        for parameters in parameterLists {
            sqlite3_reset(statement)
            try run(statement, parameters, row: row)
        }
    }

    private func run(_ statement: OpaquePointer, _ parameters: [SQLValue], row: (Row) -> Void) throws(StoreError) {
        for (index, parameter) in parameters.enumerated() {
            switch parameter {
            case let .text(text): _ = parley_sqlite3_bind_text(statement, Int32(index + 1), text, -1)
            case let .integer(value): sqlite3_bind_int64(statement, Int32(index + 1), value)
            }
        }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: row(Row(statement: statement))
            case SQLITE_DONE: return
            default: throw .failed(path: path, reason: lastError)
            }
        }
    }

    var lastError: String { String(cString: sqlite3_errmsg(handle)) }
}

/// A parameter of a statement.
enum SQLValue: Equatable {
    case text(String)
    case integer(Int64)
}

/// The current row of a statement being stepped.
struct Row {
    let statement: OpaquePointer

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: pointer)
    }
}
