import ParleyHTML
import ParleyModel
import ParleyServer
import ParleySite
import Synchronization

/// A served channel whose state is just a version: its region says which version it shows, and
/// each published batch says which version it reaches, so a test can check that a page plus a
/// stream reach the latest version with no gap and no duplicate.
package final class SyntheticChannel: ServedChannel {
    package let id: ChannelID
    package let name = "synthetic"
    package let topic = "made up by the test"
    package let epoch: ChannelEpoch
    private let version = Mutex(0)
    /// Bytes of padding in each batch (to fill buffers quickly).
    package let padding: Int

    /// - Parameter epoch: The channel's epoch (tests name one to check the exact bytes sent).
    package init(id: String = "s1", padding: Int = 0, epoch: ChannelEpoch = ChannelEpoch(hexadecimal: 0xE1)) {
        self.id = ChannelID(id)
        self.epoch = epoch
        self.padding = padding
    }

    /// The live page's renderer (the server's own pages are rendered by the site).
    package static let pages = try? LivePageRenderer.load(siteTitle: "Test site")

    package func current() -> LiveRegion {
        let version = self.version.withLock { $0 }
        return LiveRegion(version: version, sections: SafeHTML.text("at \(version)").bytes)
    }

    package func page() -> [UInt8] {
        let version = self.version.withLock { $0 }
        return Self.pages?.page(id, name: name, topic: topic, version: version, epoch: epoch, sections: .text("at \(version)")) ?? []
    }

    package func older(before message: MessageID) -> [UInt8]? { message.rawValue == "1" ? Array("older than 1".utf8) : nil }

    /// Moves to the next version, then publishes its batch (the order the contract asks for).
    /// - Returns: the new version.
    @discardableResult
    package func advance(on broadcaster: Broadcaster) throws -> Int {
        let next = change()
        try broadcaster.publish(version: next, base: next - 1, json: Self.batch(next, padding: padding))
        return next
    }

    /// Moves to the next version without publishing its batch (yet).
    /// - Returns: the new version.
    @discardableResult
    package func change() -> Int {
        version.withLock { version in
            version += 1
            return version
        }
    }

    /// `{"v":N,"base":N-1,"ops":[["t","m-1","text","N…"]]}`.
    package static func batch(_ version: Int, padding: Int = 0) -> [UInt8] {
        let pad: String = padding > 0 ? String(repeating: "." as Character, count: padding) : ""
        return Array("{\"v\":\(version),\"base\":\(version - 1),\"ops\":[[\"t\",\"m-1\",\"text\",\"\(version)\(pad)\"]]}".utf8)
    }
}
