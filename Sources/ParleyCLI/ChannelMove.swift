import ParleyModel
import ParleyRender

/// Messages an archive update found under a channel id an earlier Parley gave them
/// (``Channel/formerIDs``): moved to the channel that holds them now, or left where they were
/// because no input holds them under it (deleted upstream, or their ids changed too).
struct ChannelMove: Equatable {
    /// The former channel and the channel that replaces it.
    var from: ChannelID
    var to: ChannelID
    /// The channels' names: the former one's as the archive's header had it (its id when the
    /// header lacks it), the new one's as its input names it.
    var fromName: String
    var toName: String
    /// The messages moved, or the messages left in the former channel.
    var count: Int

    /// The summary's line for messages moved: `Moved 12 messages from channel "Group" to channel
    /// "Ideas", where this Parley puts them.`
    var movedLine: String {
        let (from, to) = labels
        return
            "Moved \(Wording.count(count, "message")) from channel \(from) to channel \(to), where this Parley puts \(count == 1 ? "it" : "them")."
    }

    /// The summary's line for messages left behind: `Channel "Group" keeps 2 messages that the
    /// inputs do not hold in channel "Ideas" (deleted upstream, or their ids changed too).`
    var keptLine: String {
        let (from, to) = labels
        let them = count == 1 ? "its id" : "their ids"
        return "Channel \(from) keeps \(Wording.count(count, "message")) that the inputs do not hold in channel \(to) "
            + "(deleted upstream, or \(them) changed too)."
    }

    /// The two channels as the lines name them: by name, quoted; each followed by its id when
    /// the names are the same (`"Ana" (sms:4155550199)`).
    private var labels: (from: String, to: String) {
        guard fromName == toName else { return ("\"\(fromName)\"", "\"\(toName)\"") }
        return ("\"\(fromName)\" (\(from.rawValue))", "\"\(toName)\" (\(to.rawValue))")
    }
}
