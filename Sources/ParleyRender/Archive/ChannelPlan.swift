import ParleyLayout
import ParleyModel

/// A channel's pages before any is rendered: where each starts, how many messages it holds and a
/// digest of everything it shows, computed from the source's entries without reading a message.
///
/// A page's digest covers the archive's render identity (``ArchiveOptions``, the templates, the
/// renderer), the source's header, the page's name and its neighbours' names and date ranges (the pager), each of
/// its messages, the message just before and just after it (group positions and day headings),
/// and each message one of its messages replies to with that message's page (the reply preview
/// and its link). A page whose digest equals the one recorded for the page the previous archive
/// holds is not rendered again: its file is kept. A page has no digest (and is always rendered)
/// when the source keeps none or when it references local media and media is resolved.
struct ChannelPlan {
    /// The channel, without its messages.
    let channel: Channel
    /// The channel's pages.
    let pages: [Partitioner.Page]
    /// The partitioner that cut them: which page holds a message.
    let partitioner: Partitioner
    /// Each page's digest, or nil when it must be rendered.
    let digests: [UInt64?]
    /// The channel's first and last message times, UTC milliseconds (nil for an empty channel).
    let first: Int64?, last: Int64?

    /// Reads `channel`'s entries and replies from `source` and plans its pages.
    /// - Parameters:
    ///   - identity: the render identity, or nil when no page may be skipped.
    ///   - resolvesMedia: whether local media is resolved (then pages with local media have no digest).
    /// - Throws: what the source throws.
    /// - Complexity: O(n + r log p) for n messages, r replies and p pages; memory O(p).
    init(
        _ channel: Channel, source: some ArchiveSource, messagesPerPage: Int, clock: ZoneClock, identity: UInt64?, resolvesMedia: Bool
    ) throws(RenderError) {
        var partitioner = Partitioner(messagesPerPage: messagesPerPage, clock: clock)
        var contents: [StableHasher] = []
        var known: [Bool] = []
        var previous: ArchiveEntry?
        var first: Int64?, last: Int64?
        try source.forEachEntry(in: channel.id) { entry in
            let page = partitioner.place(entry.key)
            if page == contents.count {
                contents.append(StableHasher())
                known.append(true)
                if let previous {
                    if let digest = previous.digest { contents[page].feed(digest) } else { known[page] = false }
                    if let digest = entry.digest { contents[page - 1].feed(digest) } else { known[page - 1] = false }
                }
            }
            if let digest = entry.digest { contents[page].feed(digest) } else { known[page] = false }
            if entry.hasLocalMedia, resolvesMedia { known[page] = false }
            first = first ?? entry.key.timestamp
            last = entry.key.timestamp
            previous = entry
        }
        let pages = partitioner.pages
        try source.forEachReply(in: channel.id) { reply, target in
            guard let page = partitioner.page(of: reply) else { return }
            guard let digest = target.digest, let targetPage = partitioner.page(of: target.key) else {
                known[page] = false
                return
            }
            contents[page].feed(digest)
            contents[page].feed(pages[targetPage].name)
        }
        self.channel = channel
        self.pages = pages
        self.partitioner = partitioner
        self.first = first
        self.last = last
        self.digests = pages.indices.map { index in
            guard let identity, known[index] else { return nil }
            var hasher = StableHasher()
            hasher.feed(identity)
            hasher.feed(pages[index].name)
            hasher.feed(index > 0 ? pages[index - 1].name + " " + Pager.label(pages[index - 1]) : "")
            hasher.feed(index + 1 < pages.count ? pages[index + 1].name + " " + Pager.label(pages[index + 1]) : "")
            hasher.feed(contents[index].digest)
            return hasher.digest
        }
    }

    /// The page that holds the message with `key`, by name.
    func pageName(of key: MessageOrderKey) -> String? { partitioner.page(of: key).map { pages[$0].name } }
}
