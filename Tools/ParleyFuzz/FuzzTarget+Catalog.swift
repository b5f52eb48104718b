import Foundation
import ParleyEventCodec
import ParleyFormat
import ParleyHTML
import ParleyImport
import ParleyLayout
import ParleyModel

extension ZoneClock {
    /// UTC+14, the zone that moves an instant furthest forward.
    fileprivate static let kiritimati = ZoneClock(identifier: "Pacific/Kiritimati") ?? .utc
}

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
        FuzzTarget("jsonl-event", seeds: .eventLines) { _ = try? EventRecordDecoder.event(line: $0, file: "fuzz", lineNumber: 1) },
        FuzzTarget("sanitizer", seeds: .htmlFragments) { data in
            let html = String(decoding: data, as: UTF8.self)
            _ = HTMLSanitizer.sanitize(html)
            _ = HTMLSanitizer.plainText(html)
        },
        FuzzTarget("detect", seeds: .allFiles) { _ = try? TranscriptReader().read($0, file: "fuzz") },
        FuzzTarget("validator", seeds: .messages) { data in
            guard let message = try? JSONDecoder().decode(Message.self, from: data), (try? MessageValidator().validate(message)) != nil
            else { return }
            var channel = Channel(id: message.channel, name: "fuzz")
            try? channel.apply(.message(message))
            _ = MessageFormat.document(for: message.content)
            _ = ZoneClock.kiritimati.localTime(message.timestamp)
            _ = ZoneClock.kiritimati.localTime(message.editedTimestamp ?? message.timestamp)
        },
    ]
}
