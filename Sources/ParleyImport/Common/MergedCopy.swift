import ParleyModel

/// One message met again while inputs are merged: a later copy of a channel's message id met the
/// copy kept so far — an earlier input's, or the archive's in `parley render` — and one of the two
/// was kept (``TranscriptMerger``'s rule). Two copies within one input are not a merged copy: they
/// are reported as a duplicate ``Diagnostic``.
public struct MergedCopy: Hashable, Sendable {
    /// Which copy was kept, and why.
    public enum Outcome: Int, CaseIterable, Hashable, Sendable {
        /// The later copy was edited later: it replaced the first.
        case laterEdit
        /// Both have the same edit time (or none) and differ (newer reactions, or a conflict):
        /// the later copy replaced the first.
        case sameEditTime
        /// Both are the same: the first copy stays.
        case identical
        /// The later copy was edited earlier than the first: it is ignored.
        case olderIgnored

        /// The outcome of merging a later copy edited at `later` into a first copy edited at
        /// `first` (UTC milliseconds; nil for never edited, which counts as earliest), the two
        /// being `identical` or not.
        public init(first: Int64?, later: Int64?, identical: Bool) {
            let old = first ?? Int64.min, new = later ?? Int64.min
            if identical {
                self = .identical
            } else if new > old {
                self = .laterEdit
            } else if new == old {
                self = .sameEditTime
            } else {
                self = .olderIgnored
            }
        }

        /// Whether the later copy replaced the first.
        public var keepsLater: Bool { self == .laterEdit || self == .sameEditTime }
    }

    /// The message's channel and the channel's name as the later copy's input gives it.
    public var channel: ChannelID
    public var channelName: String
    public var id: MessageID
    /// Where the first copy is (the copy kept until the later one came): its input's file and
    /// the place in it (`a.json: messages[15]`), or nil for the archive's stored copy.
    public var first: String?
    /// Where the later copy is: its input's file and the place in it.
    public var later: String
    public var outcome: Outcome

    public init(channel: ChannelID, channelName: String, id: MessageID, first: String?, later: String, outcome: Outcome) {
        self.channel = channel
        self.channelName = channelName
        self.id = id
        self.first = first
        self.later = later
        self.outcome = outcome
    }
}
