import CSQLite

/// One SQLite connection and the few statement helpers the store needs. Not thread-safe on its
/// own: ``EventStore`` serializes every use behind a lock.
final class SQLiteConnection {
    let path: String
    private let handle: OpaquePointer

    /// Opens (or creates) the database at `path`; with `readOnly`, opens an existing one for
    /// reading only.
    /// - Throws: ``StoreError/cannotOpen(path:reason:)`` naming SQLite's reason.
    init(path: String, readOnly: Bool = false) throws(StoreError) {
        _ = Self.configured
        var pointer: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
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

    /// SQLite configured, once, before the first connection initializes it: memory statistics
    /// off (they take a process-wide mutex on every allocation, SQLite's own and every text bound,
    /// which it copies, and nothing reads them), and the sorter's runs at least
    /// ``sorterRunPages`` pages.
    private static let configured: Int32 =
        parley_sqlite3_disable_memory_statistics() | parley_sqlite3_set_sorter_run_pages(sorterRunPages)

    /// The least pages of a run of SQLite's sorter (its default is 250): with the 16 KiB pages of
    /// an archive store, 250 pages made each run 4 MB where the 2 MB of the page cache would do,
    /// and a store's index sort took 4 MB more peak memory (the sqlite3 shell, 1,000,000 rows:
    /// 14.5 MB against 10.3 MB with 4 KiB pages) for no speed.
    static let sorterRunPages: UInt32 = 125

    /// Statements prepared so far, by SQL text: preparing costs more than running a point lookup,
    /// and a render runs the same few statements a million times.
    private var statements: [String: OpaquePointer] = [:]
    /// The last few statements found, so that a statement of a hot loop (the intake alternates a
    /// few) is found by `==`, which answers at once for the same SQL literal, instead of by
    /// hashing its text (about 1,200 instructions for a statement of 200 bytes).
    private var recent: [(sql: String, statement: OpaquePointer)] = []
    private var nextRecent = 0
    static let recentCount = 4

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    /// The statement for `sql`, prepared once per connection.
    private func prepared(_ sql: String) throws(StoreError) -> OpaquePointer {
        if let hit = recent.first(where: { $0.sql == sql }) { return hit.statement }
        let statement: OpaquePointer
        if let prepared = statements[sql] { statement = prepared } else { statement = try prepare(sql) }
        if recent.count < Self.recentCount {
            recent.append((sql, statement))
        } else {
            recent[nextRecent] = (sql, statement)
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
        return statement
    }

    /// Prepares `sql` and keeps the statement for the connection's life.
    private func prepare(_ sql: String) throws(StoreError) -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw .failed(path: path, reason: lastError)
        }
        statements[sql] = statement
        return statement
    }

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
        try run(sql, binding: { for parameter in parameters { $0.value(parameter) } }, row: row)
    }

    /// Runs one statement once per parameter list, prepared once (for many inserts in one
    /// transaction), calling `row` for each result row.
    func queryEach(
        _ sql: String, _ parameterLists: some Sequence<[SQLValue]>, row: (Row) -> Void = { _ in }
    ) throws(StoreError) {
        for parameters in parameterLists {
            try run(sql, binding: { for parameter in parameters { $0.value(parameter) } }, row: row)
        }
    }

    /// Runs one statement with the parameters `bind` binds in order (SQL `NULL` for any after
    /// them), calling `row` for each result row: the way of a statement run a million times, which
    /// builds no array of values (``SQLBindings``).
    /// - Throws: ``StoreError/failed(path:reason:)`` when the statement cannot be prepared, a
    ///   parameter cannot be bound or a step fails.
    func run(
        _ sql: String, binding bind: (inout SQLBindings) -> Void, row: (Row) -> Void = { _ in }
    ) throws(StoreError) {
        let statement = try prepared(sql)
        sqlite3_reset(statement)
        defer { sqlite3_reset(statement) }
        var bindings = SQLBindings(statement)
        bind(&bindings)
        bindings.nullRest()
        guard bindings.failure == SQLITE_OK else { throw .failed(path: path, reason: lastError) }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: row(Row(statement: statement))
            case SQLITE_DONE: return
            default: throw .failed(path: path, reason: lastError)
            }
        }
    }

    /// Whether no transaction is open (SQLite's autocommit mode).
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    var lastError: String { String(cString: sqlite3_errmsg(handle)) }
}

/// A parameter of a statement.
enum SQLValue: Equatable {
    case text(String)
    /// Text given as its UTF-8 bytes (bound as `TEXT`, not `BLOB`).
    case utf8([UInt8])
    case integer(Int64)
    case null
}

/// The current row of a statement being stepped.
struct Row {
    let statement: OpaquePointer

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    /// Whether the column holds SQL `NULL`.
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// The column's text, all of its bytes (a NUL inside included), invalid UTF-8 repaired.
    func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    /// The column's text as the bytes stored, not checked as UTF-8 (no `String` is made).
    func bytes(_ column: Int32) -> [UInt8] {
        guard let pointer = sqlite3_column_text(statement, column) else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, column))))
    }

    /// Calls `body` with the column's text as UTF-8 bytes, valid only during the call (no `String` is made).
    func withText(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> Void) {
        let pointer = sqlite3_column_text(statement, column)
        body(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, column))))
    }
}
