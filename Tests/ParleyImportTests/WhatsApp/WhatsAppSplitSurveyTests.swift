import Foundation
import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleyImport

/// The first pass over a large WhatsApp chat is split in two at a line break and run on two
/// cores (``WhatsAppSplitSurvey``): its plan — header shape, date order, authors, exporter,
/// timestamps met again, diagnostics, or the error — is the one a single pass gives.
@Suite struct WhatsAppSplitSurveyTests {
    /// The survey of `text` in one pass, as ``WhatsAppChatReading`` runs it on a short chat.
    static func wholeSurvey(_ text: [UInt8], forced: DateOrder?) -> WhatsAppSurvey {
        var decoder = WhatsAppTextDecoder()
        var lines = WhatsAppLineSplitter()
        var survey = WhatsAppSurvey(forced: forced)
        text.withUnsafeBytes { bytes in decoder.feed(bytes) { text in lines.feed(text) { survey.add($0) } } }
        decoder.finish { text in lines.feed(text) { survey.add($0) } }
        lines.finish { survey.add($0) }
        return survey
    }

    /// What a survey decides: its plan, or the error's text.
    static func outcome(_ survey: WhatsAppSurvey) -> String {
        do throws(ImportError) {
            let plan = try survey.plan(file: "chat.txt")
            return [
                "shape \(plan.shape)", "order \(plan.order)", "authors \(plan.authors.sorted())", "exporter \(plan.exporter ?? "-")",
                "revisited \(plan.revisited.map { "\($0.sorted())" } ?? "not followed")",
                "diagnostics \(plan.diagnostics.map(\.description))",
                "tallies \(survey.tallies.map { "\($0.shape) \($0.count) \($0.first.offset):\($0.first.line)" })",
            ].joined(separator: "\n")
        } catch {
            return "error \(error)"
        }
    }

    /// A seeded chat of up to 80 lines: two header shapes, dates that fit one, two or three orders
    /// (in some chats, dates written in both orders or in none), times that go back now and then, AM/PM markers known and unknown (some
    /// after `_`), system and deletion lines, continuation and blank lines, sometimes text before
    /// the first header, CRLF or LF line ends.
    static func chat(_ random: inout SeededRandom) -> [UInt8] {
        let names = ["Ana", "Bo", "Cy Dee", "Émile", "李"]
        let texts = [
            "hello", "Messages and calls are end-to-end encrypted", "You deleted this message", "This message was deleted",
            "IMG-0001.jpg (file attached)", "a: b: c", "\u{200E}Ana added Bo",
        ]
        var lines: [String] = []
        if random.chance(10) { lines.append("Exported chat") }
        var day = 1 + random.below(12), month = 1 + random.below(12), minute = random.below(600)
        let invalidDates = random.chance(20), monthFirst = random.chance(40), mixedOrders = random.chance(15)
        for _ in 0..<random.below(80) {
            switch random.below(20) {
            case 0: lines.append("")
            case 1, 2: lines.append("a continuation line: \(random.below(100))")
            default:
                if random.chance(15) { minute = max(0, minute - random.below(300)) } else { minute += random.below(90) }
                if random.chance(10) { day += 1 }
                if day > 28 {
                    day = 1
                    month = month % 12 + 1
                }
                let (first, second) = monthFirst != (mixedOrders && random.chance(30)) ? (month, day) : (day, month)
                let date = invalidDates && random.chance(3) ? "\(first + 31)/\(second)/22" : "\(first)/\(second)/22"
                let clock = "\((minute / 60 % 12) + 1):\(String(format: "%02d", (minute % 60 + 60) % 60))"
                let marker = ["", " AM", "\u{202F}PM", "_PM", " xm", " ym"][random.chance(85) ? random.below(3) : random.below(6)]
                let body = random.chance(8) ? texts[6] : "\(names[random.below(names.count)]): \(texts[random.below(texts.count - 1)])"
                lines.append(
                    random.chance(90) ? "\(date), \(clock)\(marker) - \(body)" : "[\(date), \(clock):00\(marker)] \(body)")
            }
        }
        let end = random.chance(50) ? "\r\n" : "\n"
        var text = lines.joined(separator: end)
        if random.chance(50) { text += end }
        return Array(text.utf8)
    }

    /// 4,000 seeded chats, some with a byte order mark, with and without `--date-order`: the
    /// split survey's plan, or error, is the single pass's; it declines (nil) only when no line
    /// break follows the middle.
    @Test func theSplitSurveyPlansAsOnePassDoes() throws {
        var random = SeededRandom(seed: 0x5350_4C49)
        var split = 0, declined = 0
        for round in 0..<4000 {
            var text = Self.chat(&random)
            if random.chance(10) { text = [0xEF, 0xBB, 0xBF] + text }
            let forced: DateOrder? = random.chance(80) ? nil : DateOrder.allCases[random.below(3)]
            let whole = Self.wholeSurvey(text, forced: forced)
            let found = try WhatsAppSplitSurvey.survey(
                .data(Data(text)), file: "chat.txt", chunkSize: 1 + random.below(64), forced: forced, minimumSize: 0)
            guard let found else {
                declined += 1
                let breakAfterMiddle = text.count >= 4 && text[(text.count / 2)...].dropLast().contains(0x0A)
                #expect(!breakAfterMiddle, "round \(round): declined a chat it could split")
                continue
            }
            split += 1
            #expect(Self.outcome(found) == Self.outcome(whole), "round \(round)")
        }
        #expect(split > 3000 && split < 4000, "\(split) split, \(declined) declined")
    }

    /// Appending the survey of a chat's lines from any line on to the survey of the lines before
    /// gives the whole chat's survey, at every line of 300 seeded chats.
    @Test func appendingAtEveryLineGivesTheWholeSurvey() {
        var random = SeededRandom(seed: 0x4150_5045)
        var compared = 0
        for round in 0..<300 {
            let text = Self.chat(&random)
            let whole = Self.outcome(Self.wholeSurvey(text, forced: nil))
            var cut = 0
            var line = 0
            while let newline = text[cut...].firstIndex(of: 0x0A) {
                cut = newline + 1
                line += 1
                var first = Self.wholeSurvey(Array(text[..<cut]), forced: nil)
                let second = Self.wholeSurvey(Array(text[cut...]), forced: nil)
                if first.append(second, shiftedBy: .init(offset: cut, line: line)) {
                    #expect(Self.outcome(first) == whole, "round \(round), cut after line \(line)")
                    compared += 1
                }
            }
        }
        #expect(compared > 8000)
    }

    /// A chat whose first line is its latest and whose other lines go forward from long before:
    /// every line after the first is met again after a later one. Split in the middle of 2,000
    /// lines, the second part has about 1,000 such times, which its tally keeps, and the split
    /// survey finds them all; of 3,000 lines, about 1,500, more than it keeps, and it declines.
    @Test(arguments: [2000, 3000]) func timesBelowTheFirstPartsLatestAreMetAgain(lineCount: Int) throws {
        var lines = ["28/12/2022, 23:59 - Ana: latest"]
        for index in 1..<lineCount {
            lines.append("\(1 + index / 1440)/1/2022, \(String(format: "%02d:%02d", index / 60 % 24, index % 60)) - Bo: early")
        }
        let text = Array(lines.joined(separator: "\n").utf8)
        let whole = Self.wholeSurvey(text, forced: nil)
        #expect(try whole.plan(file: "chat.txt").revisited?.count == lineCount - 1)
        let found = try WhatsAppSplitSurvey.survey(.data(Data(text)), file: "chat.txt", chunkSize: 4096, forced: nil, minimumSize: 0)
        if lineCount / 2 > WhatsAppShapeTally.leadingLatestLimit {
            #expect(found == nil)
        } else {
            #expect(try #require(found).tallies[0].count == lineCount)
            #expect(try Self.outcome(#require(found)) == Self.outcome(whole))
        }
    }

    /// UTF-16 is transcoded (its offsets are not the file's), and a zip entry is read from its
    /// start: both are surveyed in one pass.
    @Test func utf16AndShortTextsAreSurveyedInOnePass() throws {
        let text = Array(WhatsAppChunkTests.chat.utf8)
        #expect(try WhatsAppSplitSurvey.survey(.data(Data(text)), file: "chat.txt", chunkSize: 7, forced: nil, minimumSize: 0) != nil)
        #expect(try WhatsAppSplitSurvey.survey(.data(Data(text)), file: "chat.txt", chunkSize: 7, forced: nil) == nil)
        for bigEndian in [false, true] {
            let utf16 = WhatsAppChunkTests.utf16(WhatsAppChunkTests.chat, bigEndian: bigEndian)
            #expect(try WhatsAppSplitSurvey.survey(.data(utf16), file: "chat.txt", chunkSize: 7, forced: nil, minimumSize: 0) == nil)
        }
    }

    /// A chat file is cut at a line break past its middle and read in two ranges: the whole
    /// import of a file is the import of the same bytes in one pass (from memory, chunk by chunk).
    @Test func aFileSplitInTwoImportsAsOnePassDoes() throws {
        var random = SeededRandom(seed: 0x4649_4C45)
        for round in 0..<40 {
            let text = Self.chat(&random)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("split-\(UUID().uuidString).txt")
            try Data(text).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let whole = Self.wholeSurvey(text, forced: nil)
            let found = try WhatsAppSplitSurvey.survey(.file(path: url.path), file: "chat.txt", chunkSize: 5, forced: nil, minimumSize: 0)
            if let found { #expect(Self.outcome(found) == Self.outcome(whole), "round \(round)") }
        }
        #expect(throws: ImportError.self) {
            try WhatsAppSplitSurvey.survey(
                .file(path: "/nonexistent/chat.txt"), file: "chat.txt", chunkSize: 5, forced: nil, minimumSize: 0)
        }
    }
}
