import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Every WhatsApp file of the shared corpus, with its message count and the first and last
/// message times, all checked by hand against the files (the times prove the date order).
@Suite("WhatsApp corpus", .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
struct WhatsAppCorpusTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var messages: Int
        var first: String
        var last: String
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        .init(
            file: "RECONSTRUCTED-android-us-12h-nnbsp.txt", messages: 8, first: "2023-01-04T19:02:00.000Z", last: "2023-02-04T22:35:00.000Z"
        ),
        .init(
            file: "chat-analytics-2A_5M-no-trailing-newline.txt", messages: 5, first: "2021-01-01T12:00:00.000Z",
            last: "2021-01-01T12:02:00.000Z"),
        .init(
            file: "chat-analytics-4A_11M-zwj-emoji.txt", messages: 14, first: "2020-09-12T23:55:00.000Z", last: "2020-09-12T23:56:00.000Z"),
        .init(file: "chat-miner-android-ddmmyy-24h.txt", messages: 9, first: "2019-01-01T11:25:00.000Z", last: "2021-12-30T22:01:00.000Z"),
        .init(file: "chat-miner-android-mmddyy-24h.txt", messages: 9, first: "2019-01-01T11:25:00.000Z", last: "2021-12-30T22:01:00.000Z"),
        .init(
            file: "chat-miner-android-mmddyyyy-12h-es-am-pm.txt", messages: 9, first: "2019-01-01T11:25:00.000Z",
            last: "2021-12-30T22:01:00.000Z"),
        .init(
            file: "chat-miner-android-yyyymmdd-24h.txt", messages: 9, first: "2019-01-01T11:25:00.000Z", last: "2021-12-30T22:01:00.000Z"),
        .init(
            file: "chat-miner-ios-bracket-mmddyy-24h.txt", messages: 9, first: "2019-01-01T11:25:00.000Z", last: "2021-12-30T22:01:00.000Z"),
        .init(
            file: "langchain-android-us-12h-media-omitted.txt", messages: 12, first: "2023-01-22T18:30:00.000Z",
            last: "2023-01-23T03:22:00.000Z"),
        .init(
            file: "whats_json-android-czech-ddmmyy-no-comma.txt", messages: 60, first: "2022-03-23T13:31:00.000Z",
            last: "2023-01-07T23:32:00.000Z"),
        .init(
            file: "whats_json-android-en-ddmmyyyy-24h.txt", messages: 60, first: "2022-03-23T13:31:00.000Z",
            last: "2023-01-07T23:32:00.000Z"),
        .init(
            file: "whats_json-android-en-with-media.txt", messages: 60, first: "2022-03-23T13:31:00.000Z", last: "2023-01-07T23:32:00.000Z"),
        .init(
            file: "whats_json-android-german-dash-date.txt", messages: 41, first: "2022-03-23T13:31:00.000Z",
            last: "2023-01-07T23:32:00.000Z"),
        .init(
            file: "whats_json-android-group-system-events.txt", messages: 20, first: "2023-01-11T16:13:00.000Z",
            last: "2023-01-11T16:57:00.000Z"),
        .init(
            file: "whats_json-android-russian-ddmmyyyy-dots.txt", messages: 60, first: "2022-03-23T13:31:00.000Z",
            last: "2023-01-07T23:32:00.000Z"),
        .init(
            file: "whats_json-ios-arabic-indic-digits-12h.txt", messages: 23, first: "2022-03-18T14:56:00.000Z",
            last: "2022-03-27T21:56:45.000Z"),
        .init(file: "whats_json-ios-arabic-rlm.txt", messages: 25, first: "2022-03-18T14:56:01.000Z", last: "2023-01-07T23:32:30.000Z"),
        .init(
            file: "whats_json-ios-buddhist-calendar.txt", messages: 28, first: "2022-03-18T14:56:01.000Z", last: "2023-01-12T15:35:15.000Z"),
        .init(
            file: "whats_json-ios-en-mdyy-24h-crlf.txt", messages: 25, first: "2022-03-18T14:56:01.000Z", last: "2023-01-07T23:32:30.000Z"),
        .init(
            file: "whats_json-ios-en-with-media-attached.txt", messages: 25, first: "2022-03-18T14:56:01.000Z",
            last: "2023-01-07T23:32:30.000Z"),
        .init(
            file: "whats_json-ios-french-no-comma.txt", messages: 25, first: "2022-03-18T14:56:00.000Z", last: "2023-01-07T23:32:30.000Z"),
        .init(file: "whats_json-ios-german.txt", messages: 25, first: "2022-03-18T14:56:00.000Z", last: "2023-01-07T23:32:30.000Z"),
        .init(
            file: "whats_json-ios-indonesian-dot-time.txt", messages: 28, first: "2022-03-18T14:56:01.000Z",
            last: "2023-01-12T15:35:14.000Z"),
        .init(
            file: "whats_json-ios-japanese-era-calendar.txt", messages: 28, first: "2022-03-18T14:56:01.000Z",
            last: "2023-01-12T15:35:15.000Z"),
        .init(file: "whats_json-ios-russian.txt", messages: 25, first: "2022-03-18T14:56:00.000Z", last: "2023-01-07T23:32:30.000Z"),
        .init(file: "whats_json-ios-thai.txt", messages: 28, first: "2022-03-18T14:56:01.000Z", last: "2023-01-12T15:35:15.000Z"),
        .init(
            file: "whats_json-ios-vietnamese-time-first.txt", messages: 28, first: "2022-03-18T14:56:01.000Z",
            last: "2023-01-12T15:35:15.000Z"),
        .init(
            file: "whatstk-lorem-bracket-ddmmyy-seconds.txt", messages: 500, first: "2020-01-15T02:22:56.000Z",
            last: "2020-05-11T22:32:48.000Z"),
        .init(file: "whatstk-pokemon-ddmmyyyy-dots.txt", messages: 20, first: "2016-04-15T15:04:00.000Z", last: "2016-10-31T12:23:00.000Z"),
    ]

    static func read(_ name: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try TranscriptReader().read(contentsOf: TestPaths.corpus.appendingPathComponent("whatsapp/\(name)").path, options: options)
    }

    @Test("every corpus file imports with its exact count and date order", arguments: cases)
    func counts(_ item: Case) throws {
        let result = try Self.read(item.file)
        #expect(result.format == .whatsApp)
        let messages = result.transcript.channels[0].messages
        #expect(messages.count == item.messages)
        #expect(messages.first?.timestamp.description == item.first)
        #expect(messages.last?.timestamp.description == item.last)
    }

    @Test("the corpus folder holds exactly the files in the table")
    func tableIsComplete() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestPaths.corpus.appendingPathComponent("whatsapp").path)
        #expect(Set(names.filter { $0.hasSuffix(".txt") }) == Set(Self.cases.map(\.file)))
    }

    @Test("a file whose every date fits two orders says so and reads day first")
    func ambiguousDates() throws {
        let result = try Self.read("chat-analytics-4A_11M-zwj-emoji.txt")
        #expect(
            result.diagnostics.map(\.message) == [
                "every date fits day/month/year and month/day/year; read as day/month/year (use --date-order to choose)"
            ])
        let forced = try Self.read("chat-analytics-4A_11M-zwj-emoji.txt", options: ImportOptions(dateOrder: .mdy))
        #expect(forced.transcript.channels[0].messages[0].timestamp.description == "2020-12-09T23:55:00.000Z")
        #expect(forced.diagnostics.isEmpty)
    }

    @Test("the same chat in three date orders and two layouts gets the same ids")
    func idsIndependentOfLayout() throws {
        let files = ["chat-miner-android-ddmmyy-24h.txt", "chat-miner-android-yyyymmdd-24h.txt", "chat-miner-ios-bracket-mmddyy-24h.txt"]
        let ids = try files.map { try Self.read($0).transcript.channels[0].messages.map(\.id) }
        #expect(ids[0] == ids[1])
        #expect(ids[0] == ids[2])
        #expect(Set(ids[0]).count == 9)
    }
}
