import ParleyModel

/// What a header record declares: the empty transcript that events fill, and grouping rules.
struct ParleyHeader {
    var transcript: Transcript
    var policy: GroupingPolicy
    var channelPolicies: [ChannelID: GroupingPolicy]

    init(_ record: ParleyRecords.Header) {
        policy = record.grouping ?? .discord
        channelPolicies = [:]
        var channels: [Channel] = []
        for entry in record.channels {
            var channel = Channel(
                id: ChannelID(entry.id), name: entry.name, topic: entry.topic, kind: entry.kind ?? .text, category: entry.category)
            channel.branchPoint = entry.branchPoint
            channel.guild = entry.guild
            channel.parent = entry.parent.map { ChannelID($0) }
            channel.formerIDs = (entry.formerIDs ?? []).map { ChannelID($0) }
            channel.platform = entry.platform
            channels.append(channel)
            if let grouping = entry.grouping, grouping != policy { channelPolicies[channel.id] = grouping }
        }
        let directory = Directory(
            users: record.directory?.users ?? [:], channels: record.directory?.channels ?? [:],
            roles: record.directory?.roles ?? [:], emoji: record.directory?.emoji ?? [:])
        transcript = Transcript(title: record.title ?? "Parley", channels: channels, directory: directory)
    }

    /// The header record of `transcript`: its channels and directory, `policy` for the whole file
    /// and `channelPolicies` for channels whose rule differs.
    static func record(
        _ transcript: Transcript, policy: GroupingPolicy, channelPolicies: [ChannelID: GroupingPolicy]
    ) -> ParleyRecords.Header {
        let channels = transcript.channels.map { channel in
            ParleyRecords.ChannelEntry(
                id: channel.id.rawValue, name: channel.name, topic: channel.topic, kind: channel.kind, category: channel.category,
                guild: channel.guild, parent: channel.parent?.rawValue,
                grouping: channelPolicies[channel.id].flatMap { $0 == policy ? nil : $0 }, branchPoint: channel.branchPoint,
                formerIDs: channel.formerIDs.isEmpty ? nil : channel.formerIDs.map(\.rawValue), platform: channel.platform)
        }
        let directory = transcript.directory
        return ParleyRecords.Header(
            format: "parley", version: 1, title: transcript.title, channels: channels,
            directory: ParleyRecords.DirectoryEntry(
                users: directory.users, channels: directory.channels, roles: directory.roles, emoji: directory.emoji),
            grouping: policy)
    }
}
