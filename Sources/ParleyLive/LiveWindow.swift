import ParleyDiffing
import ParleyHTML
import ParleyLayout
import ParleyModel
import ParleyPatch
import ParleyRender

/// The live page's window of a channel — its latest messages, laid out — with its snapshot and
/// what the page shows, turning each change into patch operations.
///
/// The window holds at least ``size`` messages (all of a smaller channel) and fewer than
/// `size + trimStep`: its first message is the one at ``start(count:)``, which moves forward
/// `trimStep` messages at a time, so an append takes old messages out only once every
/// `trimStep` appends (taking the first items out of a day section re-indexes the rest of it).
///
/// Two paths give the same operations. The full path (``rebuild(_:index:)``) lays out the
/// window again and diffs its snapshot against the last one: O(window) for any change. The
/// incremental paths handle the changes a live chat makes all the time in O(Δ): a message
/// appended at the end (``append(_:index:)``) and a message changed in place — edited, a streamed
/// token appended, a reaction (``change(at:messages:)``).
struct LiveWindow: Sendable {
    typealias Snapshot = DiffableDataSourceSnapshot<LocalDate, MessageID>

    /// The fewest messages the window holds (fewer only when the channel has fewer).
    let size: Int
    /// How many messages the window's start moves forward at once: an eighth of ``size``.
    let trimStep: Int
    let renderer: WindowRenderer
    /// The render context; its `messages` are the messages the window's messages reply to.
    var context: RenderContext
    var snapshot = Snapshot()
    /// The window's messages, laid out, by id.
    var items: [MessageID: LaidOutMessage] = [:]
    /// The messages of the window replying to each message id.
    var repliers: [MessageID: [MessageID]] = [:]
    /// The index, in the channel's messages, of the window's first message.
    var start = 0
    var emitter: PatchEmitter<LocalDate, MessageID>

    init(size: Int, renderer: WindowRenderer, context: RenderContext) {
        self.size = max(size, 1)
        trimStep = max(self.size / 8, 1)
        self.renderer = renderer
        self.context = context
        emitter = PatchEmitter(
            sectionRendering: { date in
                let parts = renderer.dayContainer(date)
                return SectionRendering(elementID: DOMID.day(date.isoString), opening: parts.opening, closing: parts.closing)
            },
            sectionElementID: { DOMID.day($0.isoString) }, itemElementID: { DOMID.message($0.rawValue) })
    }

    /// The index of the window's first message in a channel of `count` messages: `count - size`
    /// rounded down to a multiple of `trimStep`, or 0. A function of the count alone, so the
    /// full and incremental paths agree.
    func start(count: Int) -> Int {
        count <= size ? 0 : (count - size) / trimStep * trimStep
    }

    /// The container's children: each day section of the window with its messages.
    func sections(of messages: [Message]) -> SafeHTML { renderer.sections(of: messages, in: start..<messages.count, context: context) }

    /// Lays out the window of `messages` (display order; `index` maps each id to its position)
    /// again and returns the operations from the page shown to it.
    /// - Complexity: O(window).
    mutating func rebuild(_ messages: [Message], index: [MessageID: Int]) -> [PatchOperation] {
        start = start(count: messages.count)
        let laidOut = renderer.items(of: messages, in: start..<messages.count)
        var targets: [MessageID: Message] = [:]
        var repliers: [MessageID: [MessageID]] = [:]
        for item in laidOut {
            guard let target = item.message.reply?.messageID else { continue }
            repliers[target, default: []].append(item.message.id)
            if let position = index[target] { targets[target] = messages[position] }
        }
        var new = Snapshot()
        var items: [MessageID: LaidOutMessage] = [:]
        items.reserveCapacity(laidOut.count)
        for day in WindowRenderer.days(laidOut) {
            try? new.appendSections([day.date])
            let versions = day.messages.map { RenderInputs.version($0, replyTarget: $0.message.reply.flatMap { targets[$0.messageID] }) }
            try? new.appendItems(day.messages.map(\.message.id), contentVersions: versions, toSection: day.date)
            for item in day.messages { items[item.message.id] = item }
        }
        let changeset = Changeset(from: snapshot, to: new)
        let previous = self.items
        snapshot = new
        self.items = items
        self.repliers = repliers
        context.messages = targets
        return operations(for: changeset, previous: previous)
    }

    /// Shows `messages`' last message, just appended after the one before it (it sorts last, and
    /// its id is new), and takes the oldest messages out when the window's start moves.
    /// - Complexity: O(1), plus, once every `trimStep` appends, O(trimStep) and the re-indexing
    ///   of the first day section.
    mutating func append(_ messages: [Message], index: [MessageID: Int]) -> [PatchOperation] {
        let message = messages[messages.count - 1]
        let day = renderer.layout.clock.localDate(message.timestamp)
        var item = LaidOutMessage(message: message, day: day, position: .only)
        var updates: [ItemUpdate<MessageID>] = []
        var previousItems: [MessageID: LaidOutMessage] = [:]
        if messages.count > 1 {
            let previous = messages[messages.count - 2]
            let previousDay = items[previous.id]?.day ?? renderer.layout.clock.localDate(previous.timestamp)
            if renderer.layout.policy.continues(message, after: previous, sameDay: previousDay == day) {
                item.position = .last
                if var laidOut = items[previous.id] {
                    previousItems[previous.id] = laidOut
                    laidOut.position = GroupPosition(starts: laidOut.position == .first || laidOut.position == .only, nextContinues: true)
                    items[previous.id] = laidOut
                    updates.append(ItemUpdate(item: previous.id, contentVersion: version(of: laidOut)))
                }
            }
        }
        var changeset = Changeset<LocalDate, MessageID>()
        let newStart = start(count: messages.count)
        if newStart > start { trim(messages, to: newStart, keeping: day, into: &changeset, updates: &updates) }
        if let target = message.reply?.messageID {
            repliers[target, default: []].append(message.id)
            if let position = index[target] { context.messages[target] = messages[position] }
        }
        if let waiting = repliers[message.id], !waiting.isEmpty {
            context.messages[message.id] = message
            for replier in waiting where replier != message.id {
                if let reply = items[replier] { updates.append(ItemUpdate(item: replier, contentVersion: version(of: reply))) }
            }
        }
        items[message.id] = item
        if snapshot.sectionIdentifiers.last != day {
            changeset.sectionPlacements.append(SectionPlacement(section: day, after: snapshot.sectionIdentifiers.last, kind: .insert))
            try? snapshot.appendSections([day])
        }
        let appended = try? snapshot.update(
            appending: [message.id], contentVersions: [version(of: item)], toSection: day, reconfiguring: updates)
        changeset.itemPlacements = appended?.itemPlacements ?? []
        changeset.reconfiguredItems = appended?.reconfiguredItems ?? []
        return operations(for: changeset, previous: previousItems)
    }

    /// Shows the message at `position` of `messages` changed in place (its text, edit time or
    /// reactions; never its time, author or reply): the message itself, when in the window, and
    /// the window's replies to it are reconfigured.
    /// - Complexity: O(1 + replies to the message in the window).
    mutating func change(at position: Int, messages: [Message]) -> [PatchOperation] {
        let message = messages[position]
        var updates: [ItemUpdate<MessageID>] = []
        var previousItems: [MessageID: LaidOutMessage] = [:]
        if var item = items[message.id] {
            previousItems[message.id] = item
            item.message = message
            items[message.id] = item
            updates.append(ItemUpdate(item: message.id, contentVersion: version(of: item)))
        }
        if context.messages[message.id] != nil {
            context.messages[message.id] = message
            for replier in repliers[message.id] ?? [] {
                guard let item = items[replier] else { continue }
                updates.append(ItemUpdate(item: replier, contentVersion: version(of: item)))
            }
        }
        updates.removeAll { snapshot.contentVersion(ofItem: $0.item) == $0.contentVersion }
        guard !updates.isEmpty, let changeset = try? snapshot.update(appending: [], reconfiguring: updates) else { return [] }
        return operations(for: changeset, previous: previousItems)
    }

    /// Takes the window's messages before `newStart` out: their items, or their day section when
    /// it holds nothing else and is not `kept` (the day the new message goes to); pending updates
    /// of them are dropped.
    private mutating func trim(
        _ messages: [Message], to newStart: Int, keeping kept: LocalDate, into changeset: inout Changeset<LocalDate, MessageID>,
        updates: inout [ItemUpdate<MessageID>]
    ) {
        var days: [(day: LocalDate, items: [MessageID])] = []
        for first in messages[start..<newStart] {
            guard let item = items.removeValue(forKey: first.id) else { continue }
            if let target = first.reply?.messageID {
                repliers[target]?.removeAll { $0 == first.id }
                if repliers[target]?.isEmpty == true {
                    repliers[target] = nil
                    context.messages[target] = nil
                }
            }
            if days.last?.day == item.day { days[days.count - 1].items.append(first.id) } else { days.append((item.day, [first.id])) }
        }
        start = newStart
        let gone = Set(days.flatMap(\.items))
        updates.removeAll { gone.contains($0.item) }
        var deletedItems: [MessageID] = []
        for (day, removed) in days {
            if day != kept, (try? snapshot.numberOfItems(inSection: day)) == removed.count {
                changeset.deletedSections.append(day)
                try? snapshot.deleteSections([day])
            } else {
                deletedItems += removed
            }
        }
        guard !deletedItems.isEmpty else { return }
        changeset.deletedItems += deletedItems
        try? snapshot.deleteItems(deletedItems)
    }

    /// The content version of `item` in the current context.
    private func version(of item: LaidOutMessage) -> ContentVersion {
        RenderInputs.version(item, replyTarget: item.message.reply.flatMap { context.messages[$0.messageID] })
    }

    /// The operations of `changeset`: each inserted, reloaded and reconfigured item rendered in
    /// the current context, then the transient class `flash` on each reconfigured message that
    /// was itself changed (``flashes(from:to:)``; `previous` holds the items as they were).
    private mutating func operations(
        for changeset: Changeset<LocalDate, MessageID>, previous: [MessageID: LaidOutMessage]
    ) -> [PatchOperation] {
        var fragments: [MessageID: ElementRendering] = [:]
        let inserted = changeset.itemPlacements.lazy.filter { $0.kind == .insert }.map(\.item)
        for id in inserted + changeset.reloadedItems.map(\.item) + changeset.reconfiguredItems.map(\.item) {
            if let item = items[id] { fragments[id] = renderer.element(item, context: context) }
        }
        var operations = emitter.operations(for: changeset, fragments: fragments)
        for update in changeset.reconfiguredItems {
            guard let old = previous[update.item]?.message, let new = items[update.item]?.message, Self.flashes(from: old, to: new)
            else { continue }
            operations.append(emitter.transientClass("flash", on: update.item))
        }
        return operations
    }

    /// Whether a message changed from `old` to `new` is highlighted (`flash`): an edit, a reaction,
    /// any change of the message itself — but not a streamed token (the text only grew at its
    /// end: the reader watches it grow), nor a regrouping or a change of the message it replies
    /// to (the message is the same).
    static func flashes(from old: Message, to new: Message) -> Bool {
        guard old != new else { return false }
        var grown = old
        grown.content.text = new.content.text
        return !(grown == new && new.content.text.hasPrefix(old.content.text))
    }
}
