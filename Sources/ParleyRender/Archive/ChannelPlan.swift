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

    /// The least messages a channel holds for its plan to be read on two threads: below it, a
    /// second reader and thread cost more than half a scan saves.
    static let splitThreshold = 10_000

    /// Reads `channel`'s entries and replies from `entries` and plans its pages. A channel of more
    /// than `splitThreshold` messages spanning more than a month is read as two stretches at once
    /// when `openReader` opens a second reader of the entries, cut at the start of a month (the
    /// later stretch on another thread); the plan is the same.
    /// - Parameters:
    ///   - identity: the render identity, or nil when no page may be skipped.
    ///   - resolvesMedia: whether local media is resolved (then pages with local media have no digest).
    /// - Throws: what `entries` and the reader throw.
    /// - Complexity: O(n + r log p) for n messages, r replies and p pages; memory O(p).
    init(
        _ channel: Channel, entries: any EntrySource, openReader: (@Sendable () throws(RenderError) -> any EntrySource)?,
        messagesPerPage: Int, clock: ZoneClock, identity: UInt64?, resolvesMedia: Bool, splitThreshold: Int = Self.splitThreshold
    ) throws(RenderError) {
        let id = channel.id
        @Sendable func scan(_ times: ClosedRange<Int64>, after previous: ArchiveEntry?, in entries: any EntrySource) throws(RenderError)
            -> ChannelScan
        {
            try ChannelScan(
                id, during: times, after: previous, entries: entries, messagesPerPage: messagesPerPage, clock: clock,
                resolvesMedia: resolvesMedia)
        }
        // Two stretches at once, or nil when the channel is not cut.
        func twoStretches() throws(RenderError) -> ChannelScan? {
            guard let open = openReader, try entries.holdsMessages(in: id, moreThan: splitThreshold),
                let span = try entries.timeSpan(of: id), let split = Self.split(span, clock: clock)
            else { return nil }
            let laterEntries = BackgroundWork { () -> Result<ChannelScan, RenderError> in
                Result { () throws(RenderError) in
                    let reader = try open()
                    return try scan(split ... .max, after: try reader.entry(in: id, before: split), in: reader)
                }
            }
            var earlier = try scan(.min...split - 1, after: nil, in: entries)
            let later = try laterEntries.wait().get()
            guard earlier.canAppend(later) else { return nil }
            let firstLaterPage = earlier.partitioner.pages.count
            earlier.append(later)
            let laterPages = earlier.suffix(from: firstLaterPage)
            let laterReplies = BackgroundWork { () -> Result<ChannelScan, RenderError> in
                Result { () throws(RenderError) in
                    var laterPages = laterPages
                    try laterPages.addReplies(id, during: split ... .max, entries: try open())
                    return laterPages
                }
            }
            try earlier.addReplies(id, during: .min...split - 1, entries: entries)
            earlier.replaceSuffix(from: firstLaterPage, with: try laterReplies.wait().get())
            return earlier
        }
        let plan: ChannelScan
        if let stretches = try twoStretches() {
            plan = stretches
        } else {
            var whole = try scan(.min ... .max, after: nil, in: entries)
            try whole.addReplies(id, during: .min ... .max, entries: entries)
            plan = whole
        }
        let partitioner = plan.partitioner, pages = partitioner.pages, contents = plan.contents, known = plan.known
        self.channel = channel
        self.pages = pages
        self.partitioner = partitioner
        self.first = plan.first?.key.timestamp
        self.last = plan.last?.key.timestamp
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

    /// Where a channel whose messages span `span` (UTC milliseconds) is cut into two stretches
    /// planned at once: the first instant, by `clock`, of the month of the span's middle, or of
    /// the month after when that one begins the span; nil when neither lies after the span's
    /// first message and within it.
    /// - Complexity: O(log of the span's width) conversions to local time.
    static func split(_ span: ClosedRange<Int64>, clock: ZoneClock) -> Int64? {
        let middle = clock.localDate(Timestamp(milliseconds: span.lowerBound / 2 + span.upperBound / 2))
        let months = [
            LocalDate(year: middle.year, month: middle.month, day: 1),
            LocalDate(year: middle.month == 12 ? middle.year + 1 : middle.year, month: middle.month % 12 + 1, day: 1),
        ]
        for month in months {
            // The first instant of the span whose local date is on or after the month's first day.
            guard clock.localDate(Timestamp(milliseconds: span.upperBound)) >= month else { return nil }
            var low = span.lowerBound, high = span.upperBound
            while low < high {
                let middle = low &+ Int64(bitPattern: UInt64(bitPattern: high &- low) / 2)
                if clock.localDate(Timestamp(milliseconds: middle)) >= month { high = middle } else { low = middle + 1 }
            }
            if low > span.lowerBound { return low }
        }
        return nil
    }

    /// The page that holds the message with `key`, by name.
    func pageName(of key: MessageOrderKey) -> String? { partitioner.page(of: key).map { pages[$0].name } }
}
