import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// What individual WhatsApp corpus files exercise: media lines, system lines, names, `--me`.
@Suite("WhatsApp corpus details", .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
struct WhatsAppCorpusDetailTests {
    private func messages(_ name: String, options: ImportOptions = ImportOptions()) throws -> [Message] {
        try WhatsAppCorpusTests.read(name, options: options).transcript.channels[0].messages
    }

    @Test("Android <Media omitted> with a caption line, and (file attached) files")
    func androidMedia() throws {
        let all = try messages("whats_json-android-en-with-media.txt")
        let omitted = all.filter { $0.attachments.first?.omission == "<Media omitted>" }
        let attached = all.filter { $0.attachments.first.map { $0.omission == nil } ?? false }
        #expect(omitted.count == 18)
        #expect(attached.count == 11)
        #expect(all[3].content.text == "Caption")
        #expect(all[3].attachments == [Self.omitted(id: "\(all[3].id)-0", name: "Media omitted", note: "<Media omitted>")])
        #expect(all[6].attachments.map(\.url) == ["PTT-20220323-WA0000.opus"])
        #expect(all[6].content.text == "")
        #expect(all[9].content.text == "Титл")
    }

    @Test("iOS omitted media in Arabic keeps the document name without direction marks")
    func iosOmittedArabic() throws {
        let all = try messages("whats_json-ios-arabic-indic-digits-12h.txt")
        let document = try #require(all.first { $0.timestamp.description == "2022-03-27T21:50:25.000Z" })
        #expect(document.attachments.map(\.fileName) == ["Resume-User-A.pdf"])
        #expect(document.attachments.map(\.omission) == ["لم يتم إدراج المستند"])
        #expect(document.attachments.map(\.description) == ["Resume-User-A.pdf • صفحتان ٢"])
        #expect(all[0].author == Author(id: AuthorID("whatsapp:system"), name: ""))
        #expect(all[0].content.text.hasPrefix("الرسائل والمكالمات مشفرة تمامًا بين الطرفين"))
        #expect(all.filter { !$0.attachments.isEmpty }.count == 14)
    }

    @Test("iOS <attached: …> files, one with its document name as description")
    func iosAttached() throws {
        let all = try messages("whats_json-ios-en-with-media-attached.txt")
        let files = all.flatMap(\.attachments)
        #expect(files.count == 14)
        #expect(files.filter { $0.omission == nil }.count == 13)
        #expect(files[0].url == "00000035-PHOTO-2022-03-27-21-41-55.jpg")
        #expect(files.first { $0.url == "00000047-Resume-User-A.pdf" }?.description == "Resume-User-A.pdf • 2 pages")
    }

    @Test("system lines have no author; English events get their kind")
    func systemLines() throws {
        let all = try messages("whats_json-android-group-system-events.txt")
        #expect(all.filter { $0.author.id == AuthorID("whatsapp:system") }.count == 16)
        #expect(all.map(\.kind).filter { $0 == .memberJoined }.count == 2)
        #expect(all.map(\.kind).filter { $0 == .memberLeft }.count == 1)
        #expect(all.map(\.kind).filter { $0 == .channelRenamed }.count == 1)
        #expect(all[15].content.text == "User A removed +7 999 999-99-99")
        #expect(all[16].author.name == "User A")
        #expect(all[16].content.text == "Hello all")
    }

    @Test("multi-line bodies, colons in bodies, emoji names, `Name:.` and ZWJ emoji")
    func bodies() throws {
        let chat = try messages("chat-miner-android-ddmmyy-24h.txt")
        #expect(chat[1].author.name == "John Doe")
        #expect(chat[1].content.text == ".")
        #expect(chat[2].content.text == "Lorem ipsum dolor sit amet,\nconsectetur adipiscing elit. Duis libero.")
        #expect(chat[3].content.text == "Lorem ipsum : dolor sit amet.")
        #expect(chat[7].author.name == "🤓")
        #expect(chat[8].content.text == "Lorem ipsum dolor sit amet,\nconsectetur adipiscing elit. Duis libero.")
        let zwj = try messages("chat-analytics-4A_11M-zwj-emoji.txt")
        #expect(zwj[11].content.text.unicodeScalars.map(\.value) == [0x1F469, 0x1F3FB, 0x200D, 0x2696, 0xFE0F])
    }

    @Test("an out-of-order line keeps its time; the id keeps file order among equal times")
    func outOfOrder() throws {
        let all = try messages("chat-analytics-2A_5M-no-trailing-newline.txt")
        #expect(all[4].content.text == "This message should be reordered")
        #expect(all[4].timestamp == all[2].timestamp)
        #expect(all[2].id < all[4].id)
    }

    @Test("--me marks the exporting user's messages outgoing, others incoming, system lines neither")
    func me() throws {
        let all = try messages("whats_json-android-en-ddmmyyyy-24h.txt", options: ImportOptions(me: "User B"))
        #expect(all.filter { $0.isOutgoing == true }.count == 8)
        #expect(all.filter { $0.isOutgoing == false }.count == 51)
        #expect(all[0].isOutgoing == nil)
        let named = try messages("whats_json-android-en-ddmmyyyy-24h.txt", options: ImportOptions(me: "User A"))
        #expect(named.filter { $0.isOutgoing == true }.count == 51)
        #expect(try messages("chat-miner-android-ddmmyy-24h.txt").allSatisfy { $0.isOutgoing == nil })
    }

    /// Per corpus export with deletion markers: the messages read as deleted, and the outgoing and
    /// incoming messages when the export names its exporter (a `You deleted this message` line in
    /// the export's language; counted by hand from the files).
    static let deletions: [(file: String, deleted: Int, outgoing: Int, incoming: Int)] = [
        ("whats_json-android-czech-ddmmyy-no-comma.txt", 8, 8, 51),
        ("whats_json-android-en-ddmmyyyy-24h.txt", 8, 8, 51),
        ("whats_json-android-german-dash-date.txt", 7, 5, 35),
        ("whats_json-android-group-system-events.txt", 1, 0, 0),
        ("whats_json-android-russian-ddmmyyyy-dots.txt", 8, 8, 51),
        ("whats_json-ios-arabic-indic-digits-12h.txt", 2, 21, 1),
        ("whats_json-ios-arabic-rlm.txt", 2, 21, 3),
        ("whats_json-ios-buddhist-calendar.txt", 3, 24, 1),
        ("whats_json-ios-en-mdyy-24h-crlf.txt", 2, 21, 1),
        ("whats_json-ios-french-no-comma.txt", 2, 21, 1),
        ("whats_json-ios-german.txt", 2, 21, 3),
        ("whats_json-ios-indonesian-dot-time.txt", 3, 24, 3),
        ("whats_json-ios-russian.txt", 2, 21, 3),
        ("whats_json-ios-thai.txt", 3, 24, 3),
        ("whats_json-ios-vietnamese-time-first.txt", 3, 24, 3),
        ("chat-miner-android-ddmmyy-24h.txt", 0, 0, 0),
    ]

    @Test(
        "deletion markers in ten languages are deleted messages; 'You deleted this message' names the exporter, whose messages are outgoing",
        arguments: deletions.indices)
    func deletionMarkers(index: Int) throws {
        let expected = Self.deletions[index]
        let all = try messages(expected.file)
        #expect(all.filter { $0.kind == .deleted }.count == expected.deleted, "\(expected.file)")
        #expect(all.filter { $0.isOutgoing == true }.count == expected.outgoing, "\(expected.file)")
        #expect(all.filter { $0.isOutgoing == false }.count == expected.incoming, "\(expected.file)")
        #expect(all.filter { $0.kind == .deleted }.allSatisfy { $0.attachments.isEmpty && !$0.author.name.isEmpty })
        #expect(all.filter(\.kind.isSystem).allSatisfy { $0.isOutgoing == nil })
    }

    @Test("the `_` before AM in a mangled line is read as a space and reported")
    func underscoreMarker() throws {
        let result = try WhatsAppCorpusTests.read("langchain-android-us-12h-media-omitted.txt")
        #expect(
            result.diagnostics.map(\.description) == [
                "\(TestPaths.corpus.appendingPathComponent("whatsapp/langchain-android-us-12h-media-omitted.txt").path): line 12: \"_\" before the AM/PM marker read as a space (1 line)"
            ])
        #expect(result.transcript.channels[0].messages[11].content.text == "And let me know if anything changes")
    }

    static func omitted(id: String, name: String, note: String) -> ParleyModel.Attachment {
        var attachment = ParleyModel.Attachment(id: id, url: "", fileName: name)
        attachment.omission = note
        return attachment
    }
}
