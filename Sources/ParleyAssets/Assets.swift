import Foundation

/// The files Parley ships as package resources: HTML templates, public assets (CSS, the
/// JavaScript client), the icon and the built-in sample transcript.
///
/// They are copied into the resource bundle `Parley_ParleyAssets.resources`, which must sit
/// beside the `parley` binary (`scripts/install` copies both). When it is missing, every
/// accessor returns nil instead of crashing, and callers report an installation error.
public enum Assets {
    /// The folder of default HTML templates.
    public static var templatesDirectory: URL? { resource("Templates") }

    /// The folder of public assets copied into every archive (`parley.css`, `parley.js`).
    public static var publicDirectory: URL? { resource("Public") }

    /// The built-in sample transcript (DiscordChatExporter JSON written by the Parley authors).
    public static var sampleTranscript: URL? { resource("Samples")?.appendingPathComponent("sample.json") }

    /// Parley's icon (`favicon.ico`: PNG images of 16, 32 and 48 pixels, drawn by
    /// `scripts/generate-favicon`), written at every archive's root and served at `/favicon.ico`.
    public static var favicon: URL? { resource("favicon.ico", isDirectory: false) }

    /// Where the resource bundle was looked for, for error messages.
    public static var searchedLocations: [String] { candidates.map(\.path) }

    static let bundleName = "Parley_ParleyAssets.resources"

    private static var candidates: [URL] {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        return [Bundle.main.bundleURL.appendingPathComponent(bundleName), executable.appendingPathComponent(bundleName)]
    }

    private static func resource(_ name: String, isDirectory: Bool = true) -> URL? {
        for bundle in candidates {
            let url = bundle.appendingPathComponent(name, isDirectory: isDirectory)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }
}
