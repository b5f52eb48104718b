import Foundation
import ParleyEventCodec
import ParleyModel
import ParleyServer

extension EventIngest {
    /// Accepts `body`, Parley JSON Lines event records for `id`, through ``commit(_:records:to:)``.
    /// A record may leave `channel` out (the address names it); one that names another channel
    /// refuses the batch. Each line that names its channel is stored as posted, any other as the
    /// record ``EventRecordEncoder`` writes for its event (which names the channel, as a stored
    /// record must). Runs on a worker (it waits for the disk).
    /// - Returns: `{"channel":ID,"events":COUNT,"version":VERSION}`, or why the post was refused,
    ///   naming the body's line.
    public func post(_ body: [UInt8], to id: ChannelID) -> Result<String, IngestRefusal> {
        guard accepts(id) else { return .failure(.unknownChannel(id)) }
        var events: [TranscriptEvent] = []
        var records: [String] = []
        var lines: [Int] = []
        var offset = 0
        for (index, line) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            defer { offset += line.count + 1 }
            let record = line.last == 0x0D ? line.dropLast() : line
            guard !record.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
            do throws(EventRecordError) {
                let (event, namesChannel) = try EventRecordDecoder.postedEvent(
                    line: Data(record), channel: id, file: "request body", lineNumber: index + 1, offset: offset)
                events.append(event)
                lines.append(index + 1)
                guard !namesChannel else {
                    records.append(String(decoding: record, as: UTF8.self))
                    continue
                }
                do throws(EventRecordEncoder.Failure) {
                    records.append(String(decoding: try EventRecordEncoder().encode(event), as: UTF8.self))
                } catch {
                    return .failure(.badEvents("request body: line \(index + 1): \(error)"))
                }
            } catch {
                return .failure(.badEvents(error.description))
            }
        }
        guard !events.isEmpty else { return .failure(.badEvents("request body: expected one or more JSON Lines event records")) }
        let version: Int
        do {
            version = try commit(events, records: records, to: id)
        } catch {
            return .failure(Self.refusal(error, lines: lines))
        }
        let json = #"{"channel":\#(Self.quoted(id.rawValue)),"events":\#(events.count),"version":\#(version)}"#
        return .success(json)
    }

    /// The refusal of a post that `error` rejected; `lines` holds each event's line in the body.
    static func refusal(_ error: IngestError, lines: [Int]) -> IngestRefusal {
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
