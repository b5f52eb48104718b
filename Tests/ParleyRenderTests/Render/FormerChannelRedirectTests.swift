import Foundation
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// A channel whose messages an earlier Parley kept under another id (``Channel/formerIDs``) gets
/// that id's folder as a legacy folder when no channel of the archive lives there: the pages a
/// previous archive held in it redirect to the channel's, on every render. A former channel that
/// is still in the archive keeps its own pages.
@Suite struct FormerChannelRedirectTests {
    /// Channel `id` (its folder is its id) with one message in March 2024 and, when `april`, one in April.
    static func channel(_ id: String, formerIDs: [String] = [], april: Bool = false) -> Channel {
        let author = Author(id: AuthorID("u1"), name: "Ana")
        var channel = Channel(id: ChannelID(id), name: id.capitalized)
        channel.formerIDs = formerIDs.map { ChannelID($0) }
        channel.messages = [
            Message(
                id: MessageID(id + "-1"), channel: channel.id, author: author, timestamp: Timestamp(milliseconds: 1_709_287_200_000),
                content: Content(text: "March"))
        ]
        if april {
            channel.messages.append(
                Message(
                    id: MessageID(id + "-2"), channel: channel.id, author: author,
                    timestamp: Timestamp(milliseconds: 1_712_000_000_000), content: Content(text: "April")))
        }
        return channel
    }

    static func render(_ channels: [Channel], to output: URL) throws -> ArchiveSummary {
        try ArchiveWriter(options: ArchiveOptions()).write(Transcript(title: "T", channels: channels), to: output)
    }

    /// The meta refresh and canonical link of a redirect page to `target`.
    static func redirects(_ path: URL, to target: String) throws -> Bool {
        let html = try String(contentsOf: path, encoding: .utf8)
        return html.contains("<meta http-equiv=\"refresh\" content=\"0; url=\(target)\">")
            && html.contains("<link rel=\"canonical\" href=\"\(target)\">")
    }

    @Test func aRetiredChannelsPagesRedirectToItsSuccessorThroughLaterRenders() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        _ = try Self.render([Self.channel("old", april: true)], to: output)
        for _ in 0..<2 {
            let summary = try Self.render([Self.channel("new", formerIDs: ["old"])], to: output)
            #expect(summary.redirectPages == 3)
            #expect(summary.pages == 3)
            // The successor has a March page but no April page: April's permalinks go to its index.
            #expect(try Self.redirects(output.appendingPathComponent("c/old/2024-03.html"), to: "../new/2024-03.html"))
            #expect(try Self.redirects(output.appendingPathComponent("c/old/2024-04.html"), to: "../new/index.html"))
            #expect(try Self.redirects(output.appendingPathComponent("c/old/index.html"), to: "../new/index.html"))
        }
    }

    @Test func aFormerChannelStillInTheArchiveKeepsItsPages() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        _ = try Self.render([Self.channel("group")], to: output)
        let summary = try Self.render([Self.channel("group"), Self.channel("topic", formerIDs: ["group"])], to: output)
        #expect(summary.redirectPages == 0)
        let page = try String(contentsOf: output.appendingPathComponent("c/group/2024-03.html"), encoding: .utf8)
        #expect(page.contains("id=\"m-group-1\""))
        #expect(!page.contains("http-equiv=\"refresh\""))
    }

    /// Two channels that were one under an earlier Parley: the first in the archive's order gets
    /// the former folder.
    @Test func aFormerFolderTwoChannelsClaimRedirectsToTheFirst() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        _ = try Self.render([Self.channel("old")], to: output)
        let summary = try Self.render([Self.channel("ana", formerIDs: ["old"]), Self.channel("bo", formerIDs: ["old"])], to: output)
        #expect(summary.redirectPages == 2)
        #expect(try Self.redirects(output.appendingPathComponent("c/old/2024-03.html"), to: "../ana/2024-03.html"))
    }
}
