import ParleyXML

/// Makes HTML from input safe to insert: parses it with libxml2 and writes back only allowed
/// elements and attributes, through ``HTMLWriter``, so every text and value is escaped anew.
///
/// Allowed are the formatting elements of Matrix's `formatted_body` list (the Matrix
/// client-server spec, "m.room.message msgtypes"): `b strong i em u s del strike code pre
/// blockquote p br hr div span sup sub ul ol li a h1–h6 table thead tbody tr th td caption img`.
/// Headings move down two levels (`h1` → `h3`) under the page's own. Links keep an absolute
/// `http`, `https` or `mailto` `href`; images an `http(s)` `src`, `alt` and numeric size, and load
/// lazily; `ol` keeps a numeric `start`; `code` a `language-…` class; Matrix spoilers
/// (`data-mx-spoiler`) become the `spoiler` class. No `style`, no event handler, no other
/// attribute survives. Script-like and embedding elements (`script`, `style`, `iframe`, `object`,
/// `svg`, `math`, form controls, Matrix's `mx-reply` fallback, …) are dropped with their content;
/// any other element is unwrapped (its content kept). List items, rows and cells outside their
/// containers are unwrapped too, so browsers build the same tree the sanitizer wrote.
public enum HTMLSanitizer {
    /// Elements deeper than this are flattened to their text.
    public static let maximumDepth = 64

    /// The sanitized fragment of `html`.
    /// - Complexity: O(n) in the input's length.
    public static func sanitize(_ html: String) -> SafeHTML {
        var walker = SanitizingWalker()
        walker.walk(parse(html), depth: 0)
        return walker.writer.fragment
    }

    /// The text of `html` without markup (for excerpts): dropped elements left out, breaks and
    /// block ends read as spaces, runs of white space collapsed.
    public static func plainText(_ html: String) -> String {
        var walker = SanitizingWalker()
        walker.collectText(parse(html))
        return walker.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The nodes of `html` parsed as a fragment; none when libxml2 returns no document.
    private static func parse(_ html: String) -> [MarkupNode] {
        do throws(MarkupError) {
            return try MarkupParser.parseFragment(Array(html.utf8))
        } catch {
            return []
        }
    }
}
