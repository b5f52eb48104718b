import ParleyHTML
import ParleyModel

/// The archive index's list of channels, grouped by server and category where the source names
/// them (`Example guild › Text Channels`), groups in the order their first channel comes, each
/// channel's line (``ChannelPages/indexEntry(clock:)``) in the archive's order. Channels the
/// source puts under no server or category come first, without a heading; an archive with no
/// named group is one plain list, as before.
enum ChannelGroups {
    /// The list of `entries`, one per channel of `channels`, in the same order.
    /// - Complexity: O(channels).
    static func html(_ channels: [Channel], entries: [SafeHTML]) -> SafeHTML {
        var order: [String] = []
        var members: [String: [SafeHTML]] = [:]
        for (channel, entry) in zip(channels, entries) {
            let name = [channel.guild, channel.category].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " › ")
            if members[name] == nil { order.append(name) }
            members[name, default: []].append(entry)
        }
        order = order.filter(\.isEmpty) + order.filter { !$0.isEmpty }
        var writer = HTMLWriter()
        for name in order {
            if !name.isEmpty {
                writer.open("h2", [("class", .text("channel-group"))])
                writer.text(name)
                writer.close("h2")
            }
            writer.open("ul", [("class", .text("channel-list"))])
            writer.html(SafeHTML.joined(members[name] ?? []))
            writer.close("ul")
        }
        return writer.fragment
    }
}
