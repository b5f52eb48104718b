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

    /// The first scalar of each marker's canonical decomposition (NFD). A text canonically
    /// equivalent to a marker that begins with an ASCII scalar begins with one of these: an ASCII
    /// scalar decomposes to itself and, a starter, stays first.
    static let decomposedFirstScalars: Set<UInt32> = Set(
        deletedByOthers.union(deletedByExporter).compactMap { $0.decomposedStringWithCanonicalMapping.unicodeScalars.first?.value })

    /// What `text` says, when it is a deletion marker: whether the exporter deleted the message.
    /// A text that begins (after direction marks) with an ASCII scalar no marker begins with is
    /// ruled out before it is hashed (a non-ASCII text is normalized to be hashed: 5,000
    /// instructions a message, twice per WhatsApp message, before this).
    /// - Returns: nil for any other text.
    /// - Complexity: O(length of `text`).
    static func marker(_ text: Substring) -> Marker? {
        var core = WhatsAppCharacters.dropLeadingMarks(text)
        if let first = core.unicodeScalars.first, first.isASCII, !decomposedFirstScalars.contains(first.value) { return nil }
        if core.last == "." { core = core.dropLast() }
        guard core.utf8.count <= 64 else { return nil }
        let key = String(core)
        if deletedByOthers.contains(key) { return .byOthers }
        if deletedByExporter.contains(key) { return .byExporter }
        return nil
    }

    /// Who deleted a message, as its marker says.
    enum Marker {
        /// Another person: `This message was deleted`.
        case byOthers
        /// The person who exported the chat: `You deleted this message`.
        case byExporter
    }
}
