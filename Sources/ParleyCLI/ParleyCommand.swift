import Foundation

/// The `parley` command line: dispatches to subcommands and turns failures into exit codes.
public enum ParleyCommand {
    /// The version printed by `--version`.
    public static let version = "0.1.0"

    /// Runs `parley` with `arguments` (without the program name). Everything printed to `output`
    /// and `errors` passes through ``TerminalStream`` (controls and invalid bytes escaped).
    /// - Returns: the process exit code (sysexits).
    public static func run(
        _ arguments: [String], output: some TextOutputStream & Sendable = StandardStreams.out,
        errors: some TextOutputStream & Sendable = StandardStreams.err
    ) -> Int32 {
        var output = TerminalStream(output), errors = TerminalStream(errors)
        do throws(CommandFailure) {
            switch arguments.first {
            case nil, "-h", "--help", "help":
                print(HelpText.main, terminator: "", to: &output)
            case "-V", "--version":
                print("parley \(version)", to: &output)
            case "render":
                try RenderCommand().run(Array(arguments.dropFirst()), output: &output, errors: &errors)
            case "convert":
                try ConvertCommand().run(Array(arguments.dropFirst()), output: &output, errors: &errors)
            case "serve":
                try ServeCommand().run(Array(arguments.dropFirst()), output: &output, errors: &errors)
            default:
                throw CommandFailure(.usage, "unknown command '\(arguments[0])'; see 'parley --help'")
            }
            return ExitCode.success.rawValue
        } catch {
            print("parley: \(error.message)", to: &errors)
            return error.code.rawValue
        }
    }
}

/// Standard output and standard error as text streams (unbuffered writes).
public struct StandardStreams: TextOutputStream, Sendable {
    let descriptor: Int32

    public static let out = StandardStreams(descriptor: 1)
    public static let err = StandardStreams(descriptor: 2)

    public mutating func write(_ string: String) {
        var bytes = Array(string.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
