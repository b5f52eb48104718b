import ParleyLayout
import ParleyModel
import ParleyRender

/// How a live channel lays out and renders its window of messages.
public struct LiveOptions: Sendable {
    /// The number of latest messages the live page holds (`--window`).
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
