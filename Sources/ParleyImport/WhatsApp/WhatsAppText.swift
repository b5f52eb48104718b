import Foundation

/// The bytes of a chat export as UTF-8: UTF-16 exports (with a byte order mark) are converted;
/// a UTF-8 byte order mark is dropped.
enum WhatsAppText {
    static func utf8(_ data: Data) -> Data {
        let head = Array(data.prefix(3))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return data.dropFirst(3) }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            return String(data: data, encoding: .utf16).map { Data($0.utf8) } ?? data
        }
        return data
    }
}
