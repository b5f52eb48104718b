import ParleyModel

/// What an importer produced: the transcript and the problems it recovered from.
public struct ImportResult: Sendable {
    /// The channels, messages and names read.
    public var transcript: Transcript
    /// Recovered problems in file order (e.g. merged duplicate message ids).
    public var diagnostics: [Diagnostic]
    /// The input format that was read.
    public var format: InputFormat
    /// The grouping rule the format implies (Telegram's 15 minutes, Discord's 7), for every
    /// channel that ``channelPolicies`` does not name.
    public var groupingPolicy: GroupingPolicy
    /// Channels whose rule differs from ``groupingPolicy`` (a Parley JSON Lines file converted
    /// from several formats records each channel's rule).
    public var channelPolicies: [ChannelID: GroupingPolicy]
    /// The input file, as named in errors and diagnostics.
    public var file: String

    /// A result of `format` read from `file`; channels not in `channelPolicies` group by `groupingPolicy`.
    public init(
        transcript: Transcript, diagnostics: [Diagnostic], format: InputFormat, groupingPolicy: GroupingPolicy = .discord,
        channelPolicies: [ChannelID: GroupingPolicy] = [:], file: String = ""
    ) {
        self.transcript = transcript
        self.diagnostics = diagnostics
        self.format = format
        self.groupingPolicy = groupingPolicy
        self.channelPolicies = channelPolicies
        self.file = file
    }

    /// The grouping rule of `channel`.
    public func policy(for channel: ChannelID) -> GroupingPolicy { channelPolicies[channel] ?? groupingPolicy }
}
