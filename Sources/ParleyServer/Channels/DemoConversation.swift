import Foundation
import ParleyModel
import Synchronization

/// The simulated conversation of `parley serve --demo`: new messages from several authors, an
/// edit, a delete, reactions and a long reply streamed token by token, then again with new ids,
/// until stopped. A new user sees patches arrive at once.
public final class DemoConversation: Sendable {
    /// One scripted change: wait `delay` milliseconds, then apply `events`.
    struct Step {
        var delay: Int
        var events: (_ now: Timestamp, _ round: Int) -> [TranscriptEvent]
    }

    let channel: LiveServedChannel
    let authors: [Author]
    let stopped = Atomic<Bool>(false)

    /// Starts the simulation on a background thread, with authors taken from the channel's messages.
    public init(channel: LiveServedChannel) {
        self.channel = channel
        var seen: [AuthorID: Author] = [:]
        var order: [Author] = []
        for message in channel.live.messages where seen[message.author.id] == nil && !message.kind.isSystem {
            seen[message.author.id] = message.author
            order.append(message.author)
        }
        let fallback = Author(id: AuthorID("demo"), name: "demo", displayName: "Demo")
        authors = order.isEmpty ? [fallback] : order
        let thread = Thread { [self] in run() }
        thread.name = "parley-demo"
        thread.start()
    }

    /// Stops after the current step.
    public func stop() { stopped.store(true, ordering: .relaxed) }

    private func run() {
        var round = 0
        while !stopped.load(ordering: .relaxed) {
            for step in script() {
                usleep(useconds_t(step.delay * 1000))
                if stopped.load(ordering: .relaxed) { return }
                let now = Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
                _ = try? channel.apply(step.events(now, round))
            }
            round += 1
        }
    }
}
