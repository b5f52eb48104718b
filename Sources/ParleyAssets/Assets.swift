import Foundation

/// The files Parley ships as package resources: HTML templates, public assets (CSS, the
/// JavaScript client) and the built-in sample transcript.
///
/// They live in the top-level `Templates/`, `Public/` and `Samples/` folders and are copied
/// into the resource bundle beside the `parley` binary (`scripts/install` copies it too).
public enum Assets {
    /// The folder of default HTML templates.
    public static var templatesDirectory: URL { resource("Templates") }

    /// The folder of public assets copied into every archive (`parley.css`, `parley.js`).
    public static var publicDirectory: URL { resource("Public") }

    /// The built-in sample transcript (DiscordChatExporter JSON written by the Parley authors).
    public static var sampleTranscript: URL { resource("Samples").appendingPathComponent("sample.json") }

    private static func resource(_ name: String) -> URL {
        Bundle.module.resourceURL!.appendingPathComponent(name, isDirectory: true)
    }
}
