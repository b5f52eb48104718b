import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// The quirks of real ChatGPT exports (issue 16 E), on `Fixtures/chatgpt-markers.json`, written as
/// ChatGPT writes `conversations.json` (JSON escapes for every non-ASCII character): source and
/// entity markers in the private-use area with their `content_references`, the older `【3†source】`
/// markers with their `citations`, and conversations whose `current_node` is missing or unknown.
@Suite("ChatGPT quirks")
struct ChatGPTQuirkTests {
    static func read() throws -> ImportResult {
        try TranscriptReader().read(contentsOf: TestPaths.fixture("chatgpt-markers.json").path)
    }

    /// The text of message `id` in channel `channel` of the fixture.
    static func text(_ id: String, in channel: String) throws -> String {
        let channels = try read().transcript.channels
        let messages = try #require(channels.first { $0.id.rawValue == channel }).messages
        return try #require(messages.first { $0.id.rawValue == id }).content.text
    }

    /// Reads one conversation whose message `a1` has `parts` and `metadata` (JSON), and returns
    /// that message's text and the import's diagnostics.
    static func convert(_ parts: String, metadata: String) throws -> (text: String?, diagnostics: [String]) {
        let json = """
            [{"title": "T", "conversation_id": "c", "current_node": "a1", "mapping": {
              "root": {"id": "root", "message": null, "parent": null, "children": ["a1"]},
              "a1": {"id": "a1", "parent": "root", "children": [], "message": {"id": "a1", "author": {"role": "assistant"},
                "create_time": 1735689602.0, "content": {"content_type": "text", "parts": \(parts)}, "recipient": "all",
                "metadata": \(metadata)}}}}]
            """
        let result = try TranscriptReader().read(Data(json.utf8), file: "c.json", format: .chatGPT)
        return (result.transcript.channels.first?.messages.first?.content.text, result.diagnostics.map(\.description))
    }

    // MARK: markers

    @Test("a cited marker becomes its pages as links, an entity its name, hidden and image markers nothing")
    func currentMarkersWithReferences() throws {
        #expect(
            try Self.text("a1", in: "conv-sources")
                == "The Eiffel Tower stands in Paris. It is 330 metres tall "
                + "([Wikipedia](<https://en.wikipedia.org/wiki/Eiffel_Tower?utm_source=chatgpt.com>), "
                + #"[Eiffel Tower \| History \& Facts](<https://www.britannica.com/topic/Eiffel-Tower-Paris-France>))"#
                + " and was finished in 1889. ([Tour Eiffel](https://www.toureiffel.paris/en))\n\nIts designer was Gustave Eiffel.")
    }

    @Test("the older 【N†source】 markers become links by place, then by number; one no citation names stays")
    func olderCitations() throws {
        #expect(
            try Self.text("a2", in: "conv-sources")
                == #"It opened on 31 March 1889 ([Eiffel Tower \- History](<https://www.history.com/topics/landmarks/eiffel-tower>))"#
                + " and was the tallest structure until 1930 ([Chrysler Building](<https://en.wikipedia.org/wiki/Chrysler_Building>))."
                + " See also【9†source】.")
    }

    @Test("markers without references: a file citation is dropped, a url marker linked, stray marks dropped")
    func markersWithoutReferences() throws {
        #expect(
            try Self.text("a3", in: "conv-sources")
                == "Your notes list three visits  and the [Eiffel Tower site](<https://www.toureiffel.paris/en>) sells tickets. Done.")
    }

    @Test("no text of the fixture keeps a character U+E200–U+E204")
    func noMarkerCharacterIsLeft() throws {
        let texts = try Self.read().transcript.channels.flatMap(\.messages).map(\.content.text)
        #expect(texts.count == 14)
        #expect(!texts.contains { $0.unicodeScalars.contains { (0xE200...0xE204).contains($0.value) } })
    }

    @Test("only http and https pages are linked, a blank attribution gives way to the title; a name's punctuation is escaped")
    func onlyWebLinksAndEscapedNames() throws {
        let marker = #"\ue200cite\ue202turn0search0\ue201"#
        let entity = #"\ue200entity\ue202[\"people\",\"René \\\"Descartes\\\" [1596]\",\"philosopher\"]\ue201"#
        let converted = try Self.convert(
            #"["\#(entity) wrote it \#(marker)"]"#,
            metadata: """
                {"content_references": [{"matched_text": "\(marker)", "type": "grouped_webpages", "alt": null, "items": [
                  {"title": "Mail", "url": "mailto:a@example.org"}, {"title": "Local", "url": "file:///etc/passwd"},
                  {"title": "Two words", "url": "https://example.org/a b"},
                  {"title": "Plain", "attribution": " ", "url": "HTTP://EXAMPLE.ORG/<x>\\\\y"}]}]}
                """)
        #expect(converted.text == #"René \"Descartes\" \[1596\] wrote it ([Plain](<HTTP://EXAMPLE.ORG/%3Cx%3E%5Cy>))"#)
        #expect(converted.diagnostics.isEmpty)
    }

    @Test("a reference with no page and no alt drops its marker; a space-only sources_footnote keeps the text")
    func referencesWithoutPages() throws {
        let marker = #"\ue200filecite\ue202turn0file0\ue201"#
        let converted = try Self.convert(
            #"["See the notes \#(marker). Done. "]"#,
            metadata: """
                {"content_references": [{"matched_text": "\(marker)", "type": "file", "name": "notes.pdf", "alt": "  "},
                  {"matched_text": " ", "type": "sources_footnote", "sources": [{"title": "x", "url": "https://x.example"}]}]}
                """)
        #expect(converted.text == "See the notes . Done. ")
    }

    @Test("references and citations of the wrong shape cost nothing but their markers")
    func oddReferencesAreRead() throws {
        let marker = #"\ue200cite\ue202turn0search1\ue201"#
        let odd = try Self.convert(
            #"["Fact \#(marker) and 【2†source】."]"#,
            metadata: """
                {"content_references": [5, {"matched_text": "\(marker)", "type": ["x"], "items": ["", {"url": 7, "title": "T"}]}],
                 "citations": [{"start_ix": "five", "metadata": {"url": "https://b.example", "title": 3, "extra": {"cited_message_idx": 2}}}]}
                """)
        #expect(odd.text == #"Fact  and ([https\:\/\/b\.example](<https://b.example>))."#)
        #expect(odd.diagnostics.isEmpty)
        let wrongTypes = try Self.convert(
            #"["Fact \#(marker)."]"#, metadata: #"{"content_references": {"matched_text": "x"}, "citations": "none"}"#)
        #expect(wrongTypes.text == "Fact .")
        #expect(wrongTypes.diagnostics.isEmpty)
    }

    @Test("an entity marker without a reference shows its name, in either of its forms; a marker cut short is dropped")
    func entityFormsAndCutMarkers() throws {
        let converted = try Self.convert(
            #"["\ue200entity\ue202[\"city\",\"Lyon\"]\ue201, \ue200entity\ue202Invincible\ue201, \ue200entity\ue202[1,2]\ue201|\ue200cite\ue202turn0\nnext\ue201"]"#,
            metadata: "{}")
        #expect(converted.text == "Lyon, Invincible, |citeturn0\nnext")
    }

    // MARK: current_node

    @Test("without current_node the newest leaf ends the shown branch; the other is a branch of its own")
    func missingCurrentNodeTakesTheNewestLeaf() throws {
        let result = try Self.read()
        let channels = result.transcript.channels.filter { $0.id.rawValue.hasPrefix("conv-regenerated") }
        #expect(channels.map(\.id.rawValue) == ["conv-regenerated", "conv-regenerated~a1b"])
        #expect(channels.map { $0.messages.map(\.id.rawValue) } == [["u1", "a1", "u2", "a2"], ["a1b"]])
        #expect(
            channels[1].branchPoint
                == BranchPoint(channel: ChannelID("conv-regenerated"), parent: MessageID("u1"), alternativeTo: MessageID("a1")))
        #expect(channels[1].name == "No current node · branch 1")
        let file = TestPaths.fixture("chatgpt-markers.json").path
        #expect(
            result.diagnostics.map(\.description) == [
                #"\#(file): [1]: conversation conv-regenerated: no current_node; the shown branch ends at the newest of its 2 leaves, "a2", and the other branches are kept"#,
                #"\#(file): [2].current_node: conversation conv-lost: current_node "gone" is not in the mapping; the shown branch ends at the newest of its 2 leaves, "x2", and the other branches are kept"#,
            ])
    }

    @Test("an unknown current_node: of leaves equally new, the greatest id ends the shown branch")
    func unknownCurrentNodeBreaksTiesByID() throws {
        let channels = try Self.read().transcript.channels.filter { $0.id.rawValue.hasPrefix("conv-lost") }
        #expect(channels.map(\.id.rawValue) == ["conv-lost", "conv-lost~x1"])
        #expect(channels.map { $0.messages.map(\.content.text) } == [["Hello", "Second answer"], ["First answer"]])
        #expect(
            channels[1].branchPoint == BranchPoint(channel: ChannelID("conv-lost"), parent: MessageID("u1"), alternativeTo: MessageID("x2"))
        )
    }

    @Test("without current_node, a conversation of one leaf is shown with no warning; an untimed leaf is older than a timed one")
    func oneLeafNeedsNoWarning() throws {
        func read(_ mapping: String) throws -> ImportResult {
            try TranscriptReader().read(Data(#"[{"title": "T", "conversation_id": "c", "mapping": {\#(mapping)}}]"#.utf8), file: "c.json")
        }
        func node(_ id: String, _ parent: String?, _ children: [String], _ time: String) -> String {
            let parentJSON = parent.map { "\"\($0)\"" } ?? "null"
            let childrenJSON = children.map { "\"\($0)\"" }.joined(separator: ",")
            return #""\#(id)": {"parent": \#(parentJSON), "children": [\#(childrenJSON)], "message": {"author": {"role": "user"}, "#
                + #""create_time": \#(time), "content": {"content_type": "text", "parts": ["\#(id)"]}}}"#
        }
        let linear = try read([node("a", nil, ["b"], "1.0"), node("b", "a", [], "2.0")].joined(separator: ","))
        #expect(linear.transcript.channels.map { $0.messages.map(\.id.rawValue) } == [["a", "b"]])
        #expect(linear.diagnostics.isEmpty)
        let untimed = try read(
            [node("a", nil, ["b", "c"], "1.0"), node("b", "a", [], "null"), node("c", "a", [], "0.5")].joined(separator: ","))
        #expect(untimed.transcript.channels.map { $0.messages.map(\.id.rawValue) } == [["a", "c"], ["b"]])
    }

    // MARK: cosmetic fields

    /// A `title` or `current_node` that is no string cost the conversation every message.
    @Test("a title or current node of another type leaves the conversation untitled, its messages kept")
    func oddTitleAndCurrentNode() throws {
        let json = """
            [{"title": 42, "conversation_id": "c", "current_node": 7, "mapping": {
              "root": {"id": "root", "message": null, "parent": null, "children": ["a1"]},
              "a1": {"id": "a1", "parent": "root", "children": [], "message": {"id": "a1", "author": {"role": "assistant"},
                "create_time": 1735689602.0, "content": {"content_type": "text", "parts": ["kept"]}, "recipient": "all"}}}}]
            """
        let result = try TranscriptReader().read(Data(json.utf8), file: "c.json", format: .chatGPT)
        #expect(result.transcript.channels.map(\.name) == ["Untitled conversation"])
        #expect(result.transcript.channels.flatMap(\.messages).map(\.content.text) == ["kept"])
        #expect(result.diagnostics.isEmpty)
    }

}
