import ParleyModel
import ParleyServer
import Synchronization

/// The benchmark's channel: a version counter and synthetic batches stamped with their
/// publication time, which the load client subtracts from its arrival time.
final class BenchChannel: ServedChannel {
    let id = ChannelID("bench")
    let name = "bench"
    let topic = "synthetic load"
    let epoch = ChannelEpoch.random()
    private let version = Mutex(0)

    func current() -> LiveRegion { LiveRegion(version: version.withLock { $0 }, sections: Array("bench".utf8)) }

    /// A bare page naming the version (the benchmark's clients open the stream directly).
    func page() -> [UInt8] { Array("<!DOCTYPE html><main id=\"transcript\" data-version=\"\(version.withLock { $0 })\">bench</main>".utf8) }

    func older(before message: MessageID) -> [UInt8]? { nil }

    /// Publishes the next batch: `{"v":N,"base":N-1,"t":NANOSECONDS,"ops":[["t","m-1","text","…"]]}`,
    /// padded to about `size` bytes, `t` being ``MonotonicClock`` time at publication.
    func publishNext(on broadcaster: Broadcaster, size: Int) throws {
        let next = version.withLock { version in
            version += 1
            return version
        }
        let now = MonotonicClock.nanoseconds()
        let head = "{\"v\":\(next),\"base\":\(next - 1),\"t\":\(now),\"ops\":[[\"t\",\"m-1\",\"text\",\""
        let padding = String(repeating: "x" as Character, count: max(0, size - head.utf8.count - 5))
        try broadcaster.publish(version: next, base: next - 1, json: Array((head + padding + "\"]]}").utf8), publishedAt: now)
    }
}
