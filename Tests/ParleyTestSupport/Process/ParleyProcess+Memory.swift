import Foundation

extension ParleyProcess {
    /// What a measured run gave: the exit code, standard error and the child's peak resident set.
    package struct Measured {
        package var code: Int32
        package var errors: String
        /// The child's peak RSS in KiB (GNU time's `%M`, `ru_maxrss` of `parley` alone).
        package var peakKiB: Int
    }

    /// Runs `parley` with `arguments` under GNU time (`/usr/bin/time -f %M`, Debian's `time`) and
    /// returns its exit code, standard error and peak memory; standard output is discarded.
    ///
    /// The child is not reaped here with wait4(2): glibc's posix_spawn shares this process's
    /// address space until the exec, and Linux records that address space's high-water mark in the
    /// child's `ru_maxrss`, so a busy test process would be measured instead of `parley`. GNU time
    /// is small and forks its own child, whose peak is `parley`'s own.
    /// - Throws: `CocoaError` when the measurement file cannot be read or holds no number.
    package static func runMeasured(_ arguments: [String]) throws -> Measured {
        let measurement = FileManager.default.temporaryDirectory.appendingPathComponent("parley-time-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: measurement) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", measurement.path, executable.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let written = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lastLine = String(decoding: try Data(contentsOf: measurement), as: UTF8.self)
            .split(separator: "\n").last.map(String.init)
        guard let lastLine, let peakKiB = Int(lastLine) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: measurement.path])
        }
        return Measured(code: process.terminationStatus, errors: String(decoding: written, as: UTF8.self), peakKiB: peakKiB)
    }
}
