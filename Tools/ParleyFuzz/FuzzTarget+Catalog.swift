import Foundation
import ParleyHTML
import ParleyImport

extension FuzzTarget {
    /// Every target, in the order `scripts/fuzz` runs them. Adding a target is adding a line.
    static let all: [FuzzTarget] = [
        .importer("discord", .discordChatExporter),
        .importer("telegram", .telegram),
        .importer("chatgpt", .chatGPT),
        .importer("matrix", .matrix),
        .importer("sms", .smsBackup),
        .importer("whatsapp", .whatsApp),
        .importer("jsonl", .parleyJSONL, seeds: .jsonLines),
        FuzzTarget("slack", seeds: .slackFolders) { SlackFolder.scratch.importExport($0) },
        FuzzTarget("jsonl-event", seeds: .eventLines) { _ = try? ParleyJSONLImporter.event(line: $0, file: "fuzz", lineNumber: 1) },
        FuzzTarget("sanitizer", seeds: .htmlFragments) { data in
            let html = String(decoding: data, as: UTF8.self)
            _ = HTMLSanitizer.sanitize(html)
            _ = HTMLSanitizer.plainText(html)
        },
        FuzzTarget("detect", seeds: .allFiles) { _ = try? TranscriptReader().read($0, file: "fuzz") },
    ]
}
