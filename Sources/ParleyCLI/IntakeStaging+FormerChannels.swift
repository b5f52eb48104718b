import ParleyEventCodec
import ParleyImport
import ParleyModel
import ParleyStore

extension IntakeStaging {
    /// The archive's copy of a message the merge rule compares the input's copy with.
    struct StoredCopy {
        /// Its edit time (UTC milliseconds) and record.
        var edited: Int64?
        var record: [UInt8]
        /// The copy as a row of the input's channel when it was taken out of a former channel (the
        /// update must stage it if the input's copy does not win); nil for a copy the channel holds.
        var moved: StoredMessage?

        /// The copy `row` of the input's channel holds.
        init(_ row: (edited: Int64?, record: [UInt8])) { self.init(edited: row.edited, record: row.record) }

        init(edited: Int64?, record: [UInt8], moved: StoredMessage? = nil) {
            self.edited = edited
            self.record = record
            self.moved = moved
        }
    }

    /// The archive's copy of `entry`'s message, given `own`, the one its channel holds: for a
    /// channel with former ids (``Channel/formerIDs``, where an earlier Parley put the message)
    /// also the one each former channel holds under the same id — taken out of it (it moves to
    /// `entry`'s channel), counted in ``moves``, and written again as a row of `entry`'s channel.
    /// Of several copies the one edited last is the archive's copy; at the same edit time the
    /// channel's own. A channel without former ids costs nothing more.
    /// - Returns: nil when the archive has no copy.
    /// - Throws: ``StoreError`` when the store cannot be read or written; an ``EventRecordError``
    ///   when a former channel's record does not read back.
    /// - Complexity: O(log n) per former id, for a store of n messages.
    func formerCopy(of entry: Entry, id: String, over own: StoredCopy?) throws -> StoredCopy? {
        var copy = own
        // With an empty store, the first input's messages are all the update holds: none is in a former channel.
        guard !entry.formerIDs.isEmpty, !(startedEmpty && input == 1) else { return copy }
        let channel = ChannelID(entry.channel)
        for former in entry.formerIDs where former != channel {
            guard let found = try store.removeMessage(channel: former.rawValue, id: id) else { continue }
            noteMove(from: former, to: channel, name: entry.channelName)
            guard (found.edited ?? Int64.min) > (copy?.edited ?? Int64.min) || copy == nil else { continue }
            var message = try StoredArchive.readBack(found.record, file: store.path)
            message.channel = channel
            let moved = Self.row(of: message, in: entry.channel, sourceDigest: nil)
            copy = StoredCopy(edited: found.edited, record: moved.record, moved: moved)
        }
        return copy
    }

    /// Counts one message moved from `former` to `channel` (named `name`).
    private func noteMove(from former: ChannelID, to channel: ChannelID, name: String) {
        if let index = moveIndex[former]?[channel] {
            moves[index].count += 1
        } else {
            moveIndex[former, default: [:]][channel] = moves.count
            moves.append(ChannelMove(from: former, to: channel, fromName: former.rawValue, toName: name, count: 1))
        }
    }
}
