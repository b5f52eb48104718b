import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyStore

/// `SQLiteConnection` finds a prepared statement among the last few it used, else by its SQL text:
/// with more statements in turn than it keeps in the first, in a seeded order, with SQL that is
/// the same text built at run time, every query still runs its own statement. Text is bound and
/// read by its byte count: it comes back whole.
@Suite struct SQLiteConnectionTests {
    @Test func statementsInTurnEachRunTheirOwn() throws {
        let connection = try SQLiteConnection(path: TestPaths.temporaryFolder().appendingPathComponent("c.sqlite").path)
        try connection.execute(
            "CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT NOT NULL); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c');")
        let queries: [(sql: String, expected: [String])] = [
            ("SELECT v FROM t WHERE k = ?", ["b"]), ("SELECT v FROM t WHERE k > ? ORDER BY k", ["c"]),
            ("SELECT v FROM t WHERE k < ? ORDER BY k", ["a"]), ("SELECT upper(v) FROM t WHERE k = ?", ["B"]),
            ("SELECT v || v FROM t WHERE k = ?", ["bb"]), ("SELECT count(*) FROM t WHERE k >= ?", ["2"]),
            ("SELECT v FROM t WHERE k <> ? ORDER BY k DESC", ["c", "a"]),
        ]
        #expect(queries.count > SQLiteConnection.recentCount)
        var random = SeededRandom(seed: 0x5017)
        for _ in 0..<2_000 {
            let (literal, expected) = queries[Int(random.next() % UInt64(queries.count))]
            // The same text in a buffer of its own, half the time.
            let sql = random.next() % 2 == 0 ? literal : String(decoding: Array(literal.utf8), as: UTF8.self)
            var rows: [String] = []
            try connection.query(sql, [.integer(2)]) { rows.append($0.text(0)) }
            #expect(rows == expected, "\(sql)")
        }
    }

    /// Text goes in and comes back byte for byte (a NUL inside, the empty string, not SQL `NULL`,
    /// non-ASCII), and a run binding fewer parameters than the statement has leaves `NULL` in the
    /// rest, not an earlier run's value.
    @Test func textRoundTripsWholeAndUnboundParametersAreNull() throws {
        let connection = try SQLiteConnection(path: TestPaths.temporaryFolder().appendingPathComponent("t.sqlite").path)
        try connection.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT, w TEXT)")
        let texts = ["a\u{0}b", "", "\u{0}", "Zürich 👩🏻‍💻", String(repeating: "x", count: 100_000) + "\u{0}y"]
        for (key, text) in texts.enumerated() {
            try connection.query("INSERT INTO t (k, v, w) VALUES (?, ?, ?)", [.integer(Int64(key)), .text(text), .text("w\(key)")])
        }
        var read: [String] = []
        var lengths: [Int64] = []
        var nulls = 0
        try connection.query("SELECT v, length(CAST(v AS BLOB)), v IS NULL FROM t ORDER BY k") { row in
            read.append(row.text(0))
            lengths.append(row.integer(1))
            nulls += Int(row.integer(2))
        }
        #expect(read == texts)
        #expect(lengths == [3, 0, 1, 23, 100_002])
        #expect(nulls == 0)
        var rows = 0
        try connection.query("SELECT k FROM t WHERE v = ?", [.text("a\u{0}b")]) { row in
            #expect(row.integer(0) == 0)
            rows += 1
        }
        #expect(rows == 1)
        // The same statement with its last parameter left out: NULL there, not "w4".
        try connection.queryEach(
            "INSERT INTO t (k, v, w) VALUES (?, ?, ?)", [[.integer(10), .text("p"), .text("q")], [.integer(11), .text("r")]])
        try connection.query("INSERT INTO t (k, v, w) VALUES (?, ?, ?)", [.integer(12)])
        var tail: [String] = []
        try connection.query("SELECT coalesce(v, '-') || coalesce(w, '-') FROM t WHERE k >= 10 ORDER BY k") { tail.append($0.text(0)) }
        #expect(tail == ["pq", "r-", "--"])
    }
}
