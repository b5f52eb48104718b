import Foundation

/// The text WhatsApp writes in place of a deleted message, under the name of the person who sent
/// it: `User A: This message was deleted` (Android), `[…] User A: ‎This message was deleted.`
/// (iOS, after a direction mark), and `You deleted this message` when the person who exported
/// the chat deleted it. Such a message is ``ParleyModel/Message/Kind/deleted``; the second form
/// also names the exporter (``WhatsAppChatPlan/exporter``).
///
/// Recognised, after any direction marks and with or without the final full stop, as the whole
/// text of a message: English, German, French, Dutch, Czech, Russian, Indonesian, Vietnamese, Thai
/// and Arabic (both forms) as the corpus's Android and iOS exports write them; Spanish, Portuguese
/// (Brazil) and Italian as WhatsApp's translations read, not checked against real exports.
enum WhatsAppDeletedText {
    /// What a message deleted by another person reads, per language.
    static let deletedByOthers: Set<String> = [
        "This message was deleted", "Diese Nachricht wurde gelöscht", "Ce message a été supprimé", "Данное сообщение удалено",
        "Pesan ini dihapus", "Tin nhắn này đã bị xóa", "ข้อความนี้ถูกลบแล้ว", "تم حذف هذه الرسالة",
        "Tato zpráva byla odstraněna",
        "Se eliminó este mensaje", "Esta mensagem foi apagada", "Questo messaggio è stato eliminato", "Dit bericht is verwijderd",
    ]

    /// What a message the exporter deleted reads, per language.
    static let deletedByExporter: Set<String> = [
        "You deleted this message", "Du hast diese Nachricht gelöscht", "Vous avez supprimé ce message", "Вы удалили данное сообщение",
        "Anda menghapus pesan ini", "Bạn đã xoá tin nhắn này", "คุณได้ลบข้อความนี้", "لقد حذَفت هذه الرسالة",
        "أنت حذفت هذه الرسالة", "Tuto zprávu jste odstranil/a", "U hebt dit bericht verwijderd",
        "Eliminaste este mensaje", "Você apagou esta mensagem", "Hai eliminato questo messaggio",
    ]

    /// Each marker's canonical decomposition (NFD) up to its first byte outside ASCII, at most 8
    /// bytes. A text canonically equivalent to a marker has that marker's decomposition, which
    /// begins with the text's own ASCII bytes before its first other one: an ASCII scalar
    /// decomposes to itself and, a starter, keeps its place. So its first ASCII bytes, as many as
    /// the head holds, begin one of these heads.
    static let decomposedHeads: [[UInt8]] = deletedByOthers.union(deletedByExporter).sorted().map {
        Array($0.decomposedStringWithCanonicalMapping.utf8.prefix { $0 < 0x80 }.prefix(headLength))
    }
    static let headLength = 8

    /// What `text` says, when it is a deletion marker: whether the exporter deleted the message.
    /// A text whose first ASCII bytes (after direction marks) begin no marker's decomposition is
    /// ruled out before it is copied and hashed (``mayBeMarker(_:)``: a non-ASCII text is
    /// normalized to be hashed; before the test by heads, the lookups took 2,200 instructions a
    /// text, twice per WhatsApp message, when the first letter was a marker's).
    /// - Returns: nil for any other text.
    /// - Complexity: O(length of `text`).
    static func marker(_ text: Substring) -> Marker? {
        var core = WhatsAppCharacters.dropLeadingMarks(text)
        guard mayBeMarker(core) else { return nil }
        if core.last == "." { core = core.dropLast() }
        guard core.utf8.count <= 64 else { return nil }
        let key = String(core)
        if deletedByOthers.contains(key) { return .byOthers }
        if deletedByExporter.contains(key) { return .byExporter }
        return nil
    }

    /// Whether `core`'s first ASCII bytes (up to ``headLength``, before any other byte) begin
    /// one of the ``decomposedHeads``: false rules out every marker.
    /// - Complexity: O(markers · ``headLength``).
    static func mayBeMarker(_ core: Substring) -> Bool {
        var core = core
        return core.withUTF8 { bytes in
            let ascii = bytes.prefix(headLength).prefix { $0 < 0x80 }
            return decomposedHeads.contains { $0.starts(with: ascii) }
        }
    }

    /// Who deleted a message, as its marker says.
    enum Marker {
        /// Another person: `This message was deleted`.
        case byOthers
        /// The person who exported the chat: `You deleted this message`.
        case byExporter
    }
}
