/// One entry of a ChatGPT message's `metadata.content_references` (exports since 2024): what a
/// marker in the message's text stands for. `matched_text` is the marker exactly as the text holds
/// it (`\u{E200}cite\u{E202}turn0search3\u{E201}`, `\u{E203}`, or a space for `sources_footnote`),
/// `type` its kind (`grouped_webpages`, `hidden`, `entity`, `image_v2`, …), `items` the pages it
/// cites, `alt` the Markdown ChatGPT shows for it where it gives one.
///
/// Every field is read leniently (a value of another type reads as absent), so an odd reference
/// never costs its message: its marker is then dropped like an unknown one.
struct ChatGPTContentReference: Decodable {
    /// A cited page: its `title`, `url` and `attribution` (the site's name on ChatGPT's chip).
    struct Item: Decodable {
        enum CodingKeys: String, CodingKey { case title, url, attribution }

        var title: String?
        var url: String?
        var attribution: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = container.lenient(.title)
            url = container.lenient(.url)
            attribution = container.lenient(.attribution)
        }
    }

    enum CodingKeys: String, CodingKey { case matched_text, type, alt, items }

    var matchedText: String?
    var type: String?
    var alt: String?
    var items: [Item]

    /// Reads a reference object; throws only when the value is no object.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        matchedText = container.lenient(.matched_text)
        type = container.lenient(.type)
        alt = container.lenient(.alt)
        items = (container.lenient(.items) as LenientList<Item>?)?.elements ?? []
    }
}
