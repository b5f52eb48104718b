import Foundation

extension ParleyProcess {
    /// What a measured run gave: the exit code, standard error and the child's peak resident set.
    package struct Measured {
        package var code: Int32
        package var errors: String
        /// The child's peak RSS in KiB (`ru_maxrss` from wait4(2)).
        package var peakKiB: Int
    }

    /// Runs `parley` with `arguments` through posix_spawn and reaps it with wait4(2), so the
    /// peak memory is this child's own; standard output is discarded, standard error captured.
    package static func runMeasured(_ arguments: [String]) throws -> Measured {
        let errorsFile = FileManager.default.temporaryDirectory.appendingPathComponent("parley-stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errorsFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorsFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let errors = String(decoding: try Data(contentsOf: errorsFile), as: UTF8.self)
        return Measured(code: code, errors: errors, peakKiB: usage.ru_maxrss)
    }
}
