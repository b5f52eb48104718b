import ParleyLayout
import ParleyModel

/// What a message renderer needs besides the message: templates, the clock and where other
/// messages live (for reply headers and permalinks).
public struct RenderContext: Sendable {
    public var templates: TemplateSet
    public var clock: ZoneClock
    public var directory: Directory
    /// Messages that replies may refer to, by id.
    public var messages: [MessageID: Message]
    /// The page file (e.g. `2023-01.html`) each message is on; nil for a single live page.
    public var pageOfMessage: [MessageID: String]
    /// The page being rendered, so links to messages on it are plain `#m-…` fragments.
    public var currentPage: String?
    /// Where media referenced by messages can be found (remote URLs only, by default).
    public var media = MediaLinks()
    /// The channels of the archive by id, with their names: threads and channel mentions link to them.
    public var channelNames: [ChannelID: String] = [:]
    /// The folder of each channel in the archive (a channel it does not list: its legacy name).
    public var channelFolders = ChannelFolders([])
    /// The path from the page being rendered to the archive root, e.g. `../../` (empty for a live page).
    public var rootPath = ""

    public init(
        templates: TemplateSet, clock: ZoneClock, directory: Directory = Directory(),
        messages: [MessageID: Message] = [:], pageOfMessage: [MessageID: String] = [:], currentPage: String? = nil
    ) {
        self.templates = templates
        self.clock = clock
        self.directory = directory
        self.messages = messages
        self.pageOfMessage = pageOfMessage
        self.currentPage = currentPage
    }

    /// The link from the current page to a channel's index in the archive.
    public func channelLink(_ id: ChannelID) -> String { rootPath + channelFolders.folder(of: id) + "index.html" }

    /// The link to a message: `#m-ID` on the current page, `PAGE#m-ID` elsewhere.
    public func permalink(_ id: MessageID) -> String {
        let fragment = "#" + DOMID.message(id.rawValue)
        guard let page = pageOfMessage[id], page != currentPage else { return fragment }
        return page + fragment
    }
}
