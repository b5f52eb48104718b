import ParleyLayout
import ParleyModel
import ParleyRender

/// How a live channel lays out and renders its window of messages.
public struct LiveOptions: Sendable {
    /// The number of latest messages the live page holds at least (`--window`); it holds up to an
    /// eighth more, as old messages leave it an eighth of a window at a time.
    public var window: Int
    public var policy: GroupingPolicy
    public var clock: ZoneClock
    public var templates: TemplateSet

    public init(window: Int = 500, policy: GroupingPolicy = .discord, clock: ZoneClock = .utc, templates: TemplateSet) {
        self.window = window
        self.policy = policy
        self.clock = clock
        self.templates = templates
    }
}
