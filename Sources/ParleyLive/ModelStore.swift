import ParleyLayout
import ParleyModel
import ParleyRender
import Synchronization

/// The committed models, shared by the live channel (which commits) and its fragment provider
/// (which reads); a class so both closures can hold it.
final class CommittedModels: Sendable {
    let models: Mutex<ModelStore>

    init(_ initial: ModelStore) { models = Mutex(initial) }
}

/// The models the fragment provider reads, committed by `commitAlongsideUpdates` so they always
/// match the snapshot being applied.
struct ModelStore: Sendable {
    /// The messages of the window, laid out, by id.
    var items: [MessageID: LaidOutMessage] = [:]
    /// The render context (all messages of the channel for reply headers).
    var context: RenderContext
}

/// What an item's rendering depends on; its hash is the item's content version, so a change of
/// any of it — the message, its group position or day, the message it replies to — reconfigures it.
struct RenderInputs: Hashable {
    var item: LaidOutMessage
    var replyTarget: Message?
}
