import Foundation
import ParleyRender

extension OptionParser.Result {
    /// The look `--theme` picks: a built-in theme by name (`discord`), or a stylesheet of the
    /// user's — a value ending in `.css` or holding a `/` — read whole; each channel's platform's
    /// when the flag is not given.
    /// - Throws: ``CommandFailure`` with ``ExitCode/usage`` for a name no theme has, or a file
    ///   that is missing, a folder, or cannot be read (the message names it).
    func theme() throws(CommandFailure) -> ThemeChoice {
        guard let text = value("theme") else { return .perPlatform }
        if let theme = Theme(rawValue: text) { return .builtIn(theme) }
        guard text.lowercased().hasSuffix(".css") || text.contains("/") else {
            let names = Theme.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandFailure(.usage, "--theme: expected one of \(names), or a .css file, got '\(text)'")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory) else {
            throw CommandFailure(.usage, "--theme: no such file: \(text)")
        }
        guard !isDirectory.boolValue else { throw CommandFailure(.usage, "--theme: \(text) is a folder, not a .css file") }
        guard let data = FileManager.default.contents(atPath: text) else {
            throw CommandFailure(.usage, "--theme: cannot read \(text)")
        }
        return .file(Array(data))
    }
}
