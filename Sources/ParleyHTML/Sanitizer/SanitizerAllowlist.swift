/// The elements ``HTMLSanitizer`` writes, and those it drops with their content.
enum SanitizerAllowlist {
    /// How an allowed element is written.
    struct Rule: Sendable {
        /// The element written (headings move down two levels, `strike` becomes `s`).
        let tag: StaticString
        let isVoid: Bool
        /// The written elements it may stand in directly; nil when anywhere.
        let parents: Set<String>?

        init(_ tag: StaticString, isVoid: Bool = false, parents: Set<String>? = nil) {
            self.tag = tag
            self.isVoid = isVoid
            self.parents = parents
        }

        var name: String { tag.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
    }

    static let elements: [String: Rule] = [
        "b": Rule("b"), "strong": Rule("strong"), "i": Rule("i"), "em": Rule("em"), "u": Rule("u"),
        "s": Rule("s"), "strike": Rule("s"), "del": Rule("del"), "code": Rule("code"), "pre": Rule("pre"),
        "blockquote": Rule("blockquote"), "p": Rule("p"), "div": Rule("div"), "span": Rule("span"),
        "sup": Rule("sup"), "sub": Rule("sub"), "ul": Rule("ul"), "ol": Rule("ol"), "a": Rule("a"),
        "br": Rule("br", isVoid: true), "hr": Rule("hr", isVoid: true), "img": Rule("img", isVoid: true),
        "li": Rule("li", parents: ["ul", "ol"]),
        "h1": Rule("h3"), "h2": Rule("h4"), "h3": Rule("h5"), "h4": Rule("h6"), "h5": Rule("h6"), "h6": Rule("h6"),
        "table": Rule("table"), "caption": Rule("caption", parents: ["table"]),
        "thead": Rule("thead", parents: ["table"]), "tbody": Rule("tbody", parents: ["table"]),
        "tr": Rule("tr", parents: ["thead", "tbody", "table"]),
        "th": Rule("th", parents: ["tr"]), "td": Rule("td", parents: ["tr"]),
    ]

    /// Dropped with everything inside: scripts, styles, embedded documents and plugins, form
    /// controls (a form itself is unwrapped), document-level elements, foreign content and Matrix
    /// reply fallbacks.
    static let dropped: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "template", "noscript",
        "noembed", "noframes", "textarea", "select", "option", "button", "input", "title", "head", "meta",
        "link", "base", "svg", "math", "mx-reply", "xmp", "plaintext", "canvas", "audio", "video", "source",
        "track", "map", "area", "param", "portal", "slot", "dialog",
    ]
}
