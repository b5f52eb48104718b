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
    let registry: ChannelRegistry
    private let order = Mutex<Void>(())

    init(settings: IngestSettings, registry: ChannelRegistry) {
        self.settings = settings
        self.registry = registry
    }

    /// Whether a post to `id` may go on: the channel is live, or it may be created.
    func accepts(_ id: ChannelID) -> Bool {
        registry[id]?.channel is LiveServedChannel || (settings.newChannels != nil && registry[id] == nil)
    }

    /// Accepts `body` for `channel`. Runs on a worker (it waits for the disk).
    /// - Returns: `200` with `{"channel":ID,"events":COUNT,"version":VERSION}`, or the error reply.
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
        return order.withLock { _ in
            let channel: LiveServedChannel
            switch liveChannel(id, for: events, lines: lines) {
            case let .success(found): channel = found
            case let .failure(error): return .error(error)
            }
            return commit(events, records: records, lines: lines, to: channel)
        }
    }

    /// The live channel `id`, or a new one when ``IngestSettings/newChannels`` allows it, `events`
    /// apply to an empty channel and the database registers it (so a rejected first post
    /// creates nothing).
    private func liveChannel(_ id: ChannelID, for events: [TranscriptEvent], lines: [Int]) -> Result<LiveServedChannel, RouteError> {
        if let live = registry[id]?.channel as? LiveServedChannel { return .success(live) }
        guard registry[id] == nil, let options = settings.newChannels else { return .failure(.unknownChannel(id)) }
        guard LiveServedChannel.isCreatable(id) else { return .failure(.uncreatableChannel(id)) }
        let created = LiveServedChannel(channel: Channel(id: id, name: id.rawValue), directory: Directory(), options: options)
        if let (index, error) = created.firstFailure(in: events) {
            return .failure(.badEvents("request body: line \(lines[index]): \(error)"))
        }
        do {
            try settings.store.createChannel(id.rawValue, header: created.storeHeader)
        } catch {
            return .failure(.storeFailed(error.description))
        }
        guard let live = registry.add(created).entry.channel as? LiveServedChannel else { return .failure(.unknownChannel(id)) }
        return .success(live)
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
