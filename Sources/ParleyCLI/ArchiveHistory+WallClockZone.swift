import Foundation
import ParleyImport
import ParleyLayout
import ParleyModel

extension ArchiveHistory {
    /// Checks that `zone` (`--timezone`) is the zone the archive's WhatsApp chats were read in. A
    /// WhatsApp export writes the phone's clock and no zone: its times are taken as instants in
    /// `--timezone` and shown in it, so they show as written only while every render of the
    /// archive names the same zone. In another, the stored ones would show shifted (by an hour
    /// from Europe/Berlin to UTC) and the new ones be read in another zone than theirs.
    /// - Parameter stored: the stored header (nil for an empty store).
    /// - Returns: the zone the store records (``ArchiveStore/wallClockZone()``), nil when none; a
    ///   store holding WhatsApp chats but no zone (written by an earlier Parley) takes `zone`.
    /// - Throws: ``CommandFailure`` with ``ExitCode/usage`` naming both zones when the archive
    ///   holds a WhatsApp chat read in another zone; ``ExitCode/ioError`` when the store cannot be
    ///   read.
    func checkWallClockZone(_ zone: ZoneClock, stored: ImportResult?) throws(CommandFailure) -> String? {
        let recorded: String?
        do {
            recorded = try store.wallClockZone()
        } catch {
            throw CommandFailure(.ioError, error.description)
        }
        let chats = stored?.transcript.channels.filter { $0.platform == .whatsApp } ?? []
        guard let recorded, !chats.isEmpty, !Self.sameZone(recorded, zone.timeZone) else { return recorded }
        let names = chats.prefix(3).map { "\"\($0.name)\"" }.joined(separator: ", ") + (chats.count > 3 ? ", …" : "")
        let archive = URL(fileURLWithPath: store.path).deletingLastPathComponent().deletingLastPathComponent().path
        throw CommandFailure(
            .usage,
            "\(archive): "
                + (chats.count == 1 ? "its WhatsApp chat \(names) was" : "its \(chats.count) WhatsApp chats (\(names)) were")
                + " read in the time zone \(recorded), and in \(zone.name) \(chats.count == 1 ? "its" : "their") times could show "
                + "shifted: WhatsApp writes the phone's clock and no zone. Render this archive with --timezone \(recorded), "
                + "or into a new folder")
    }

    /// Whether the zone named `recorded` is `zone`: the same identifier, or two zones without
    /// daylight saving time since 1970 at the same offset in 1970 and in 2020, as `UTC`, `GMT`,
    /// `Etc/UTC` and `Zulu` are (Foundation names `UTC` `GMT`, but `Etc/UTC` keeps its name).
    static func sameZone(_ recorded: String, _ zone: TimeZone) -> Bool {
        guard let other = TimeZone(identifier: recorded) else { return false }
        if other.identifier == zone.identifier { return true }
        let epoch = Date(timeIntervalSince1970: 0)
        return [other, zone].allSatisfy { $0.nextDaylightSavingTimeTransition(after: epoch) == nil }
            && [epoch, Date(timeIntervalSince1970: 1_577_836_800)].allSatisfy {
                other.secondsFromGMT(for: $0) == zone.secondsFromGMT(for: $0)
            }
    }
}
