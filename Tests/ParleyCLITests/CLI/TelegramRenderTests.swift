import Foundation
import ParleyCLI
import ParleyServerTestSupport
import ParleyTestSupport
import Testing

/// A Telegram Desktop export renders with its quirks: each forum topic a page of its own linked
/// from the group's, no control character in any page, the inline bot named after the author;
/// one odd entry is skipped and counted, and `--strict` makes it an error.
@Suite struct TelegramRenderTests {
    struct Run {
        var code: Int32
        var output: String
        var errors: String
    }

    static func run(_ arguments: [String]) -> Run {
        let output = CapturedText(), errors = CapturedText()
        let code = ParleyCommand.run(arguments, output: output, errors: errors)
        return Run(code: code, output: output.text, errors: errors.text)
    }

    @Test func forumTopicsArePagesOfTheirOwnLinkedFromTheGroup() throws {
        let input = TestPaths.fixture("telegram-desktop-forum.json").path
        let archive = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let rendered = Self.run(["render", input, "-o", archive.path, "--quiet"])
        #expect(rendered.code == 0, "\(rendered.errors)")
        let page = { (channel: String) in
            try String(contentsOf: archive.appendingPathComponent("c/\(channel)/2024-02.html"), encoding: .utf8)
        }
        let group = try page("4242"), trips = try page("4242-topic-3"), books = try page("4242-topic-6")
        #expect(HTMLScan.articleIDs(group) == ["m-1", "m-2", "m-3", "m-6", "m-8", "m-9", "m-11"])
        #expect(HTMLScan.articleIDs(trips) == ["m-4", "m-5", "m-10"])
        #expect(HTMLScan.articleIDs(books) == ["m-7"])
        #expect(
            group.contains(
                #"<a class="thread-link" href="../../c/4242-topic-3/index.html"><span class="thread-label">Thread</span> "#
                    + #"<bdi class="thread-name">Trips</bdi></a>"#))
        #expect(group.contains(#"<a class="thread-link" href="../../c/4242-topic-6/index.html">"#))
        // Only the reply within the topic shows a reply header, none points at the topic's creation.
        #expect(trips.components(separatedBy: #"data-slot="reply""#).count == 2)
        #expect(trips.contains(##"<span class="msg-via">via <bdi>@vote</bdi></span> <a class="msg-time" href="#m-10""##))
        #expect(
            books.contains(
                #"<span class="forwarded-label">Forwarded</span> <a class="forwarded-origin" dir="auto">from Deleted Account</a>"#))
        for html in [group, trips, books] {
            #expect(!html.utf8.contains { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D || $0 == 0x7F })
        }
        #expect(trips.contains("Me!\u{FFFD}See the list"))
    }

    static let odd =
        #"{"name":"G","type":"private_group","id":5,"messages":[{"id":1,"type":"message","date_unixtime":"1700000000","#
        + #""from":"A","from_id":"user1","text":"kept"},{"id":2,"type":"message","date_unixtime":"1700000001","from":"A","#
        + #""from_id":"user1","text":{"bold":true}}]}"#

    @Test func anOddEntryIsSkippedAndCountedAndStrictFails() throws {
        let input = TestPaths.temporaryFolder().appendingPathComponent("result.json")
        try Data(Self.odd.utf8).write(to: input)
        let warning = "\(input.path): messages[1].text: record skipped: expected a string or an array of strings and text entities"
        let converted = Self.run(["convert", input.path, "-o", "-"])
        #expect(converted.code == 0)
        #expect(converted.output.contains(#""content":"kept""#))
        #expect(converted.errors == "parley: warning: \(warning)\n")
        let strict = Self.run(["convert", input.path, "-o", "-", "--strict"])
        #expect(strict.code == 65)
        #expect(strict.output == "")
        #expect(strict.errors == "parley: \(warning) (--strict: a record that cannot be read is an error)\n")
    }
}
