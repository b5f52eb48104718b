import ParleyModel

/// What the first pass over a WhatsApp export decided, for the second to read its messages by.
struct WhatsAppChatPlan {
    /// The header shape that starts messages; lines of other shapes are continuation lines.
    var shape: WhatsAppHeader.Shape
    var order: DateOrder
    /// Names written before `: ` in the export's headers: its authors, which also claim a
    /// `Name:` with no space after the colon.
    var authors: Set<String>
    /// The person who exported the chat, when the export names exactly one: the author of its
    /// `You deleted this message` lines (``WhatsAppDeletedText``); nil otherwise.
    var exporter: String?
    /// Timestamps (milliseconds) met again after a later one, for ``SyntheticMessageID``; nil
    /// when not known (a header is no date in ``order``).
    var revisited: Set<Int64>?
    /// The date order's and AM/PM markers' diagnostics.
    var diagnostics: [Diagnostic]
}
