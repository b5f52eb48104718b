import Foundation

/// A throw-away PostgreSQL database for one test, on the server the `PG*` variables name
/// (`./scripts/test` runs the tests under Debian's `pg_virtualenv`, which starts a cluster and
/// sets them). Made with `createdb` and dropped with `dropdb --force`.
package struct PostgresTestDatabase: Sendable {
    /// The database's name.
    package let name: String

    /// Whether a server is there to test against: `PGHOST` is set. Under `CI=true` the tests run
    /// regardless, so a missing server fails them rather than skipping them.
    package static var isAvailable: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["PGHOST"] != nil || environment["CI"] == "true"
    }

    /// Creates a new, empty database.
    /// - Throws: ``Failure`` naming `createdb`'s output when it fails.
    package init() throws {
        name = "parley_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        _ = try Self.run("createdb", [name])
    }

    /// libpq connection options naming this database (the rest comes from the `PG*` variables).
    package var options: String { "dbname=\(name)" }

    /// The same database as a `postgresql://` URI, which is how `parley serve --db` names one; the
    /// server, port and login come from the `PG*` variables the child process inherits.
    package var uri: String { "postgresql:///\(name)" }

    /// Runs `sql` in this database with `psql` (stopping at the first error).
    package func run(_ sql: String) throws { _ = try Self.run("psql", ["-q", "-v", "ON_ERROR_STOP=1", "-d", name, "-c", sql]) }

    /// Runs `sql` on the server from its default database (`PGDATABASE`), for what cannot run in
    /// this database itself, such as `ALTER DATABASE … ALLOW_CONNECTIONS`.
    package func administer(_ sql: String) throws { _ = try Self.run("psql", ["-q", "-v", "ON_ERROR_STOP=1", "-c", sql]) }

    /// The rows `sql` returns, as `psql -At` prints them: one line per row, values between `|`.
    package func query(_ sql: String) throws -> String {
        try Self.run("psql", ["-At", "-v", "ON_ERROR_STOP=1", "-d", name, "-c", sql]).trimmingCharacters(in: .newlines)
    }

    /// Writes the whole database to `file` (`pg_dump`'s custom format).
    package func dump(to file: URL) throws { _ = try Self.run("pg_dump", ["-Fc", "-f", file.path, name]) }

    /// Replaces the database with the copy `dump(to:)` wrote to `file`, as one restores a backup:
    /// drops it (ending its sessions), creates it again and restores the copy (`pg_restore`).
    package func restore(from file: URL) throws {
        _ = try Self.run("dropdb", ["--force", name])
        _ = try Self.run("createdb", [name])
        _ = try Self.run("pg_restore", ["-d", name, file.path])
    }

    /// Drops the database, closing its connections first.
    package func drop() { _ = try? Self.run("dropdb", ["--force", name]) }

    /// Runs `body` with a new database, dropping it afterwards.
    package static func with<T>(_ body: (PostgresTestDatabase) throws -> T) throws -> T {
        let database = try PostgresTestDatabase()
        defer { database.drop() }
        return try body(database)
    }

    /// Why a PostgreSQL client program failed.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Runs `/usr/bin/PROGRAM` with `arguments` and returns its standard output.
    private static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(program)")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")): exit \(process.terminationStatus): \(problems)")
        }
        return text
    }
}
