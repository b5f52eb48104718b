import Foundation
import ParleyXML

/// The base64 `data` of MMS parts, measured and checked as ``XMLStreamReader`` diverts it past
/// libxml2 (a part may be tens of megabytes; libxml2's reader is quadratic in a node past 10 MB):
/// one entry per `<part>` start tag, in document order, taken by ``SMSBackupStream`` as the
/// reader reports each part. Holds only the parts the input filter has passed and the reader has
/// not yet reported (a few, whatever their size): never the data itself. Given a media folder,
/// each part's data is also decoded into it as it streams (``SMSPartFile``).
final class SMSPartData: DivertedAttributeSink {
    /// What one part's data was.
    struct Measure: Equatable {
        /// Decoded size, when the data is valid base64.
        var size: Int64?
        /// Where the data stops being base64, when it is invalid (byte offset in the value).
        var invalidAt: Int?
        /// The SHA-256 digest of the decoded data, when it was kept in the media folder.
        var digest: [UInt8]?
        /// Why valid data could not be kept in the media folder.
        var unkept: String?
    }

    /// Where the parts' data is decoded to; nil to measure it only.
    let folder: URL?
    private var queue: [Measure?] = []
    private var head = 0
    private var check: Base64Check?
    private var file: SMSPartFile?

    /// Parts whose data is measured, and decoded into `folder` when one is given.
    init(folder: URL? = nil) { self.folder = folder }

    /// The diversion of `<part data>` to this sink.
    var diversion: DivertedAttribute { DivertedAttribute(element: "part", attribute: "data", sink: self) }

    func elementStarted() { queue.append(nil) }

    func valueContinues(_ bytes: UnsafeBufferPointer<UInt8>) {
        if check == nil {
            check = Base64Check()
            file = folder.map(SMSPartFile.init)
        }
        check?.add(bytes)
        file?.add(bytes)
    }

    func valueEnded() {
        defer {
            file = nil
            check = nil
        }
        guard let check else { return }
        switch check.decodedSize {
        case let .success(size):
            var measure = Measure(size: size)
            switch file?.finish() {
            case let .kept(digest)?: measure.digest = digest
            case let .failed(reason)?: measure.unkept = reason
            case nil: break
            }
            if !queue.isEmpty { queue[queue.count - 1] = measure }
        case let .failure(invalid):
            if !queue.isEmpty { queue[queue.count - 1] = Measure(invalidAt: invalid.offset) }
        }
    }

    /// Forgets the parts passed and not reported, and the value being read: the reader stopped at
    /// an error and a new one reads on from a later place.
    func discardPending() {
        queue.removeAll()
        head = 0
        check = nil
        file = nil
    }

    /// The data of the next `<part>` the reader reports; nil when it has none.
    func next() -> Measure? {
        guard head < queue.count else { return nil }
        defer {
            head += 1
            if head > 64, head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
        }
        return queue[head]
    }
}
