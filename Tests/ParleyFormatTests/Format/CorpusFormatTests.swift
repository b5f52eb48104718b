import Foundation
import ParleyImport
import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// Message text from the real export files, through each importer and flavor, as pages show it.
@Suite(.enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
struct CorpusFormatTests {
    static let rel = #"rel="noopener noreferrer nofollow""#

    /// The transcript of a corpus file (path below `../shared/corpus`).
    static func transcript(_ path: String) throws -> Transcript {
        try TranscriptReader().read(contentsOf: TestPaths.corpus.appendingPathComponent(path).path).transcript
    }

    /// The `text` slot of the first message whose source text starts with `prefix`.
    static func text(_ transcript: Transcript, startingWith prefix: String) throws -> String {
        let message = try #require(transcript.channels.flatMap(\.messages).first { $0.content.text.hasPrefix(prefix) })
        let context = RenderContext(templates: TextSlot.templates, clock: .utc, directory: transcript.directory)
        return TextSlot.html(message, context: context)
    }

    @Test func discordMarkdown() throws {
        let general = try Self.transcript("discord/dcef-general.json")
        #expect(
            try Self.text(general, startingWith: "1. Use DiscordChatExporter")
                == #"<ol><li>Use DiscordChatExporter to export Discord chat. Don&#39;t forget to choose <s>HTML</s> <strong>JSON</strong> format. I also highly recommend to also export assets if you want the true <u>offline</u> experience :thisisfine:</li></ol>"#
        )
        #expect(
            try Self.text(general, startingWith: "You can start learning Python")
                == "<p>You can start learning Python 3 as your first language. This is how you would write &quot;Hello World!&quot;. </p>"
                + #"<pre class="code-block"><code class="language-python">def main():"#
                + "\n    print(&quot;Hello World!&quot;)\n\nif __name__ == &quot;__main__&quot;:\n    main()</code></pre>")
        #expect(
            try Self.text(general, startingWith: "||EZ||")
                == #"<span class="spoiler" tabindex="0">EZ</span>, thanks :pepeheart:"#)
        #expect(
            try Self.text(general, startingWith: "I see, _Discord")
                == "I see, <em>DiscordChatExporter-frontend</em> supports all kinds of asset types like pictures, stickers, emojis, videos, audio, gifs, website embeds and attachments"
        )
        let chill = try Self.transcript("discord/dcef-chill-talk.json")
        #expect(try Self.text(chill, startingWith: ":pepeheart: :pepeheart:") == ":pepeheart: :pepeheart: :pepeheart:")
    }

    @Test func slackMrkdwn() throws {
        let archive = try Self.transcript("slack/sev-testarchive")
        #expect(
            try Self.text(archive, startingWith: "<@U0BMYT2FL>: Created an issue")
                == #"<span class="mention mention-user">@aexample</span>: Created an issue for a setup.py so that it can be installed to a standard place"#
        )
        #expect(
            try Self.text(archive, startingWith: "This answer seems to echo")
                == #"This answer seems to echo the same sentiment about the class of problems SA is useful for: <a class="link" href="http://stackoverflow.com/a/8675459/1798683" \#(Self.rel)>http://stackoverflow.com/a/8675459/1798683</a>"#
        )
    }

    @Test func whatsApp() throws {
        let czech = try Self.transcript("whatsapp/whats_json-android-czech-ddmmyy-no-comma.txt")
        #expect(
            try Self.text(czech, startingWith: "poloha: https://maps")
                == #"poloha: <a class="link" href="https://maps.google.com/?q=51.50214569326172,-0.12739796972656" \#(Self.rel)>https://maps.google.com/?q=51.50214569326172,-0.12739796972656</a>"#
        )
    }

    @Test func telegramEntities() throws {
        let single = try Self.transcript("telegram/chat-miner-single-export.json")
        #expect(
            try Self.text(single, startingWith: "Link:")
                == #"<strong>Link:</strong><a class="link" href="https://telegram.org/" \#(Self.rel)>https://telegram.org/</a>"#)
        let direct = try Self.transcript("telegram/chat-analytics-DM_2A_7M.json")
        #expect(
            try Self.text(direct, startingWith: "https://google.com")
                == #"<a class="link" href="https://google.com" \#(Self.rel)>https://google.com</a> 👀"#)
    }

    @Test func chatGPTCommonMark() throws {
        let conversations = try Self.transcript("chatgpt/langchain-fake-conversations.json")
        #expect(
            try Self.text(conversations, startingWith: "Greetings, humans.")
                == "Greetings, humans. I am Hal 9000. You can trust me completely.")
    }
}
