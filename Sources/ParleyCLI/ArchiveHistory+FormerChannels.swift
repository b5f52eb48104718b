import ParleyImport
import ParleyModel
import ParleyStore

extension ArchiveHistory {
    /// Settles the channels an earlier Parley used for what are now other channels
    /// (``Channel/formerIDs``) once an update's inputs are read and their messages moved
    /// (``IntakeStaging/storedCopy(of:sighting:)``): a former channel the store holds no message
    /// of any more is retired — taken out of `header`, so its pages are not rendered and its
    /// folder's pages redirect to its successor's (``ArchiveWriter``'s redirects). A former channel
    /// that still holds messages (a Telegram group keeps the messages outside its topics) stays.
    /// - Parameters:
    ///   - header: the merged header of the store and the inputs.
    ///   - listed: the channels the update's inputs hold, whether or not `--channel` selects them.
    ///   - moves: the messages moved, former channels named by id.
    /// - Returns: `moves` with the former channels' names from `header`; and for each former
    ///   channel messages were moved from that no input holds and that keeps messages, how many it
    ///   keeps.
    /// - Throws: ``StoreError`` when the store cannot be read.
    /// - Complexity: one O(log n) look-up per former id in `header`, and a count of the messages of
    ///   each former channel that keeps some after a move.
    func settleFormerChannels(
        _ header: inout Transcript, listed: Set<ChannelID>, moves: [ChannelMove]
    ) throws(StoreError) -> (moved: [ChannelMove], kept: [ChannelMove]) {
        let names = Dictionary(header.channels.map { ($0.id, $0.name) }) { first, _ in first }
        let moved = moves.map { move in
            var move = move
            move.fromName = names[move.from] ?? move.from.rawValue
            return move
        }
        var retired = Set<ChannelID>()
        for channel in header.channels {
            for former in channel.formerIDs where former != channel.id && names[former] != nil && !retired.contains(former) {
                if try !store.hasMessages(channel: former.rawValue) { retired.insert(former) }
            }
        }
        header.channels.removeAll { retired.contains($0.id) }
        var kept: [ChannelMove] = []
        for move in moved
        where !retired.contains(move.from) && !listed.contains(move.from) && !kept.contains(where: { $0.from == move.from }) {
            var left = move
            left.count = try store.messageCount(channel: move.from.rawValue)
            kept.append(left)
        }
        return (moved, kept)
    }
}
