import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyStore

/// `SQLiteConnection` finds a prepared statement among the last few it used, else by its SQL text:
/// with more statements in turn than it keeps in the first, in a seeded order, with SQL that is
/// the same text built at run time, every query still runs its own statement.
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
}
