import Foundation
import ParleyArchive
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

    /// Imports `data` as `format`, or as the detected format when `format` is nil; `options`
    /// carry `--me`, `--date-order` and the caps on zip entries. Every message passes
    /// ``MessageValidator``; one it refuses is left out and reported (``Diagnostic/skipsRecord``);
    /// when no record at all could be read, the first one's error is thrown.
    /// - Throws: the importer's ``ImportError``.
    public func read(
        _ data: Data, file: String, format: InputFormat? = nil, options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> ImportResult {
        let detected: InputFormat
        if let format { detected = format } else { detected = try detectFormat(of: data, file: file) }
        var result: ImportResult
        switch detected {
        case .parleyJSONL:
            result = try ParleyJSONLImporter().importTranscript(data, file: file)
        case .discordChatExporter:
            result = try DiscordChatExporterImporter().importTranscript(data, file: file)
        case .telegram:
            result = try TelegramImporter().importTranscript(data, file: file)
        case .chatGPT:
            result = try ChatGPTImporter().importTranscript(data, file: file)
        case .matrix:
            result = try MatrixImporter().importTranscript(data, file: file)
        case .slack:
            result = try SlackImporter().importArchive(ZipArchive(data: data, name: file, limits: options.zipLimits))
        case .smsBackup:
            result = try SMSBackupImporter(options: options).importTranscript(data, file: file)
        case .whatsApp:
            result = try WhatsAppImporter(options: options).importTranscript(data, file: file)
        }
        result.file = file
        return try Self.validated(result, me: options.me)
    }

    /// Reads and imports the file or folder at `path` (a folder or zip is read in place, an SMS
    /// backup and a JSON export streamed — DiscordChatExporter, Telegram, ChatGPT, Matrix: the
    /// file is read a chunk at a time, never whole; see ``readInPlace(_:format:options:)``).
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when the file cannot be read, else the importer's error.
    public func read(
        contentsOf path: String, format: InputFormat? = nil, options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> ImportResult {
        try read(contentsOf: path, inPlace: inPlaceInput(path, format: format, options: options), format: format, options: options)
    }

    /// Reads the file or folder at `path` as ``read(contentsOf:format:options:)`` does, where
    /// `inPlace` is what ``inPlaceInput(_:format:options:)`` found there.
    func read(
        contentsOf path: String, inPlace: InPlaceInput?, format: InputFormat?, options: ImportOptions
    ) throws(ImportError) -> ImportResult {
        if let inPlace, var result = try readInPlace(inPlace, format: format, options: options) {
            result.file = path
            return try Self.validated(result, me: options.me)
        }
        if let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: Self.detectionBytes) {
            try? handle.close()
            let detected: InputFormat
            if let format { detected = format } else { detected = try detectFormat(of: head, file: path) }
            if var result = try readStreaming(path, as: detected) {
                result.file = path
                return try Self.validated(result, me: options.me)
            }
        }
        // The system's reason ("No such file or directory"), not Foundation's sentence about it.
        guard access(path, R_OK) == 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: path, reason: (error as NSError).localizedDescription)
        }
        return try read(data, file: path, format: format, options: options)
    }

    /// How much of a file format detection reads: every format decides from its first 64 KiB.
    static let detectionBytes = 65_536

    /// Imports the JSON export at `path` as `format`, reading it a chunk at a time; nil for a
    /// format that reads its input whole.
    private func readStreaming(_ path: String, as format: InputFormat) throws(ImportError) -> ImportResult? {
        guard Self.streamsJSON(format) else { return nil }
        return try importStreamed(StreamedInput(bytes: .file(path: path), file: path, format: format), sink: nil)
    }

    private func rejection(of data: Data, as format: InputFormat) -> String? {
        switch format {
        case .parleyJSONL: return ParleyJSONLImporter().rejection(of: data)
        case .discordChatExporter: return DiscordChatExporterImporter().rejection(of: data)
        case .telegram: return TelegramImporter().rejection(of: data)
        case .chatGPT: return ChatGPTImporter().rejection(of: data)
        case .matrix: return MatrixImporter().rejection(of: data)
        case .slack: return SlackImporter().rejection(of: data)
        case .smsBackup: return SMSBackupImporter().rejection(of: data)
        case .whatsApp: return WhatsAppImporter().rejection(of: data)
        }
    }
}
