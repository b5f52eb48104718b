import Foundation
import ParleyImport

/// Where a target's first inputs come from: the example exports found under the seed folders
/// (`Tests/ParleyTestSupport/Fixtures`, `../shared/corpus`), picked by their detected format.
enum FuzzSeeds: Sendable {
    /// Every file detected as this format.
    case files(InputFormat)
    /// Every Slack export (a folder holding `channels.json` or `users.json`, or a zipped one) as a ``SlackFolder`` bundle.
    case slackFolders
    /// Every Parley JSON Lines file, and every other importable file converted to Parley JSON
    /// Lines (so every kind of record is represented).
    case jsonLines
    /// The first lines (``linesPerFile``) of each of the ``jsonLines`` seeds.
    case eventLines
    /// The messages every importable file holds, each as the model's JSON (`Message`'s `Codable` form).
    case messages
    /// Each line of `injection-payloads.txt` and each Matrix `formatted_body`.
    case htmlFragments
    /// Every file.
    case allFiles

    /// At most this many seeds per target, so a bounded run spends its iterations mutating.
    static let limit = 300
    /// At most this many event lines from each file, so every file is represented.
    static let linesPerFile = 25

    /// The seeds found under `folders`, at most ``limit``.
    func collect(from folders: [URL]) -> [Data] {
        let found = SeedFiles(folders: folders)
        var seeds: [Data]
        switch self {
        case .files(let format): seeds = found.files(of: format).map(\.data)
        case .slackFolders: seeds = found.slackExports().map(SlackFolder.bundle)
        case .jsonLines: seeds = Self.converted(found)
        case .eventLines: seeds = Self.converted(found).flatMap { $0.split(separator: 0x0A).prefix(Self.linesPerFile).map { Data($0) } }
        case .messages: seeds = Self.messages(found)
        case .htmlFragments: seeds = found.htmlFragments()
        case .allFiles: seeds = found.all.map(\.data)
        }
        var seen = Set<Data>()
        seeds = seeds.filter { seen.insert($0).inserted }
        return Array(seeds.prefix(Self.limit))
    }

    /// The first messages of every importable file, encoded as the model's JSON.
    private static func messages(_ found: SeedFiles) -> [Data] {
        let reader = TranscriptReader()
        return found.all.flatMap { file in
            let messages = (try? reader.read(file.data, file: file.url.path))?.transcript.channels.flatMap(\.messages) ?? []
            return messages.prefix(linesPerFile).compactMap { try? JSONEncoder().encode($0) }
        }
    }

    /// The Parley JSON Lines files found, then every other importable file converted.
    private static func converted(_ found: SeedFiles) -> [Data] {
        let reader = TranscriptReader()
        return found.files(of: .parleyJSONL).map(\.data)
            + found.all.compactMap { file in
                guard let result = try? reader.read(file.data, file: file.url.path), result.format != .parleyJSONL else { return nil }
                return try? ParleyJSONLWriter().encode(
                    result.transcript, policy: result.groupingPolicy, channelPolicies: result.channelPolicies)
            }
    }
}
