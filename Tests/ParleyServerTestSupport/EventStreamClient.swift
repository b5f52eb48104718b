import Foundation

/// A Server-Sent Events client over a raw socket: opens `/c/ID/events`, decodes the chunked body
/// and splits it into event blocks (the lines up to a blank line), as the WHATWG parser does.
/// Used by one thread at a time.
package final class EventStreamClient: @unchecked Sendable {
    /// One block of the stream: its lines, without the blank line that ends it.
    package struct Block: Equatable {
        package var lines: [String]

        /// The value of the first `name:` field (one leading space removed).
        package func field(_ name: String) -> String? {
            lines.first { $0.hasPrefix(name + ":") }.map { String($0.dropFirst(name.count + 1)).droppingOneSpace }
        }

        package var id: Int? { field("id").flatMap { Int($0) } }
        package var data: String? { field("data") }
    }

    package let socket: TestSocket
    package let response: HTTPTestResponse
    private var decoder = ChunkedDecoder()
    private var text: [UInt8] = []

    /// Connects and reads the response head.
    package init(port: Int, path: String, headers: [String: String] = [:], receiveBuffer: Int32? = nil, timeout: Double = 5) throws {
        socket = try TestSocket(port: port, receiveBuffer: receiveBuffer, timeout: timeout)
        socket.get(path, headers: headers)
        response = try HTTPTestResponse.readHead(from: socket)
    }

    /// The next block, or nil when the server ended the stream (the last chunk arrived).
    package func next() throws -> Block? {
        var searched = 0
        while true {
            if let end = TestSocket.find([0x0A, 0x0A], in: text, from: searched) {
                let block = String(decoding: text[..<(end - 2)], as: UTF8.self)
                text.removeFirst(end)
                return Block(lines: block.components(separatedBy: "\n"))
            }
            if decoder.isFinished { return nil }
            searched = max(0, text.count - 1)
            text += try decoder.next(from: socket)
        }
    }

    /// Every byte of the body not read yet, through the end of the stream (the last chunk).
    package func rest() throws -> String {
        while !decoder.isFinished { text += try decoder.next(from: socket) }
        defer { text = [] }
        return String(decoding: text, as: UTF8.self)
    }

    /// The next block that is an event (has an `id:`), skipping comments and hints.
    package func nextEvent() throws -> Block? {
        while let block = try next() {
            if block.id != nil { return block }
        }
        return nil
    }
}

extension String {
    package var droppingOneSpace: String { hasPrefix(" ") ? String(dropFirst()) : self }
}
