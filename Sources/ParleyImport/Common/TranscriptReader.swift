import Foundation
import ParleyModel

/// Reads input files of any supported format, detecting the format from content (never from
/// the file extension), and merges several inputs into one transcript.
public struct TranscriptReader: Sendable {
    public init() {}

    /// Detects the format of `data`.
    /// - Throws: ``ImportError/unknownFormat(file:tried:)`` listing each format and why it was rejected.
    public func detectFormat(of data: Data, file: String) throws(ImportError) -> InputFormat {
        var tried: [String] = []
        for format in InputFormat.allCases {
            guard let reason = rejection(of: data, as: format) else { return format }
            tried.append("\(format.displayName): \(reason)")
        }
        throw .unknownFormat(file: file, tried: tried)
    }

    /// Imports `data` as `format`, or as the detected format when `format` is nil.
    /// - Throws: the importer's ``ImportError``.
    public func read(_ data: Data, file: String, format: InputFormat? = nil) throws(ImportError) -> ImportResult {
        let detected: InputFormat
        if let format { detected = format } else { detected = try detectFormat(of: data, file: file) }
        switch detected {
        case .discordChatExporter:
            return try DiscordChatExporterImporter().importTranscript(data, file: file)
        }
    }

    /// Reads and imports the file at `path`.
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when the file cannot be read, else the importer's error.
    public func read(contentsOf path: String, format: InputFormat? = nil) throws(ImportError) -> ImportResult {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: path, reason: (error as NSError).localizedDescription)
        }
        return try read(data, file: path, format: format)
    }

    private func rejection(of data: Data, as format: InputFormat) -> String? {
        switch format {
        case .discordChatExporter: return DiscordChatExporterImporter().rejection(of: data)
        }
    }
}
