import Foundation
import ParleyEventCodec
import ParleyModel

extension EventIngest {
    /// Accepts `body`, Parley JSON Lines event records for `id`, through ``commit(_:records:to:)``;
    /// each line is stored as posted. Runs on a worker (it waits for the disk).
    /// - Returns: `200` with `{"channel":ID,"events":COUNT,"version":VERSION}`, or the error reply
    ///   naming the body's line.
    func post(_ body: [UInt8], to id: ChannelID) -> Reply {
        guard accepts(id) else { return .error(.unknownChannel(id)) }
        var events: [TranscriptEvent] = []
        var records: [String] = []
        var lines: [Int] = []
        var offset = 0
        for (index, line) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            defer { offset += line.count + 1 }
            let record = line.last == 0x0D ? line.dropLast() : line
            guard !record.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
            do throws(EventRecordError) {
                let event = try EventRecordDecoder.event(line: Data(record), file: "request body", lineNumber: index + 1, offset: offset)
                events.append(event)
                records.append(String(decoding: record, as: UTF8.self))
                lines.append(index + 1)
            } catch {
                return .error(.badEvents(error.description))
            }
        }
        guard !events.isEmpty else { return .error(.badEvents("request body: expected one or more JSON Lines event records")) }
        let version: Int
        do {
            version = try commit(events, records: records, to: id)
        } catch {
            return .error(Self.routeError(error, lines: lines))
        }
        let json = #"{"channel":\#(Self.quoted(id.rawValue)),"events":\#(events.count),"version":\#(version)}"#
        return .content(Array((json + "\n").utf8), type: "application/json", cache: "no-store")
    }

    /// The reply to a post that `error` rejected; `lines` holds each event's line in the body.
    static func routeError(_ error: IngestError, lines: [Int]) -> RouteError {
        switch error {
        case let .unknownChannel(id): return .unknownChannel(id)
        case let .uncreatableChannel(id): return .uncreatableChannel(id)
        case let .foreignEvent(index, channel, expected):
            return .badEvents("request body: line \(lines[index]): the event is for channel '\(channel)', posted to '\(expected)'")
        case let .rejected(index, error): return .badEvents("request body: line \(lines[index]): \(error)")
        case let .storeFailed(reason): return .storeFailed(reason)
        case .unencodable, .notApplied: return .storeFailed(error.description)
        }
    }
}
