import Foundation

/// The non-blank lines of a JSON Lines file, each with its 1-based number and the byte offset of
/// its first byte. A `\r` before the `\n` and a leading UTF-8 byte order mark are not part of a line.
struct ParleyLines: Sequence {
    struct Line {
        var number: Int
        var offset: Int
        var bytes: Data
    }

    let data: Data

    init(_ data: Data) { self.data = data }

    /// The first non-blank line.
    var first: Line? {
        var iterator = makeIterator()
        return iterator.next()
    }

    func makeIterator() -> Iterator { Iterator(data: data) }

    struct Iterator: IteratorProtocol {
        let data: Data
        var position: Int
        var number = 0

        init(data: Data) {
            self.data = data
            position = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.startIndex + 3 : data.startIndex
        }

        mutating func next() -> Line? {
            while position < data.endIndex {
                let start = position
                let newline = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
                position = newline == data.endIndex ? newline : newline + 1
                number += 1
                var end = newline
                if end > start, data[end - 1] == 0x0D { end -= 1 }
                let bytes = data[start..<end]
                if bytes.first.map({ $0 == 0x20 || $0 == 0x09 }) ?? true, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                return Line(number: number, offset: start - data.startIndex, bytes: Data(bytes))
            }
            return nil
        }
    }
}
