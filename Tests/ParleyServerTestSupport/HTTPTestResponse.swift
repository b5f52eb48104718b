import Foundation

/// An HTTP/1.1 response read from a ``TestSocket``: status, headers and (unless streaming) body.
package struct HTTPTestResponse {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8] = []

    package var text: String { String(decoding: body, as: UTF8.self) }

    /// The first header called `name`, case-insensitively.
    package func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }

    /// Reads the status line and headers.
    package static func readHead(from socket: TestSocket) throws -> HTTPTestResponse {
        let head = String(decoding: try socket.read(through: Array("\r\n\r\n".utf8)), as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw TestSocket.Failure.malformed(head) }
        let headers = lines.map { line -> (String, String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : "")
        }
        return HTTPTestResponse(status: status, headers: headers)
    }

    /// Reads a whole response: head, then a `Content-Length` or chunked body (none for `HEAD`).
    package static func read(from socket: TestSocket, method: String = "GET") throws -> HTTPTestResponse {
        var response = try readHead(from: socket)
        if method == "HEAD" || response.status == 304 { return response }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            var decoder = ChunkedDecoder()
            while !decoder.isFinished { response.body += try decoder.next(from: socket) }
        } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            response.body = try socket.read(count: length)
        }
        return response
    }

    /// `GET path` on a new connection to `port`.
    package static func get(_ path: String, port: Int, method: String = "GET", headers: [String: String] = [:]) throws -> HTTPTestResponse {
        let socket = try TestSocket(port: port)
        socket.get(path, method: method, headers: headers)
        return try read(from: socket, method: method)
    }
}

/// Decodes an HTTP/1.1 chunked body (RFC 9112 § 7.1) one chunk at a time.
package struct ChunkedDecoder {
    private(set) var isFinished = false

    /// The next chunk's data; empty with ``isFinished`` set at the last chunk.
    package mutating func next(from socket: TestSocket) throws -> [UInt8] {
        let line = String(decoding: try socket.read(through: [0x0D, 0x0A]).dropLast(2), as: UTF8.self)
        guard let size = Int(line.split(separator: ";").first ?? "", radix: 16) else { throw TestSocket.Failure.malformed(line) }
        let data = try socket.read(count: size)
        _ = try socket.read(count: 2)
        if size == 0 { isFinished = true }
        return data
    }
}
