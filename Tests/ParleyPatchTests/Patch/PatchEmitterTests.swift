import ParleyHTML
import ParleyLive
import ParleyModel
import ParleyPatch
import ParleyTestSupport
import Testing

/// Exact operations for the changes a chat sees.
@Suite struct PatchEmitterTests {
    typealias F = LiveFixtures

    static func base() -> LiveChannel {
        F.channel([
            F.message("1", minute: 0, author: 0, text: "Good morning"),
            F.message("2", minute: 1, author: 1, text: "Morning! see you at noon"),
            F.message("3", minute: 2, author: 1, text: "bring the cooler"),
        ])
    }

    static func tags(_ batch: PatchBatch?) -> [String] { batch?.operations.map(\.tag) ?? [] }

    static func flash(_ id: String) -> PatchOperation { .transientClass(id: id, className: "flash") }

    @Test func oneWordEditIsOneSlotUpdatePlusTheEditedMarkerCreatedTheFirstTime() throws {
        let live = Self.base()
        let first = try #require(
            live.update { messages in
                messages[1].content.text = "Morning! see you at one"
                messages[1].editedTimestamp = Timestamp(milliseconds: F.start + 5 * 60_000)
            })
        #expect(first.version == 1 && first.base == 0)
        let marker = #"<span class="edited" title="Edited Friday, 8 March 2024 09:05:00 (UTC)">(edited)</span>"#
        #expect(
            first.operations == [
                .slot(id: "m-2", slot: "text", html: SafeHTML.text("Morning! see you at one")),
                .createSlot(
                    id: "m-2", slot: "edited", before: nil,
                    html: SafeHTML(trusted: Array(#"<span class="msg-edited" data-slot="edited">\#(marker)</span>"#.utf8))),
                Self.flash("m-2"),
            ])
        #expect(
            first.description.contains(#"["c","m-2","edited",null,"<span class=\"msg-edited\" data-slot=\"edited\"><span class=\"edited\""#)
        )
        let second = try #require(live.update { $0[1].content.text = "Morning! see you at two" })
        #expect(second.operations == [.slot(id: "m-2", slot: "text", html: SafeHTML.text("Morning! see you at two")), Self.flash("m-2")])
    }

    @Test func aFirstReactionCreatesTheReactionsSlotLastAndTheLastOneRemovedRemovesIt() throws {
        let live = Self.base()
        let added = try #require(live.update { $0[0].reactions = [Reaction(emoji: "👍", count: 1)] })
        #expect(
            added.description
                == #"{"v":1,"base":0,"p":2,"ops":[["c","m-1","reactions",null,"<div class=\"msg-reactions\" data-slot=\"reactions\"><span class=\"reaction\" title=\"👍\"><span class=\"reaction-emoji\">👍</span> <span class=\"reaction-count\">1</span></span></div>"],["f","m-1","flash"]]}"#
        )
        let counted = try #require(live.update { $0[0].reactions = [Reaction(emoji: "👍", count: 2)] })
        #expect(Self.tags(counted) == ["s", "f"])
        let removed = try #require(live.update { $0[0].reactions = [] })
        #expect(removed.operations == [.removeSlot(id: "m-1", slot: "reactions"), Self.flash("m-1")])
    }

    @Test func aSlotCreatedBeforeAPresentSlotNamesItAsItsAnchor() throws {
        let live = Self.base()
        _ = live.update { $0[2].reactions = [Reaction(emoji: "👍", count: 1)] }
        let edit = try #require(live.update { $0[2].editedTimestamp = Timestamp(milliseconds: F.start + 9 * 60_000) })
        #expect(Self.tags(edit) == ["c", "f"])
        guard case let .createSlot("m-3", "edited", before, _) = edit.operations[0] else { Issue.record("not a slot creation"); return }
        #expect(before == "reactions")
        let both = try #require(
            live.update { messages in
                messages[0].reactions = [Reaction(emoji: "👍", count: 1)]
                messages[0].editedTimestamp = Timestamp(milliseconds: F.start + 9 * 60_000)
            })
        #expect(
            both.operations.map(\.tag) == ["c", "c", "f"]
                && both.operations.prefix(2).allSatisfy { if case .createSlot(_, _, nil, _) = $0 { true } else { false } },
            "created in layout order, each appended last")
    }

    @Test func aMessageJoiningTheGroupAboveIsAnInsertPlusTheNeighboursClass() throws {
        let live = Self.base()
        let batch = try #require(live.update { $0.append(F.message("4", minute: 3, author: 1, text: "and ice")) })
        #expect(Self.tags(batch) == ["i", "a"])
        guard case let .insert(id, parent, after, html) = batch.operations[0] else { Issue.record("not an insert"); return }
        #expect([id, parent, after] == ["m-4", "d-2024-03-08", "m-3"])
        #expect(html.description.hasPrefix(#"<article class="msg pos-last" id="m-4""#))
        #expect(batch.operations[1] == .setAttribute(id: "m-3", name: "class", value: "msg pos-middle"))
    }

    @Test func aDeletedMessageIsARemovePlusTheNeighboursClassFix() throws {
        let live = Self.base()
        let batch = try #require(live.update { $0.remove(at: 2) })
        #expect(batch.operations == [.remove(id: "m-3"), .setAttribute(id: "m-2", name: "class", value: "msg pos-only")])
    }

    @Test func theFirstMessageOfANewDayIsASectionInsertThenTheMessage() throws {
        let live = Self.base()
        let batch = try #require(live.update { $0.append(F.message("5", minute: 24 * 60, author: 2, text: "new day")) })
        #expect(Self.tags(batch) == ["S", "i"])
        #expect(
            batch.description.hasPrefix(
                #"{"v":1,"base":0,"p":2,"ops":[["S","d-2024-03-09","d-2024-03-08","<section class=\"day\" id=\"d-2024-03-09\" aria-label=\"Saturday, 9 March 2024\"><h2 class=\"day-label\"><time datetime=\"2024-03-09\">Saturday, 9 March 2024</time></h2></section>"],["i","m-5","d-2024-03-09",null,"#
            ))
    }

    @Test func aStreamedReplyCreatesItsTextSlotThenSendsOnlyTheNewCharacters() throws {
        let live = Self.base()
        _ = live.update { $0.append(F.message("6", minute: 4, author: 3, text: "", reply: "1")) }
        let first = try #require(live.update { $0[$0.count - 1].content.text += "The" })
        #expect(
            first.operations == [
                .createSlot(
                    id: "m-6", slot: "text", before: nil,
                    html: SafeHTML(trusted: Array(#"<div class="msg-text" data-slot="text" dir="auto">The</div>"#.utf8)))
            ], "the text slot follows the reply slot, the last one present")
        let tokens = [
            (" picnic", #"" picnic""#), (" is", #"" is""#), (" at", #"" at""#), (" <noon>", #"" <noon>""#), (" & ", #"" & ""#),
            ("\"sunny\"", #""\"sunny\"""#),
        ]
        for (version, (token, json)) in zip(3..., tokens) {
            let batch = try #require(live.update { $0[$0.count - 1].content.text += token })
            #expect(batch.operations == [.appendText(id: "m-6", slot: "text", text: token)], "a streamed token does not flash")
            #expect(batch.description == #"{"v":\#(version),"base":\#(version - 1),"p":2,"ops":[["t","m-6","text",\#(json)]]}"#)
        }
        let newline = try #require(live.update { $0[$0.count - 1].content.text += "\nnext line" })
        #expect(Self.tags(newline) == ["s"])
    }

    @Test func changesOutsideTheWindowSendNothing() throws {
        let live = F.channel((0..<10).map { F.message("\($0)", minute: Int64($0) * 10, author: $0 % 2, text: "m\($0)") }, window: 5)
        #expect(live.update { $0[1].content.text = "edited far above" } == nil)
        let batch = try #require(live.update { $0.append(F.message("10", minute: 100, author: 1, text: "new")) })
        #expect(Self.tags(batch) == ["r", "i"])
        #expect(batch.operations[0] == .remove(id: "m-5"))
    }

    @Test func aRepeatedCreateChangesNothing() throws {
        let live = Self.base()
        let again = F.message("3", minute: 2, author: 1, text: "bring the cooler")
        #expect(
            live.update { messages in
                messages.removeAll { $0.id == again.id }; messages.append(again)
            } == nil)
    }

    @Test func anEditFlashesTheMessageAfterItsUpdate() throws {
        let live = Self.base()
        let batch = try #require(live.update { $0[2].content.text = "bring the big cooler" })
        #expect(batch.description == #"{"v":1,"base":0,"p":2,"ops":[["s","m-3","text","bring the big cooler"],["f","m-3","flash"]]}"#)
    }

    @Test func aChangeOutsideTheSlotsReplacesTheMessageThenFlashesIt() throws {
        let live = Self.base()
        let batch = try #require(live.update { $0[0].author.displayName = "Anabel" })
        #expect(Self.tags(batch) == ["R", "f"])
        guard case let .replace(id, html) = batch.operations[0] else { Issue.record("not a replace"); return }
        #expect(id == "m-1")
        #expect(html.description.contains(#"<bdi class="msg-author ">Anabel</bdi>"#))
        #expect(batch.operations[1] == Self.flash("m-1"))
    }

    @Test func anEditedMessageFlashesAndTheQuoteInItsReplyFollowsWithoutFlashing() throws {
        let live = F.channel([
            F.message("1", minute: 0, author: 0, text: "Good morning"),
            F.message("2", minute: 1, author: 1, text: "hi", reply: "1"),
        ])
        let batch = try #require(live.update { $0[0].content.text = "Good afternoon" })
        #expect(Self.tags(batch) == ["s", "s", "f"])
        #expect(batch.operations[0] == .slot(id: "m-1", slot: "text", html: SafeHTML.text("Good afternoon")))
        guard case let .slot("m-2", "reply", html) = batch.operations[1] else { Issue.record("not the reply slot"); return }
        #expect(html.description.contains(#"<span class="reply-excerpt" dir="auto">Good afternoon</span>"#))
        #expect(batch.operations[2] == Self.flash("m-1"))
    }

    @Test func aNewOrDeletedMessageAndItsNeighboursRegroupingDoNotFlash() throws {
        let live = Self.base()
        let join = try #require(live.update { $0.append(F.message("4", minute: 3, author: 1, text: "and ice")) })
        #expect(Self.tags(join) == ["i", "a"])
        #expect(join.operations[1] == .setAttribute(id: "m-3", name: "class", value: "msg pos-middle"))
        let delete = try #require(live.update { $0.remove(at: 3) })
        #expect(delete.operations == [.remove(id: "m-4"), .setAttribute(id: "m-3", name: "class", value: "msg pos-last")])
    }

    @Test func explicitVersionsNumberTheBatches() throws {
        let live = Self.base()
        let batch = try #require(live.update(version: 40) { $0[0].content.text = "changed" })
        #expect(batch.base == 0 && batch.version == 40 && live.version == 40)
        #expect(live.update(version: 41) { _ in } == nil)
        #expect(live.version == 40)
    }
}
