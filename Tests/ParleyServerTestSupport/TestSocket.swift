import Foundation
import ParleyTestSupport

/// A blocking TCP client socket on loopback with a receive timeout, for talking HTTP to the
/// server byte by byte. Used by one thread at a time.
package final class TestSocket: @unchecked Sendable {
    package enum Failure: Error, Equatable {
        case cannotConnect(port: Int, errno: Int32)
        case timedOut
        case closed
        case malformed(String)
    }

    package let descriptor: Int32
    /// Bytes received and not yet consumed.
    package var pending: [UInt8] = []
    private var scratch = [UInt8](repeating: 0, count: 65536)

    /// Connects to 127.0.0.1:`port`, from `source` (a loopback address such as `127.0.0.2`) when
    /// given.
    /// - Parameters:
    ///   - receiveBuffer: A small `SO_RCVBUF` (set before connecting) for a client that stalls.
    ///   - timeout: Seconds a read may wait.
    package init(port: Int, from source: String? = nil, receiveBuffer: Int32? = nil, timeout: Double = 5) throws {
        descriptor = try Self.connected(port: port, from: source, receiveBuffer: receiveBuffer, timeout: timeout * Sanitizer.slowdown)
    }

    /// A socket connected to 127.0.0.1:`port`; closed again when connecting fails (the caller
    /// then owns no descriptor: a class whose initializer throws after setting every stored
    /// property runs its `deinit`, which must not close the number a second time).
    private static func connected(port: Int, from source: String?, receiveBuffer: Int32?, timeout: Double) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let steps: [(address: String, port: Int, call: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32)] =
            (source.map { [($0, 0, { bind($0, $1, $2) })] } ?? []) + [("127.0.0.1", port, { connect($0, $1, $2) })]
        for step in steps {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(step.port).bigEndian
            address.sin_addr.s_addr = inet_addr(step.address)
            let status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    step.call(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard status == 0 else {
                let code = errno
                close(descriptor)
                throw Failure.cannotConnect(port: port, errno: code)
            }
        }
        return descriptor
    }

    deinit { close(descriptor) }

    /// Sends all of `text`.
    package func send(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// Sends `GET path HTTP/1.1` with `headers`.
    package func get(_ path: String, method: String = "GET", headers: [String: String] = [:]) {
        var request = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in (["Host": "127.0.0.1"].merging(headers) { $1 }).sorted(by: { $0.key < $1.key }) {
            request += "\(name): \(value)\r\n"
        }
        send(request + "\r\n")
    }

    /// Receives more bytes into ``pending``.
    /// - Throws: ``Failure/closed`` at end of stream, ``Failure/timedOut``.
    package func receive() throws {
        let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count == 0 { throw Failure.closed }
        if count < 0 { throw errno == EAGAIN || errno == EWOULDBLOCK ? Failure.timedOut : Failure.closed }
        pending.append(contentsOf: scratch[..<count])
    }

    /// The bytes up to and including the first `delimiter`, consumed.
    package func read(through delimiter: [UInt8]) throws -> [UInt8] {
        var searched = 0
        while true {
            if let end = Self.find(delimiter, in: pending, from: searched) {
                let result = Array(pending[..<end])
                pending.removeFirst(end)
                return result
            }
            searched = max(0, pending.count - delimiter.count + 1)
            try receive()
        }
    }

    /// Every byte until the server closes (or resets) the connection, consumed.
    /// - Throws: ``Failure/timedOut`` when the connection stays open.
    package func readUntilClosed() throws -> [UInt8] {
        while true {
            do {
                try receive()
            } catch Failure.closed {
                defer { pending = [] }
                return pending
            }
        }
    }

    /// Exactly `count` bytes, consumed.
    package func read(count: Int) throws -> [UInt8] {
        while pending.count < count { try receive() }
        let result = Array(pending[..<count])
        pending.removeFirst(count)
        return result
    }

    /// The index just past the first `delimiter` in `bytes` at or after `start`.
    package static func find(_ delimiter: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard buffer.count >= delimiter.count else { return nil }
            var index = start
            while index <= buffer.count - delimiter.count {
                if buffer[index] == delimiter[0], delimiter.indices.allSatisfy({ buffer[index + $0] == delimiter[$0] }) {
                    return index + delimiter.count
                }
                index += 1
            }
            return nil
        }
    }
}
