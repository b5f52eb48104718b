import ParleyHTML
import ParleyModel

/// What a message header shows of its author: derived from the ``Author`` and the page's render
/// context (where its avatar is), so a page computes it once per author instead of once per message.
///
/// A class: every message of the author takes the cached header, and a reference is one retain
/// where a copy of this many strings was fourteen.
final class AuthorHeader: Sendable {
    /// The author it was made from (a cached header is reused only for an equal author).
    let author: Author
    let authorID: String
    /// The avatar's colour class: the author's colour, else a palette class from the id.
    let avatarClass: String
    /// Up to two capital letters (``MessageRenderer/initials(_:)``).
    let initials: String
    /// The avatar's picture over the initials (the `avatar-image` template): the author's avatar
    /// when it is a local file the archive resolved (``MediaLinks/avatarSource(_:rootPath:)``),
    /// else empty and the initials show.
    let avatarImage: SafeHTML
    /// The name's colour class, empty when the author has no valid colour.
    let authorClass: String
    let name: String
    /// `BOT` for bots, else empty.
    let badge: String
    /// The `BOT` badge element and a space, for a bot; empty for a person.
    let botBadge: SafeHTML

    /// The header of `author` on the page `context` renders.
    init(_ author: Author, context: RenderContext) {
        let colorClass = ColorClasses.className(for: author.color)
        self.author = author
        authorID = author.id.rawValue
        avatarClass = colorClass ?? ColorClasses.paletteClass(for: author.id.rawValue)
        initials = MessageRenderer.initials(author.shownName)
        avatarImage =
            context.media.avatarSource(author.avatarURL, rootPath: context.rootPath).map {
                context.templates[.avatarImage].render(["src": .text($0)])
            } ?? .empty
        authorClass = colorClass ?? ""
        name = author.shownName
        badge = author.isBot ? "BOT" : ""
        var writer = HTMLWriter()
        if author.isBot {
            writer.open("span", [("class", .text("msg-badge"))])
            writer.text(badge)
            writer.close("span")
            writer.text(" ")
        }
        botBadge = writer.fragment
    }
}

/// Author headers by author id, each made once and reused while the author is the same: a cache
/// for the messages of one page, all rendered in the same context.
struct AuthorHeaders {
    private var headers: [AuthorID: AuthorHeader] = [:]

    /// The header of `author` on the page `context` renders (the same context at every call).
    /// - Complexity: O(1) amortized.
    mutating func header(_ author: Author, context: RenderContext) -> AuthorHeader {
        if let header = headers[author.id], header.author == author { return header }
        let header = AuthorHeader(author, context: context)
        headers[author.id] = header
        return header
    }
}
