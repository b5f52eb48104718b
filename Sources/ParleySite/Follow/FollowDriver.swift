import Foundation
import ParleyEventCodec
import ParleyLive
import ParleyModel
import ParleyServer
import Synchronization

/// `parley serve --follow`: tails a Parley JSON Lines file and applies each appended event line
/// to its live channel, which publishes the patch batch to the viewers.
///
/// An invalid line is reported with its line number and skipped; a truncated or replaced file
/// is reported and following stops (the events already served stay).
public struct FollowDriver: Sendable {
    let follower: FileFollower

    /// Starts following `path` from its current end (what is there was read at start).
    /// - Parameter report: Takes one line for the user per skipped line or stop (a warning).
    /// - Throws: ``FollowError`` when the file cannot be watched.
    public static func start(
        path: String, channels: [LiveServedChannel], report: @escaping @Sendable (String) -> Void
    ) throws(FollowError) -> FollowDriver {
        let data = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        let lines = data.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        let byID = Dictionary(channels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let box = FollowerBox()
        let follower = try FileFollower(path: path, from: data.count, lineNumber: lines) { event in
            switch event {
            case let .line(text, number):
                guard !text.isEmpty else { return }
                do throws(EventRecordError) {
                    let event = try EventRecordDecoder.event(line: Data(text.utf8), file: path, lineNumber: number)
                    guard let channel = byID[event.channel] else {
                        return report("\(path): line \(number): unknown channel \"\(event.channel)\"; skipped")
                    }
                    do {
                        try channel.apply([event])
                    } catch {
                        report("\(path): line \(number): \(error); skipped")
                    }
                } catch {
                    report("\(error); skipped")
                }
            case .truncated, .replaced:
                report("\(path): the file was \(event == .truncated ? "truncated" : "replaced"); stopped following it")
                box.current.withLock { $0?.stop() }
            case let .failed(reason):
                report("\(reason); stopped following")
            }
        }
        box.current.withLock { $0 = follower }
        return FollowDriver(follower: follower)
    }

    /// Stops following; the events already applied stay.
    public func stop() { follower.stop() }
}

/// Lets the follower's handler stop the follower that calls it.
private final class FollowerBox: Sendable {
    let current = Mutex<FileFollower?>(nil)
}
