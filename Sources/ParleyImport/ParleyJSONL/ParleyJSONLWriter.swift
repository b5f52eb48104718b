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
    /// The encoder of the header record (``headerLine(_:policy:channelPolicies:)``), made once:
    /// making a `JSONEncoder` costs more than encoding one record.
    private let lineEncoder = EventRecordEncoder.recordEncoder()

    /// A writer of Parley JSON Lines.
    public init() {}

    /// Why a record could not be written (the event records' failure, also for the header).
    public typealias Failure = EventRecordEncoder.Failure

    /// The file's bytes for `transcript`: the header by `JSONEncoder`, the messages by
    /// ``MessageRecordWriter`` (the same bytes, faster).
    /// - Parameters:
    ///   - policy: the grouping rule recorded for the whole file.
    ///   - channelPolicies: channels whose rule differs from `policy`.
    /// - Throws: ``Failure`` when `JSONEncoder` refuses the header.
    /// - Complexity: O(n) in the size of the output.
    public func encode(
        _ transcript: Transcript, policy: GroupingPolicy = .discord, channelPolicies: [ChannelID: GroupingPolicy] = [:]
    ) throws(Failure) -> Data {
        var output = Array(try headerLine(transcript, policy: policy, channelPolicies: channelPolicies).utf8)
        output.append(0x0A)
        let writer = MessageRecordWriter()
        for channel in transcript.channels {
            for message in channel.messages {
                writer.append(message, to: &output)
                output.append(0x0A)
            }
        }
        return Data(output)
    }

    /// The header record of `transcript` as one line of JSON text (no `\n`): its title,
    /// channels, directory and grouping rules, as ``encode(_:policy:channelPolicies:)`` writes it.
    /// - Throws: ``Failure`` when `JSONEncoder` refuses the record.
    public func headerLine(
        _ transcript: Transcript, policy: GroupingPolicy = .discord, channelPolicies: [ChannelID: GroupingPolicy] = [:]
    ) throws(Failure) -> String {
        try line(ParleyHeader.record(transcript, policy: policy, channelPolicies: channelPolicies), as: "header")
    }

    /// The `message` record of `message` as one line of JSON text (no `\n`), deterministic:
    /// ``MessageRecordWriter``'s record.
    /// - Throws: never: every value of a message has a JSON form (the signature is the one the
    ///   records written by `JSONEncoder` have).
    public func messageLine(_ message: Message) throws(Failure) -> String { MessageRecordWriter().string(of: message) }

    private func line(_ record: some Encodable, as name: String) throws(Failure) -> String {
        do {
            return String(decoding: try lineEncoder.encode(record), as: UTF8.self)
        } catch {
            throw Failure(record: name, reason: "\(error)")
        }
    }
}
