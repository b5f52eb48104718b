import ParleyDiffing
import ParleyLayout
import ParleyModel

/// What an item's rendering depends on; its hash is the item's content version, so a change of
/// any of it — the message, its group position or day, the message it replies to — reconfigures it.
struct RenderInputs: Hashable {
    var item: LaidOutMessage
    var replyTarget: Message?

    /// The content version of `item` replying to `replyTarget`.
    static func version(_ item: LaidOutMessage, replyTarget: Message?) -> ContentVersion {
        ContentVersion(hashing: RenderInputs(item: item, replyTarget: replyTarget))
    }
}
