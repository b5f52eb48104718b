/// Where a message sits in its group of consecutive messages by one author.
///
/// The renderer writes it as a class (`pos-first` …); CSS shows the header only for `first`
/// and `only`, so regrouping is an attribute change, never a re-render.
public enum GroupPosition: String, Hashable, Sendable, CaseIterable {
    case first, middle, last, only

    /// The position of a message that starts a group or not, followed by one that continues it or not.
    public init(starts: Bool, nextContinues: Bool) {
        switch (starts, nextContinues) {
        case (true, false): self = .only
        case (true, true): self = .first
        case (false, true): self = .middle
        case (false, false): self = .last
        }
    }
}
