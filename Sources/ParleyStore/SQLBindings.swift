import CSQLite

/// The parameters of one run of a prepared statement, bound in order from the first
/// (``SQLiteConnection/run(_:binding:)``): each value is handed to SQLite as it is bound, so a
/// hot insert builds no array of ``SQLValue`` (one allocation, a retain and a release of every
/// string, then the array's destruction: about a tenth of a fill's staging thread).
///
/// Text is bound as its UTF-8 bytes and their count (SQLite copies them): no C string is made,
/// and a NUL inside the text is kept, not taken for its end. The first failure is kept, and
/// every later bind is skipped.
struct SQLBindings {
    private let statement: OpaquePointer
    /// The index of the next parameter (SQLite counts from 1).
    private(set) var next: Int32 = 1
    /// SQLite's result code of the first bind that failed, or `SQLITE_OK`.
    private(set) var failure = SQLITE_OK

    init(_ statement: OpaquePointer) { self.statement = statement }

    /// Binds `text`; nil binds SQL `NULL`.
    mutating func text(_ text: String?) {
        guard var text else { return null() }
        bind { statement, index in
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    parley_sqlite3_bind_text(statement, index, $0.baseAddress, sqlite3_uint64($0.count))
                }
            }
        }
    }

    /// Binds text given as its UTF-8 bytes (as `TEXT`, not `BLOB`).
    mutating func utf8(_ bytes: [UInt8]) {
        bind { statement, index in
            bytes.withUnsafeBytes { bytes in
                parley_sqlite3_bind_text(
                    statement, index, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count))
            }
        }
    }

    /// Binds `value`; nil binds SQL `NULL`.
    mutating func integer(_ value: Int64?) {
        guard let value else { return null() }
        bind { sqlite3_bind_int64($0, $1, value) }
    }

    mutating func null() { bind { sqlite3_bind_null($0, $1) } }

    /// Binds one ``SQLValue``.
    mutating func value(_ value: SQLValue) {
        switch value {
        case let .text(text): self.text(text)
        case let .utf8(bytes): utf8(bytes)
        case let .integer(number): integer(number)
        case .null: null()
        }
    }

    /// Binds SQL `NULL` to every parameter not bound yet, so that no value of an earlier run stays
    /// bound (cheaper than `sqlite3_clear_bindings` after every run).
    mutating func nullRest() {
        let count = sqlite3_bind_parameter_count(statement)
        while next <= count { null() }
    }

    private mutating func bind(_ call: (OpaquePointer, Int32) -> Int32) {
        defer { next += 1 }
        guard failure == SQLITE_OK else { return }
        let code = call(statement, next)
        if code != SQLITE_OK { failure = code }
    }
}
