import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Authors the workspace's `users.json` does not list, in the shapes real exports write them:
/// bots and integrations without `user`, Slackbot, and guests of shared channels or deleted users
/// whose messages carry their own `user_profile`. No raw id is shown where the export names someone.
@Suite("Slack authors")
struct SlackAuthorTests {
    static let files = [
        "users.json": #"[{"id":"U1","name":"ana","profile":{"display_name":"Ana","real_name":"Ana Lima"}}]"#,
        "channels.json": #"[{"id":"C1","name":"general"}]"#,
        "general/2024-01-01.json": """
        [{"type":"message","user":"U1","text":"before the guest spoke: <@U9>","ts":"1704103200.000100"},
         {"type":"message","subtype":"bot_message","bot_id":"B1","username":"deploybot","text":"deployed","ts":"1704103201.000100"},
         {"type":"message","bot_id":"B2","text":"PR opened","ts":"1704103202.000100",
          "bot_profile":{"id":"B2","name":"GitHub","app_id":"A1","icons":{"image_72":"https://example.org/gh.png"}}},
         {"type":"message","subtype":"bot_message","bot_id":"B2","text":"PR merged","ts":"1704103203.000100"},
         {"type":"message","subtype":"bot_message","bot_id":"B3","username":"","text":"nameless","ts":"1704103204.000100"},
         {"type":"message","subtype":"bot_message","username":"RSS","text":"no bot_id","ts":"1704103205.000100"},
         {"type":"message","user":"USLACKBOT","text":"Reminder: stand-up","ts":"1704103206.000100"},
         {"type":"message","user":"U9","text":"hello from the partner org","ts":"1704103207.000100","team":"T2",
          "user_profile":{"avatar_hash":"0","image_72":"https://example.org/g.png","first_name":"Gina","real_name":"Gina Guest",
                          "display_name":"","team":"T2","name":"gina","is_restricted":true,"is_ultra_restricted":false}}]
        """,
        "general/2024-01-02.json": """
        [{"type":"message","subtype":"channel_leave","user":"U9","text":"<@U9> has left the channel","ts":"1704189600.000100"},
         {"type":"message","user":"U1","text":"bye <@U9>","ts":"1704189601.000100"},
         {"type":"message","user":"U8","text":"deactivated since","ts":"1704189602.000100","user_profile":{"real_name":"Dee Parted"}},
         {"type":"message","user":"U7","text":"nobody names me","ts":"1704189603.000100"}]
        """,
    ]

    @Test("bots, integrations, Slackbot, guests and deleted users are named from their messages, both ways alike")
    func namesFromTheMessages() throws {
        let folder = try SlackStreamingTests.export(Self.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, whole, _) = try SlackStreamingTests.compare(folder.path)
        #expect(whole.diagnostics.isEmpty)
        let messages = try #require(whole.transcript.channels.first).messages
        #expect(
            messages.map(\.author) == [
                Author(id: AuthorID("U1"), name: "ana", displayName: "Ana"),
                Author(id: AuthorID("B1"), name: "deploybot", isBot: true),
                Author(id: AuthorID("B2"), name: "GitHub", isBot: true),
                Author(id: AuthorID("B2"), name: "GitHub", isBot: true),
                Author(id: AuthorID("B3"), name: "B3", isBot: true),
                Author(id: AuthorID("bot"), name: "RSS", isBot: true),
                Author(id: AuthorID("USLACKBOT"), name: "Slackbot", isBot: true),
                Author(
                    id: AuthorID("U9"), name: "gina", displayName: "Gina Guest", avatarURL: "https://example.org/g.png"),
                Author(
                    id: AuthorID("U9"), name: "gina", displayName: "Gina Guest", avatarURL: "https://example.org/g.png"),
                Author(id: AuthorID("U1"), name: "ana", displayName: "Ana"),
                Author(id: AuthorID("U8"), name: "Dee Parted", displayName: "Dee Parted"),
                Author(id: AuthorID("U7"), name: "U7"),
            ])
        #expect(messages[0].mentions == [Mention(id: AuthorID("U9"), name: "U9")], "named only later in the export")
        #expect(messages[9].mentions == [Mention(id: AuthorID("U9"), name: "Gina Guest")])
        #expect(
            whole.transcript.directory.users == [
                "U1": "Ana", "U9": "Gina Guest", "U8": "Dee Parted", "B2": "GitHub",
            ], "so every mention of them is resolved when the page is rendered")
    }

    /// One entry of `users.json` or `channels.json` that could not be read refused the whole export.
    @Test("an unreadable entry of users.json or channels.json is left out and reported; the rest is read")
    func unreadableListEntries() throws {
        let folder = try SlackStreamingTests.export([
            "users.json": #"[{"id":null,"name":"broken"},{"id":"U1","name":"ana"}]"#,
            "channels.json": #"[{"id":"C0","name":5},{"id":"C1","name":"general"}]"#,
            "general/2024-01-01.json": #"[{"type":"message","user":"U1","text":"kept","ts":"1704103200.000100"}]"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try TranscriptReader().read(contentsOf: folder.path)
        let channel = try #require(result.transcript.channels.first)
        #expect(channel.id == ChannelID("C1"))
        #expect(channel.messages.map(\.content.text) == ["kept"])
        #expect(channel.messages.map(\.author.name) == ["ana"])
        let export = folder.path
        #expect(
            result.diagnostics.map(\.description) == [
                "\(export): users.json: [0].id: record skipped: expected a value of type string, found null",
                "\(export): channels.json: [0].name: record skipped: expected a value of type string",
            ])
    }

}
