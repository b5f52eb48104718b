import ParleyDiffing
import ParleyHTML
import ParleyLayout
import ParleyModel
import ParleyPatch
import ParleyRender

extension LiveChannel {
    /// Lays out the window of `messages` (in display order) and applies its snapshot.
    func apply(_ messages: [Message]) {
        let window = layoutWindow(messages)
        var snapshot = DiffableDataSourceSnapshot<LocalDate, MessageID>()
        let byID = Self.replyTargets(of: window, in: messages)
        var items: [MessageID: LaidOutMessage] = [:]
        for day in window {
            try? snapshot.appendSections([day.date])
            let ids = day.messages.map(\.message.id)
            let versions = day.messages.map { item in
                ContentVersion(hashing: RenderInputs(item: item, replyTarget: item.message.reply.flatMap { byID[$0.messageID] }))
            }
            try? snapshot.appendItems(ids, contentVersions: versions, toSection: day.date)
            for item in day.messages { items[item.message.id] = item }
        }
        let context = RenderContext(templates: options.templates, clock: options.clock, directory: directory, messages: byID)
        source.apply(
            snapshot, animatingDifferences: true,
            commitAlongsideUpdates: { [store, items] in
                store.models.withLock { store in
                    store.items = items
                    store.context = context
                }
            })
    }

    /// The messages that the window's messages reply to, by id: what a reply header renders.
    /// O(window) when they are in the window; else the messages before it are searched from the
    /// latest back, until all are found. Hashing every message of the channel on every change
    /// (the simple way) cost more than the rest of an update once a channel grew.
    static func replyTargets(of window: [DaySection], in messages: [Message]) -> [MessageID: Message] {
        var wanted = Set(window.lazy.flatMap(\.messages).compactMap { $0.message.reply?.messageID })
        guard !wanted.isEmpty else { return [:] }
        var found: [MessageID: Message] = [:]
        let windowCount = window.reduce(0) { $0 + $1.messages.count }
        for message in messages.reversed().prefix(windowCount) where wanted.remove(message.id) != nil { found[message.id] = message }
        for message in messages.dropLast(windowCount).reversed() {
            if wanted.isEmpty { break }
            if wanted.remove(message.id) != nil { found[message.id] = message }
        }
        return found
    }

    /// The day sections of the latest `window` messages. Group positions are computed with the
    /// message before the window, so they match a layout of the whole channel.
    func layoutWindow(_ messages: [Message]) -> [DaySection] {
        let start = max(messages.count - options.window, 0)
        let tail = Array(messages[max(start - 1, 0)...])
        let layout = ChatLayout(policy: options.policy, clock: options.clock)
            .layout(Channel(id: channel.id, name: channel.name, messages: tail))
        guard start > 0 else { return layout.days }
        var days = layout.days
        days[0].messages.removeFirst()
        if days[0].messages.isEmpty { days.removeFirst() }
        return days
    }

    /// The container's children for `messages`: each day section of the window with its messages.
    func containerHTML(_ messages: [Message]) -> SafeHTML {
        let renderer = PageRenderer(templates: options.templates)
        let messageRenderer = MessageRenderer(context: store.models.withLock(\.context))
        return SafeHTML.joined(
            layoutWindow(messages).map { day in
                renderer.day(day, messages: day.messages.map(messageRenderer.render))
            })
    }
}
