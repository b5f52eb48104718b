/// Process exit codes from BSD `sysexits.h`.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// The command was used incorrectly: a wrong flag, a missing argument.
    case usage = 64
    /// The input data was incorrect in some way.
    case dataError = 65
    /// An input file did not exist or was not readable.
    case noInput = 66
    /// A service is unavailable (e.g. a port in use).
    case unavailable = 69
    /// An output file or folder cannot be created.
    case cannotCreate = 73
    /// An error occurred while doing I/O.
    case ioError = 74
}

/// A failure of a command: what to print and how to exit.
public struct CommandFailure: Error, Sendable, Equatable {
    public var code: ExitCode
    public var message: String

    public init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
