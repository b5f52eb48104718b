/// Encodes Server-Sent Events as UTF-8 bytes, per the WHATWG HTML Standard, § 9.2 "Server-sent
/// events" (the `text/event-stream` format).
///
/// An event is a block of `field: value` lines ended by an empty line. Line breaks in a payload
/// become one `data:` line per line (the client joins them with `\n`), so any payload round-trips.
public enum ServerSentEvents {
    /// The MIME type of an event stream.
    public static let contentType = "text/event-stream; charset=utf-8"

    /// `id: ID`, `event: TYPE`, then one `data:` line per line of `data`, then an empty line.
    /// - Parameters:
    ///   - id: The event id; the client sends it back as `Last-Event-ID` when it reconnects.
    ///   - type: The event type (`patch`); dispatched to listeners of that name.
    ///   - data: The payload; `\r\n`, `\n` and `\r` all split lines.
    /// - Complexity: O(bytes of `data`).
    public static func event(id: Int, type: String, data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + type.utf8.count + 32)
        bytes.append(contentsOf: "id: \(id)\nevent: \(type)\n".utf8)
        var start = 0, index = 0
        while index < data.count {
            let byte = data[index]
            guard byte == 0x0A || byte == 0x0D else {
                index += 1
                continue
            }
            appendData(data[start..<index], to: &bytes)
            index += byte == 0x0D && index + 1 < data.count && data[index + 1] == 0x0A ? 2 : 1
            start = index
        }
        appendData(data[start..<data.count], to: &bytes)
        bytes.append(0x0A)
        return bytes
    }

    /// `retry: MS` then an empty line: the client waits that long before reconnecting.
    public static func retry(milliseconds: Int) -> [UInt8] { Array("retry: \(milliseconds)\n\n".utf8) }

    /// `event: stop` with `data: {}`, and no `id:` (the client's last event id stays its
    /// version): the last event of every stream when the server stops. The client then says that
    /// the server stopped and retries slowly instead of reconnecting at once.
    public static let stop: [UInt8] = Array("event: stop\ndata: {}\n\n".utf8)

    /// `: TEXT` then an empty line: a comment, ignored by clients (a heartbeat that keeps
    /// proxies from closing an idle stream). `text` must not contain line breaks.
    public static func comment(_ text: String) -> [UInt8] { Array(": \(text)\n\n".utf8) }

    private static func appendData(_ line: ArraySlice<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "data: ".utf8)
        bytes.append(contentsOf: line)
        bytes.append(0x0A)
    }
}
