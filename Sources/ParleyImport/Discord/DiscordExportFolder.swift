import Foundation
import ParleyModel

/// A folder of DiscordChatExporter JSON exports, one channel or thread a file — what "export
/// all channels" (`exportguild`, `exportall`, `exportdm`) writes, flat (`Guild - Category - channel
/// [id].json`) or in folders of its own (`-o "%G/%T/%C.json"`) — read as one input.
///
/// Its files are the `.json` files anywhere below the folder, outside the `…_Files` folders
/// DiscordChatExporter downloads media into, in the order of their paths less `.json` (byte
/// order, so a channel's first file comes before its `[part 2]`), each
/// streamed on its own as a single export is. Channels keep their guild's name, category and a
/// thread its parent channel (``Channel/guild``, ``Channel/parent``); a channel exported in several
/// files (`--partition`) is one channel. One odd file costs only itself: a `.json` file that is no
/// DiscordChatExporter export, or one that cannot be read, is left out and reported as a skipped
/// record naming the file, and the other files are read.
struct DiscordExportFolder {
    /// The folder's path.
    let path: String
    /// The `.json` files to read, relative to ``path``, in reading order.
    let files: [String]

    /// The export folder at `path` whose paths below it are `names`, when at least one of its
    /// `.json` files is a DiscordChatExporter export (judged by its first 4 KiB); nil otherwise.
    /// - Complexity: the first 4 KiB of each `.json` file read.
    init?(path: String, names: [String]) {
        let candidates = names.filter { name in
            name.hasSuffix(".json") && !name.split(separator: "/").dropLast().contains { $0.hasSuffix("_Files") }
        }
        let files = candidates.sorted { $0.utf8.dropLast(5).lexicographicallyPrecedes($1.utf8.dropLast(5)) }
        let folder = URL(fileURLWithPath: path)
        guard files.contains(where: { Self.rejection(of: folder.appendingPathComponent($0).path) == nil }) else { return nil }
        self.path = path
        self.files = files
    }

    /// Why the file at `path` is not a DiscordChatExporter export, or nil when it is one.
    static func rejection(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot be opened" }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096) else { return "cannot be read" }
        return DiscordChatExporterImporter().rejection(of: head)
    }

    /// Reads every file in order; with a `sink`, each message goes to it as it is read and the
    /// result's channels have no messages; without one, the files' transcripts are merged
    /// (``TranscriptMerger``: a channel in several files is one, a message in several is merged).
    /// - Returns: the channels of every file read, in file order; the title is the guilds' names,
    ///   sorted and joined with `, ` (one guild: its name); the diagnostics in file order, then
    ///   the merge's conflicts.
    /// - Throws: the first file's error when no file could be read.
    func read(sink: (any MessageSink)?) throws(ImportError) -> ImportResult {
        var results: [ImportResult] = []
        var found: [Diagnostic] = []
        var firstError: ImportError?
        for name in files {
            let file = URL(fileURLWithPath: path).appendingPathComponent(name).path
            if let reason = Self.rejection(of: file) {
                found.append(
                    .skipped(
                        file: file, location: "$", reason: "not a DiscordChatExporter export (\(reason)); the file is left out",
                        cause: .unknownFormat(file: file, tried: ["\(InputFormat.discordChatExporter.displayName): \(reason)"])))
                continue
            }
            do {
                var result = try DiscordChatExporterImporter().importTranscript(.file(path: file), file: file, sink: sink)
                result.file = file
                results.append(result)
                found += result.diagnostics
            } catch {
                firstError = firstError ?? error
                found.append(Self.skippedFile(error, file: file))
            }
        }
        guard !results.isEmpty else {
            throw firstError ?? .unknownFormat(file: path, tried: ["\(InputFormat.discordChatExporter.displayName): no export read"])
        }
        var (transcript, merged) = TranscriptMerger.merge(results)
        let conflicts = merged.dropFirst(results.reduce(0) { $0 + $1.diagnostics.count })
        let guilds = Set(transcript.channels.compactMap(\.guild)).sorted()
        transcript.title = guilds.isEmpty ? transcript.title : guilds.joined(separator: ", ")
        return ImportResult(transcript: transcript, diagnostics: found + conflicts, format: .discordChatExporter, file: path)
    }

    /// The diagnostic of a file whose import failed with `error`: where in the file, and why.
    static func skippedFile(_ error: ImportError, file: String) -> Diagnostic {
        switch error {
        case let .schema(_, place, expected):
            return .skipped(file: file, location: place, reason: "expected \(expected); the file is left out", cause: error)
        case let .syntax(_, offset, line, expected):
            let place = [line.map { "line \($0)" }, offset.map { "byte \($0)" }].compactMap { $0 }.joined(separator: ", ")
            return .skipped(file: file, location: place.isEmpty ? "$" : place, reason: "\(expected); the file is left out", cause: error)
        case let .unreadable(_, reason):
            return .skipped(file: file, location: "$", reason: "cannot read: \(reason); the file is left out", cause: error)
        case .unknownFormat:
            return .skipped(file: file, location: "$", reason: "not a DiscordChatExporter export; the file is left out", cause: error)
        }
    }
}
