/// One entry of a ChatGPT message's `metadata.citations`, the older (2023–2024, `tether_og`)
/// form of sources: the text holds a marker such as `【11†source】` or `【3†(Wikipedia)】`,
/// `start_ix` and `end_ix` give its place (Unicode scalars from the start of the text), and
/// `metadata` names the page (`title`, `url`) and, in `extra.cited_message_idx`, the number the
/// marker begins with.
///
/// Every field is read leniently (a value of another type reads as absent), so an odd citation
/// never costs its message.
struct ChatGPTCitation: Decodable {
    enum CodingKeys: String, CodingKey { case start_ix, end_ix, metadata }
    enum MetadataKeys: String, CodingKey { case extra }
    enum ExtraKeys: String, CodingKey { case cited_message_idx }

    var start: Int?
    var end: Int?
    /// The cited page: `metadata`'s `title` and `url`.
    var page: ChatGPTContentReference.Item?
    /// `metadata.extra.cited_message_idx`: the number before `†` in the marker it stands for.
    var citedIndex: Int?

    /// Reads a citation object; throws only when the value is no object.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = container.lenient(.start_ix)
        end = container.lenient(.end_ix)
        page = container.lenient(.metadata)
        let extra = try? container.nestedContainer(keyedBy: MetadataKeys.self, forKey: .metadata)
            .nestedContainer(keyedBy: ExtraKeys.self, forKey: .extra)
        citedIndex = extra?.lenient(.cited_message_idx)
    }
}
