import Foundation
import ParleyModel
import Synchronization

/// The simulated conversation of `parley serve --demo`: new messages from several authors, an
/// edit, a delete, reactions and a long reply streamed token by token, then again with new ids,
/// until stopped. A new user sees patches arrive at once.
///
/// The conversation never changes its channel itself: each step's events go to a sink, which
/// commits them the way posted events are (``LiveServer/ingest(_:to:)``), so a channel with a
/// database gets every change, and every version, from the database.
public final class DemoConversation: Sendable {
    /// Takes one step's events (all for the demo's channel, never empty) and commits them.
    public typealias Sink = @Sendable (_ events: [TranscriptEvent]) -> Void

    /// One scripted change: wait `delay` milliseconds, then commit `events`.
    struct Step {
        var delay: Int
        var events: (_ now: Timestamp, _ round: Int) -> [TranscriptEvent]
    }

    let channelID: ChannelID
    let authors: [Author]
    /// The first round: one past the highest round whose messages the channel already holds (a
    /// restart on a database), so new rounds never reuse, and so replace, earlier messages.
    let firstRound: Int
    let sink: Sink
    let stopped = Atomic<Bool>(false)

    /// Starts the simulation on a background thread, with authors taken from the channel's
    /// messages, sending each step's events to `sink`.
    public convenience init(channel: LiveServedChannel, sink: @escaping Sink) {
        self.init(channel: channel, sink: sink, running: true)
    }

    /// The simulation of `channel`; it runs on a background thread when `running`, else
    /// ``perform(_:round:at:)`` takes its steps.
    init(channel: LiveServedChannel, sink: @escaping Sink, running: Bool) {
        channelID = channel.id
        self.sink = sink
        var seen: [AuthorID: Author] = [:]
        var order: [Author] = []
        for message in channel.live.messages where seen[message.author.id] == nil && !message.kind.isSystem {
            seen[message.author.id] = message.author
            order.append(message.author)
        }
        let fallback = Author(id: AuthorID("demo"), name: "demo", displayName: "Demo")
        authors = order.isEmpty ? [fallback] : order
        firstRound = channel.live.messages.compactMap { Self.round(of: $0.id) }.max().map { $0 + 1 } ?? 0
        guard running else { return }
        let thread = Thread { [self] in run() }
        thread.name = "parley-demo"
        thread.start()
    }

    /// Stops after the current step.
    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// Sends the events of `step` in round `round` at time `now` to the sink, unless there are none.
    func perform(_ step: Step, round: Int, at now: Timestamp) {
        let events = step.events(now, round)
        if !events.isEmpty { sink(events) }
    }

    /// The round in a demo message id (`demo-ROUND-NAME`), or nil for other ids.
    static func round(of id: MessageID) -> Int? {
        let parts = id.rawValue.split(separator: "-", maxSplits: 2)
        guard parts.count == 3, parts[0] == "demo" else { return nil }
        return Int(parts[1])
    }

    private func run() {
        var round = firstRound
        while !stopped.load(ordering: .relaxed) {
            for step in script() {
                usleep(useconds_t(step.delay * 1000))
                if stopped.load(ordering: .relaxed) { return }
                perform(step, round: round, at: Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000)))
            }
            round += 1
        }
    }
}
