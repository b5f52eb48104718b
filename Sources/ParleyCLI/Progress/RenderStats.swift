import Foundation
import ParleyRender

/// The line `parley render --stats` prints on standard error after its summary, for scripts:
/// `stats: parse=0.412 store=0.051 render=1.030 write=0.214 messages=12000 pages=41 bytes=48123904 rewritten=2 unchanged=39 rendered=3 search_kept=11800 known=11950 peak_rss=52428800`.
///
/// Keys and values are separated by `=`, pairs by one space, after the `stats: ` prefix; times are
/// seconds with three decimals (rounded to the nearest millisecond), counts are plain integers.
struct RenderStats: Equatable, Sendable {
    /// Reading, importing, merging and filtering the inputs.
    var parse: Duration
    /// Reading the archive's store, merging it with the inputs and committing it.
    var store: Duration
    /// The archive writer's render and write time and the bytes it wrote.
    var archive: ArchiveTimings
    /// The summary's counts.
    var messages: Int, pages: Int
    /// HTML pages written with new bytes, and pages kept from the previous archive.
    var rewritten = 0, unchanged = 0
    /// Channel pages rendered (the rest were kept by their digest without rendering).
    var rendered = 0
    /// Messages whose search documents were taken from the previous archive's index (those of
    /// the pages kept without rendering) instead of being read and tokenized again.
    var searchKept = 0
    /// Input records passed over unread because the archive's store holds them byte for byte.
    var known = 0
    /// The process's peak resident memory so far, in bytes (`VmHWM` of `/proc/self/status`).
    var peakResidentBytes = Self.peakResidentBytes()

    /// The line, without its line break.
    var line: String {
        "stats: parse=\(Self.seconds(parse)) store=\(Self.seconds(store)) render=\(Self.seconds(archive.render)) write=\(Self.seconds(archive.write))"
            + " messages=\(messages) pages=\(pages) bytes=\(archive.bytes) rewritten=\(rewritten) unchanged=\(unchanged) rendered=\(rendered) search_kept=\(searchKept) known=\(known) peak_rss=\(peakResidentBytes)"
    }

    /// The process's peak resident memory, in bytes: the `VmHWM` line of `/proc/self/status`
    /// (in KiB there), the high-water mark of this program's memory alone — `getrusage`'s
    /// `ru_maxrss` also counts the parent's memory when the parent spawned it with `vfork`
    /// (`posix_spawn`); 0 when the file cannot be read.
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kibibytes = Int(line.dropFirst(6).filter(\.isNumber))
        else { return 0 }
        return kibibytes * 1024
    }

    /// `1.030`: `duration` in seconds, rounded to the millisecond; a negative one is `0.000`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let millis = max(0, seconds * 1000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000)
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
