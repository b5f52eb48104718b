import Foundation
import ParleyServerTestSupport
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// `parley serve` groups each channel by its platform's rule, exactly as `parley render` does:
/// a Telegram chat by Telegram Desktop's 15 minutes, not Discord's 7.
@Suite(.stretchedTimeLimit(minutes: 1))
struct ServeGroupingTests {
    /// The group position class of each message element of `html`, in order.
    static func positions(_ html: String) -> [String] {
        html.matches(of: /<article class="msg (pos-[a-z]+)/).map { String($0.1) }
    }

    @Test func aTelegramChatIsGroupedBy15MinutesLikeTheArchive() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("result.json")
        let messages = [(1, 1_700_000_000), (2, 1_700_000_600), (3, 1_700_000_720)].map { id, time in
            #"{"id":\#(id),"type":"message","date":"x","date_unixtime":"\#(time)","from":"Ana","from_id":"user1","text":"m\#(id)","text_entities":[{"type":"plain","text":"m\#(id)"}]}"#
        }
        try #"{"name":"Group","type":"private_group","id":42,"messages":[\#(messages.joined(separator: ","))]}"#
            .write(to: file, atomically: true, encoding: .utf8)

        let archive = folder.appendingPathComponent("archive")
        #expect(try ParleyProcess.run(["render", file.path, "-o", archive.path, "--quiet"]).code == 0)
        let page = try String(contentsOf: archive.appendingPathComponent("c/42/2023-11.html"), encoding: .utf8)
        #expect(Self.positions(page) == ["pos-first", "pos-middle", "pos-last"])

        let (process, firstLine, _, _) = try ServeCommandTests.launch([file.path, "--port", "0"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let match = try #require(firstLine.firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)\//))
        let served = try HTTPTestResponse.get("/c/42", port: try #require(Int(match.1))).text
        #expect(Self.positions(served) == ["pos-first", "pos-middle", "pos-last"])
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}
