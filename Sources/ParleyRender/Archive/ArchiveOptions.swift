import Foundation
import ParleyLayout
import ParleyModel

/// How `parley render` lays out and writes a static archive.
public struct ArchiveOptions: Sendable {
    /// The largest number of messages on one page; a month with more is split into parts.
    public var messagesPerPage: Int
    /// The grouping rule.
    public var policy: GroupingPolicy
    /// Channels whose grouping rule differs from ``policy`` (each input format's own rule).
    public var channelPolicies: [ChannelID: GroupingPolicy] = [:]
    /// The time zone of day sections and times.
    public var clock: ZoneClock
    /// A folder whose `*.html` files replace the default templates of the same name.
    public var templateOverrides: URL?
    /// The look of the pages (`--theme`): each channel's platform's by default.
    public var theme = ThemeChoice.perPlatform
    /// What to do with local media the messages reference (`--media`), and where to find it.
    public var media = MediaOptions()
    /// What identifies the program rendering (its build): a page recorded under another identity
    /// is rendered again, so an archive updated by a newer Parley matches a fresh render by it.
    public var rendererIdentity = ""

    public init(
        messagesPerPage: Int = 1000, policy: GroupingPolicy = .discord, clock: ZoneClock = .utc,
        templateOverrides: URL? = nil
    ) {
        self.messagesPerPage = messagesPerPage
        self.policy = policy
        self.clock = clock
        self.templateOverrides = templateOverrides
    }
}

/// What an archive holds, for the command's report.
public struct ArchiveSummary: Sendable, Equatable {
    /// Channels written, in order.
    public var channels: Int
    /// Messages written in all channels.
    public var messages: Int
    /// HTML pages written, the index included.
    public var pages: Int
    /// The path of the archive's `index.html`.
    public var indexPath: String
    /// Media references that were refused or not found (reported; the media is shown by name).
    public var mediaProblems: [MediaProblem] = []
    /// Media files copied into `media/` (each distinct content once).
    public var mediaFiles = 0
    /// Files outside the archive that its pages link to (``MediaMode/link``): moving or deleting
    /// them breaks those links.
    public var linkedMediaFiles = 0
    /// Time spent rendering and writing, and the bytes written.
    public var timings = ArchiveTimings()
    /// HTML pages written with new bytes, and pages whose bytes equal the previous archive's
    /// (kept: hard-linked, same bytes and modification time).
    public var pagesRewritten = 0, pagesUnchanged = 0
    /// Channel pages rendered by this write; the others were kept from the previous archive
    /// without rendering, their digest unchanged (``ArchiveSource``).
    public var pagesRendered = 0
    /// Messages whose search documents were taken from the previous archive's index (those of
    /// the pages kept without rendering), not read from the source and tokenized again.
    public var searchDocumentsKept = 0
    /// Redirect pages written where the previous archive had pages of a channel that now lives
    /// in another folder (``ChannelFolders``); not counted in ``pages``.
    public var redirectPages = 0
    /// Stored messages whose records did not read back, in the order their pages were read: each
    /// page shows a notice in the message's place (``UnreadableRecord``).
    public var unreadableRecords: [UnreadableRecord] = []

    public init(channels: Int, messages: Int, pages: Int, indexPath: String) {
        self.channels = channels
        self.messages = messages
        self.pages = pages
        self.indexPath = indexPath
    }
}
