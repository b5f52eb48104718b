import Foundation
import ParleyModel
import ParleyServer

extension ServeCommand {
    /// The server's settings from `--host`, `--port`, `--max-viewers`, `--event-loops`,
    /// `--max-connections-per-ip`, `--viewer-token` (else `PARLEY_VIEWER_TOKEN`) and
    /// `--allowed-hosts` (comma-separated); its log goes to `errors`, each line escaped whole
    /// (``TerminalText``: a line feed inside it too).
    static func configuration(_ parsed: OptionParser.Result, errors: some TextOutputStream & Sendable) throws(CommandFailure)
        -> ServerConfiguration
    {
        var configuration = ServerConfiguration()
        configuration.host = parsed.value("host") ?? "127.0.0.1"
        configuration.port = try wholeNumber(parsed, "port", default: 8080, range: 0...65535)
        configuration.maxViewers = try wholeNumber(parsed, "max-viewers", default: 1000, range: 1...1_000_000)
        configuration.eventLoops = try wholeNumber(parsed, "event-loops", default: 1, range: 1...64)
        configuration.maxConnectionsPerIP = try wholeNumber(
            parsed, "max-connections-per-ip", default: configuration.maxConnectionsPerIP, range: 0...1_000_000)
        let token = parsed.value("viewer-token") ?? ProcessInfo.processInfo.environment["PARLEY_VIEWER_TOKEN"] ?? ""
        configuration.viewerToken = token.isEmpty ? nil : token
        configuration.allowedHosts = (parsed.value("allowed-hosts") ?? "").split(separator: ",").map {
            String($0).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        configuration.log = { line in
            var errors = errors
            print("parley: \(TerminalText.escaped(line))", to: &errors)
        }
        return configuration
    }

    /// The value of `--NAME` as a whole number in `range`, or `fallback` when the flag is absent.
    /// - Throws: ``CommandFailure`` with ``ExitCode/usage`` naming the flag, the range and the value.
    static func wholeNumber(_ parsed: OptionParser.Result, _ name: String, default fallback: Int, range: ClosedRange<Int>)
        throws(CommandFailure) -> Int
    {
        guard let text = parsed.value(name) else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw CommandFailure(
                .usage, "--\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return value
    }

    /// The exit code for a server that could not start: 69 (unavailable) for a busy or
    /// unusable address, 64 for a bad setting, 65 for bad input, 74 for missing resources.
    static func exitCode(for error: ServerError) -> ExitCode {
        switch error {
        case .addressInUse, .cannotListen, .daemonFailed: return .unavailable
        case .invalidHost, .invalidConfiguration, .unusableViewerToken, .unusableIngestToken: return .usage
        case .duplicateChannel: return .dataError
        case .resources: return .ioError
        }
    }
}
