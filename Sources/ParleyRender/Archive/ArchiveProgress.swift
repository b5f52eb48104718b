/// What ``ArchiveWriter/write(_:to:progress:)`` reports while it writes an archive, in this order:
/// ``rendering(messages:)`` once, ``pageWritten(pages:messages:)`` after each page, then
/// ``swapping`` once.
///
/// The writer calls its observer on the calling thread, between pages; an observer that draws a
/// progress line throttles itself (the writer reports every page).
public enum ArchiveProgress: Sendable, Equatable {
    /// The pages are about to be rendered: `messages` is the transcript's message count, the
    /// value ``pageWritten(pages:messages:)`` reaches with the last channel's last page.
    case rendering(messages: Int)
    /// A page was written: `pages` pages so far (channel pages and indexes, then the archive's
    /// `index.html` last, so the final value is ``ArchiveSummary/pages``), holding `messages`
    /// messages in all.
    case pageWritten(pages: Int, messages: Int)
    /// Every file is written; the archive is being listed in its manifest and swapped in place of
    /// the previous one.
    case swapping
}
