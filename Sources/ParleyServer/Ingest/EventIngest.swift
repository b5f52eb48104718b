import Foundation
import ParleyImport
import ParleyModel
import ParleyStore
import Synchronization

/// Accepts posted Parley JSON Lines events for live channels: decodes and checks every line,
/// commits the batch to the ``EventStore`` and only then applies it with the database's version.
///
/// All or nothing per request: a bad line, an event for another channel or an event that cannot
/// apply (an unknown message) rejects the whole body before anything is stored. Requests are
/// serialized (one lock around check, commit and apply), so batches apply in version order.
final class EventIngest: Sendable {
    let settings: IngestSettings
    let channels: [ChannelID: LiveServedChannel]
    private let order = Mutex<Void>(())

    init(settings: IngestSettings, channels: [any ServedChannel]) {
        self.settings = settings
        var live: [ChannelID: LiveServedChannel] = [:]
        for case let channel as LiveServedChannel in channels { live[channel.id] = channel }
        self.channels = live
    }

    /// Accepts `body` for `channel`. Runs on a worker (it waits for the disk).
    /// - Returns: `200` with `{"channel":ID,"events":COUNT,"version":VERSION}`, or the error reply.
    func post(_ body: [UInt8], to id: ChannelID) -> Reply {
        guard let channel = channels[id] else { return .error(.unknownChannel(id)) }
        var events: [TranscriptEvent] = []
        var records: [String] = []
        var lines: [Int] = []
        var offset = 0
        for (index, line) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            defer { offset += line.count + 1 }
            let record = line.last == 0x0D ? line.dropLast() : line
            guard !record.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
            do throws(ImportError) {
                let event = try ParleyJSONLImporter.event(line: Data(record), file: "request body", lineNumber: index + 1, offset: offset)
                guard event.channel == id else {
                    return .error(
                        .badEvents("request body: line \(index + 1): the event is for channel '\(event.channel)', posted to '\(id)'"))
                }
                events.append(event)
                records.append(String(decoding: record, as: UTF8.self))
                lines.append(index + 1)
            } catch {
                return .error(.badEvents(error.description))
            }
        }
        guard !events.isEmpty else { return .error(.badEvents("request body: expected one or more JSON Lines event records")) }
        return order.withLock { _ in commit(events, records: records, lines: lines, to: channel) }
    }

    private func commit(_ events: [TranscriptEvent], records: [String], lines: [Int], to channel: LiveServedChannel) -> Reply {
        if let (index, error) = channel.firstFailure(in: events) {
            return .error(.badEvents("request body: line \(lines[index]): \(error)"))
        }
        let versions: [Int]
        do {
            versions = try settings.store.append(records, to: channel.id.rawValue)
        } catch {
            return .error(.storeFailed(error.description))
        }
        let version = versions.last ?? 0
        do {
            try channel.apply(events, version: version)
        } catch {
            return .error(.storeFailed("committed at version \(version) but not applied: \(error)"))
        }
        let json = #"{"channel":\#(Self.quoted(channel.id.rawValue)),"events":\#(events.count),"version":\#(version)}"#
        return .content(Array((json + "\n").utf8), type: "application/json", cache: "no-store")
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
