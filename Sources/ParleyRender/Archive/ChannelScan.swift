import ParleyLayout
import ParleyModel

/// A stretch of a channel as ``ChannelPlan`` reads it: the pages its entries cut, and what each
/// page's digest has been fed so far. The scans of two consecutive stretches, made on two threads,
/// join into the scan of both (``append(_:)``), fed in the order one scan of both would feed.
struct ChannelScan: Sendable {
    /// The pages cut so far.
    private(set) var partitioner: Partitioner
    /// Each page's content digest so far, and whether every message it shows has a digest.
    private(set) var contents: [StableHasher] = []
    private(set) var known: [Bool] = []
    /// The stretch's first and last entries in display order, nil when it holds none.
    private(set) var first: ArchiveEntry?, last: ArchiveEntry?

    /// Reads the entries of `channel` whose times are within `times` and cuts their pages.
    /// - Parameters:
    ///   - previous: the entry just before the stretch, if any: the first page's digest covers it
    ///     (the group position and day heading of the page's first message depend on it).
    ///   - resolvesMedia: whether local media is resolved (a page with local media is then unknown).
    /// - Throws: what `entries` throws.
    /// - Complexity: O(m) for the m entries of the stretch; memory O(pages).
    init(
        _ channel: ChannelID, during times: ClosedRange<Int64>, after previous: ArchiveEntry?, entries: any EntrySource,
        messagesPerPage: Int, clock: ZoneClock, resolvesMedia: Bool
    ) throws(RenderError) {
        var partitioner = Partitioner(messagesPerPage: messagesPerPage, clock: clock)
        var contents: [StableHasher] = [], known: [Bool] = []
        var previous = previous
        var first: ArchiveEntry?, last: ArchiveEntry?
        try entries.forEachEntry(in: channel, during: times) { entry in
            let page = partitioner.place(entry.key)
            if page == contents.count {
                contents.append(StableHasher())
                known.append(true)
                if let previous {
                    if let digest = previous.digest { contents[page].feed(digest) } else { known[page] = false }
                    if page > 0 {
                        if let digest = entry.digest { contents[page - 1].feed(digest) } else { known[page - 1] = false }
                    }
                }
            }
            if let digest = entry.digest { contents[page].feed(digest) } else { known[page] = false }
            if entry.hasLocalMedia, resolvesMedia { known[page] = false }
            first = first ?? entry
            last = entry
            previous = entry
        }
        self.partitioner = partitioner
        self.contents = contents
        self.known = known
        self.first = first
        self.last = last
    }

    /// Whether `later`, the scan of the stretch that follows this one, can be joined to it
    /// (``Partitioner/canAppend(_:)``).
    func canAppend(_ later: ChannelScan) -> Bool { partitioner.canAppend(later.partitioner) }

    /// Joins `later`, the scan of the stretch that follows this one (read with this one's last
    /// entry as its `previous`): the last page's digest covers `later`'s first entry, as one scan
    /// of both stretches would have fed it.
    /// - Precondition: ``canAppend(_:)``.
    mutating func append(_ later: ChannelScan) {
        if let next = later.first, !contents.isEmpty {
            if let digest = next.digest { contents[contents.count - 1].feed(digest) } else { known[known.count - 1] = false }
        }
        partitioner.append(contentsOf: later.partitioner)
        contents += later.contents
        known += later.known
        first = first ?? later.first
        last = later.last ?? last
    }

    /// Feeds each reply of `channel` whose time is within `times` into its page's digest: the
    /// digest of the message it replies to and the name of that message's page (its preview and
    /// link). The scan holds every page of the channel, or the last pages of it (``suffix(from:)``)
    /// when `times` covers only those pages' messages.
    /// - Throws: what `entries` throws.
    /// - Complexity: O(m + r log p) for the m entries within `times`, r replies and p pages.
    mutating func addReplies(_ channel: ChannelID, during times: ClosedRange<Int64>, entries: any EntrySource) throws(RenderError) {
        let plan = partitioner, pages = partitioner.pages
        let offset = pages.count - contents.count
        try entries.forEachReply(in: channel, during: times) { reply, target in
            guard let page = plan.page(of: reply).map({ $0 - offset }), contents.indices.contains(page) else { return }
            guard let digest = target.digest, let targetPage = plan.page(of: target.key) else {
                known[page] = false
                return
            }
            contents[page].feed(digest)
            contents[page].feed(pages[targetPage].name)
        }
    }

    /// This scan without the pages before `page`, for feeding the replies of the later stretch
    /// on another thread.
    func suffix(from page: Int) -> ChannelScan {
        var suffix = self
        suffix.contents = Array(contents[page...])
        suffix.known = Array(known[page...])
        return suffix
    }

    /// Puts back the digests of the pages from `page` on, as `suffix` (made by
    /// ``suffix(from:)``) fed them.
    mutating func replaceSuffix(from page: Int, with suffix: ChannelScan) {
        contents.replaceSubrange(page..., with: suffix.contents)
        known.replaceSubrange(page..., with: suffix.known)
    }
}
