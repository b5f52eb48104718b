import ParleyLayout
import ParleyModel

/// What a message renderer needs besides the message: templates, the clock and where other
/// messages live (for reply headers and permalinks).
///
/// A value type whose properties live in one shared, copy-on-write box: the renderers hold and
/// copy the context for every message, and a copy costs one reference count, not one per
/// property. Changing a property of a copy copies the box first (once per copy).
public struct RenderContext: Sendable {
    /// The properties, shared by copies until one of them changes.
    private final class Storage: @unchecked Sendable {
        // Mutated only through a uniquely referenced box (`RenderContext.unique`), so no two
        // threads see a change: hence `@unchecked Sendable`.
        var templates: TemplateSet
        var clock: ZoneClock
        var directory: Directory
        var messages: [MessageID: Message]
        var pageOfMessage: [MessageID: String]
        var currentPage: String?
        var media = MediaLinks()
        var channelNames: [ChannelID: String] = [:]
        var channelFolders = ChannelFolders([])
        var rootPath = ""

        init(
            templates: TemplateSet, clock: ZoneClock, directory: Directory, messages: [MessageID: Message],
            pageOfMessage: [MessageID: String], currentPage: String?
        ) {
            self.templates = templates
            self.clock = clock
            self.directory = directory
            self.messages = messages
            self.pageOfMessage = pageOfMessage
            self.currentPage = currentPage
        }

        func copy() -> Storage {
            let copy = Storage(
                templates: templates, clock: clock, directory: directory, messages: messages, pageOfMessage: pageOfMessage,
                currentPage: currentPage)
            copy.media = media
            copy.channelNames = channelNames
            copy.channelFolders = channelFolders
            copy.rootPath = rootPath
            return copy
        }
    }

    private var storage: Storage

    /// The box, copied first when another context shares it.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    public var templates: TemplateSet {
        get { storage.templates }
        set { unique.templates = newValue }
    }
    public var clock: ZoneClock {
        get { storage.clock }
        set { unique.clock = newValue }
    }
    public var directory: Directory {
        get { storage.directory }
        set { unique.directory = newValue }
    }
    /// Messages that replies may refer to, by id.
    public var messages: [MessageID: Message] {
        get { storage.messages }
        _modify { yield &unique.messages }
    }
    /// The page file (e.g. `2023-01.html`) each message is on; nil for a single live page.
    public var pageOfMessage: [MessageID: String] {
        get { storage.pageOfMessage }
        _modify { yield &unique.pageOfMessage }
    }
    /// The page being rendered, so links to messages on it are plain `#m-…` fragments.
    public var currentPage: String? {
        get { storage.currentPage }
        set { unique.currentPage = newValue }
    }
    /// Where media referenced by messages can be found (remote URLs only, by default).
    public var media: MediaLinks {
        get { storage.media }
        set { unique.media = newValue }
    }
    /// The channels of the archive by id, with their names: threads and channel mentions link to them.
    public var channelNames: [ChannelID: String] {
        get { storage.channelNames }
        _modify { yield &unique.channelNames }
    }
    /// The folder of each channel in the archive (a channel it does not list: its legacy name).
    public var channelFolders: ChannelFolders {
        get { storage.channelFolders }
        set { unique.channelFolders = newValue }
    }
    /// The path from the page being rendered to the archive root, e.g. `../../` (empty for a live page).
    public var rootPath: String {
        get { storage.rootPath }
        set { unique.rootPath = newValue }
    }

    public init(
        templates: TemplateSet, clock: ZoneClock, directory: Directory = Directory(),
        messages: [MessageID: Message] = [:], pageOfMessage: [MessageID: String] = [:], currentPage: String? = nil
    ) {
        storage = Storage(
            templates: templates, clock: clock, directory: directory, messages: messages, pageOfMessage: pageOfMessage,
            currentPage: currentPage)
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
