import ParleyImport
import ParleyModel
import ParleyStore

extension ArchiveHistory {
    /// Settles the channels an earlier Parley used for what are now other channels
    /// (``Channel/formerIDs``) once an update's inputs are read and their messages moved
    /// (``IntakeStaging/storedCopy(of:sighting:)``): a former channel no input of the update lists
    /// that the store holds no message of any more is retired — taken out of `header`, so its pages
    /// are not rendered and its folder's pages redirect to its successor's
    /// (``ArchiveWriter``'s redirects). A former channel that still holds messages, or that an input
    /// lists (a Telegram group keeps the messages outside its topics), stays.
    /// - Parameters:
    ///   - header: the merged header of the store and the inputs.
    ///   - listed: the channels the update's inputs hold, whether or not `--channel` selects them.
    ///   - moves: the messages moved, former channels named by id.
    /// - Returns: `moves` with the former channels' names from `header`, and for each former channel
    ///   messages were moved from that keeps messages no input listed, how many it keeps.
    /// - Throws: ``StoreError`` when the store cannot be read.
    /// - Complexity: one count of a channel's messages per former channel of `header` no input lists.
    func settleFormerChannels(
        _ header: inout Transcript, listed: Set<ChannelID>, moves: [ChannelMove]
    ) throws(StoreError) -> (moved: [ChannelMove], kept: [ChannelMove]) {
        let names = Dictionary(header.channels.map { ($0.id, $0.name) }) { first, _ in first }
        let moved = moves.map { move in
            var move = move
            move.fromName = names[move.from] ?? move.from.rawValue
            return move
        }
        var remaining: [ChannelID: Int] = [:]
        for channel in header.channels {
            for former in channel.formerIDs where former != channel.id && !listed.contains(former) && names[former] != nil {
                if remaining[former] == nil { remaining[former] = try store.messageCount(channel: former.rawValue) }
            }
        }
        header.channels.removeAll { remaining[$0.id] == 0 }
        var kept: [ChannelMove] = []
        for move in moved where (remaining[move.from] ?? 0) > 0 && !kept.contains(where: { $0.from == move.from }) {
            kept.append(
                ChannelMove(from: move.from, to: move.to, fromName: move.fromName, toName: move.toName, count: remaining[move.from] ?? 0))
        }
        return (moved, kept)
    }
}
