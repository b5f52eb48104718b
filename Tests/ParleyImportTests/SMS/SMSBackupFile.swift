import Foundation
import ParleyImport
import ParleyTestSupport

/// SMS Backup & Restore XML written the way the app writes it (attribute order, `null` values,
/// `readable_date`), for tests of one quirk each.
struct SMSBackupFile {
    private(set) var elements: [String] = []

    /// An `<sms>`: `type` 1 received, 2 sent.
    mutating func sms(_ address: String, at seconds: Int64, type: Int = 1, body: String, contact: String = "(Unknown)") {
        elements.append(
            "  <sms protocol=\"0\" address=\"\(address)\" date=\"\(seconds * 1000)\" type=\"\(type)\" subject=\"null\" body=\"\(body)\" "
                + "toa=\"null\" sc_toa=\"null\" service_center=\"null\" read=\"1\" status=\"-1\" locked=\"0\" date_sent=\"0\" "
                + "sub_id=\"-1\" readable_date=\"Mar 1, 2024 10:00:00 AM\" contact_name=\"\(contact)\" />")
    }

    /// An `<mms>` to the `~`-joined `address` from `from` (the `<addr type="137">`), with a text part and `parts` more.
    mutating func mms(
        _ address: String, from: String, at seconds: Int64, box: Int = 1, text: String, contact: String = "(Unknown)",
        parts: [String] = []
    ) {
        let recipients = address.split(separator: "~").map { "      <addr address=\"\($0)\" type=\"151\" charset=\"106\" />" }
        elements.append(
            "  <mms date=\"\(seconds * 1000)\" ct_t=\"application/vnd.wap.multipart.related\" msg_box=\"\(box)\" rr=\"null\" "
                + "sub=\"null\" read_status=\"null\" address=\"\(address)\" m_id=\"null\" read=\"1\" m_size=\"null\" m_type=\"132\" "
                + "sim_slot=\"0\" readable_date=\"Mar 1, 2024 10:00:00 AM\" contact_name=\"\(contact)\">\n    <parts>\n"
                + "      <part seq=\"0\" ct=\"text/plain\" name=\"null\" chset=\"106\" cd=\"null\" fn=\"null\" cid=\"&lt;text_0&gt;\" "
                + "cl=\"text_0.txt\" ctt_s=\"null\" ctt_t=\"null\" text=\"\(text)\" />\n"
                + parts.map { $0 + "\n" }.joined()
                + "    </parts>\n    <addrs>\n      <addr address=\"\(from)\" type=\"137\" charset=\"106\" />\n"
                + recipients.joined(separator: "\n") + "\n    </addrs>\n  </mms>")
    }

    /// An element written as given (indented), for a backup the app would not write.
    mutating func element(_ xml: String) { elements.append("  " + xml) }

    /// A `<part>` of an MMS with inline base64 `data`.
    static func part(_ contentType: String, name: String, data: String) -> String {
        "      <part seq=\"1\" ct=\"\(contentType)\" name=\"\(name)\" chset=\"null\" cd=\"null\" fn=\"null\" cid=\"&lt;\(name)&gt;\" "
            + "cl=\"\(name)\" ctt_s=\"null\" ctt_t=\"null\" text=\"null\" data=\"\(data)\" />"
    }

    /// The whole backup, its `count` the number of messages.
    var text: String {
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n"
            + "<!--File Created By SMS Backup & Restore v10.20.002 on 01/03/2024 10:00:00-->\n"
            + "<?xml-stylesheet type=\"text/xsl\" href=\"sms.xsl\"?>\n"
            + "<smses count=\"\(elements.count)\" backup_set=\"7f8a9b0c\" backup_date=\"1709287200000\" type=\"full\">\n"
            + elements.joined(separator: "\n") + "\n</smses>\n"
    }

    /// Writes the backup to a new temporary folder; returns its path.
    func write(name: String = "sms-20240301100000.xml") throws -> String {
        let url = TestPaths.temporaryFolder().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Reads the backup whole, as `convert` does.
    func read(_ options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try TranscriptReader().read(contentsOf: try write(), options: options)
    }
}
