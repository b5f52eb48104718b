import Foundation
import ParleyEventCodec
import ParleyModel

/// Writes a transcript as Parley JSON Lines (`docs/FORMAT.md`, version 1): a header record with
/// the channels, directory and grouping rules, then one `message` record per message, channel
/// by channel in source order.
///
/// Output is deterministic: object keys are sorted, and reading the file back with
/// ``ParleyJSONLImporter`` gives the same transcript and grouping rules.
public struct ParleyJSONLWriter: Sendable {
    /// The encoder of single lines (``headerLine(_:policy:channelPolicies:)``, ``messageLine(_:)``),
    /// made once: making a `JSONEncoder` costs more than encoding one message.
    private let lineEncoder = EventRecordEncoder.recordEncoder()

    /// A writer of Parley JSON Lines.
    public init() {}

    /// Why a record could not be written (the event records' failure, also for the header).
    public typealias Failure = EventRecordEncoder.Failure

    /// The file's bytes for `transcript`.
    /// - Parameters:
    ///   - policy: the grouping rule recorded for the whole file.
    ///   - channelPolicies: channels whose rule differs from `policy`.
    /// - Throws: ``Failure`` naming the record `JSONEncoder` refused.
    /// - Complexity: O(n) in the size of the output.
    public func encode(
        _ transcript: Transcript, policy: GroupingPolicy = .discord, channelPolicies: [ChannelID: GroupingPolicy] = [:]
    ) throws(Failure) -> Data {
        let encoder = EventRecordEncoder.recordEncoder()
        var output = Data()
        let header = ParleyHeader.record(transcript, policy: policy, channelPolicies: channelPolicies)
        try Self.append(header, as: "header", to: &output, encoder)
        for channel in transcript.channels {
            for message in channel.messages {
                try Self.append(
                    EventRecords.MessageRecord(message), as: "message \(message.id) in channel \(channel.id)", to: &output, encoder)
            }
        }
        return output
    }

    /// The header record of `transcript` as one line of JSON text (no `\n`): its title,
    /// channels, directory and grouping rules, as ``encode(_:policy:channelPolicies:)`` writes it.
    /// - Throws: ``Failure`` when `JSONEncoder` refuses the record.
    public func headerLine(
        _ transcript: Transcript, policy: GroupingPolicy = .discord, channelPolicies: [ChannelID: GroupingPolicy] = [:]
    ) throws(Failure) -> String {
        try line(ParleyHeader.record(transcript, policy: policy, channelPolicies: channelPolicies), as: "header")
    }

    /// The `message` record of `message` as one line of JSON text (no `\n`), deterministic.
    /// - Throws: ``Failure`` when `JSONEncoder` refuses the record.
    public func messageLine(_ message: Message) throws(Failure) -> String {
        try line(EventRecords.MessageRecord(message), as: "message \(message.id) in channel \(message.channel)")
    }

    private func line(_ record: some Encodable, as name: String) throws(Failure) -> String {
        do {
            return String(decoding: try lineEncoder.encode(record), as: UTF8.self)
        } catch {
            throw Failure(record: name, reason: "\(error)")
        }
    }

    /// Appends one record and its `\n`.
    private static func append(
        _ record: some Encodable, as name: String, to output: inout Data, _ encoder: JSONEncoder
    ) throws(Failure) {
        do {
            output.append(try encoder.encode(record))
        } catch {
            throw Failure(record: name, reason: "\(error)")
        }
        output.append(0x0A)
    }
}
