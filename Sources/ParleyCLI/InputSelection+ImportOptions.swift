import ParleyImport
import ParleyPhone

extension InputSelection {
    /// `--me NAME`, `--date-order dmy|mdy|ymd`, `--phone-region CODE`, `--max-entry-size SIZE` and `--max-zip-ratio N`.
    /// - Throws: ``CommandFailure`` with ``ExitCode/usage`` naming the flag and the value it refuses.
    static func importOptions(_ parsed: OptionParser.Result) throws(CommandFailure) -> ImportOptions {
        var options = ImportOptions(me: parsed.value("me"))
        if let text = parsed.value("date-order") {
            guard let order = DateOrder(rawValue: text) else {
                throw CommandFailure(.usage, "--date-order: expected dmy, mdy or ymd, got '\(text)'")
            }
            options.dateOrder = order
        }
        if let text = parsed.value("phone-region") {
            guard let region = PhoneRegion(text) else {
                throw CommandFailure(.usage, "--phone-region: expected a two-letter country code such as US or DE, got '\(text)'")
            }
            options.phoneRegion = region
        }
        if let text = parsed.value("max-entry-size") {
            guard let bytes = byteCount(text) else {
                throw CommandFailure(
                    .usage, "--max-entry-size: expected a size above 0 in bytes or with K, M or G (such as 512M), got '\(text)'")
            }
            options.maxEntryBytes = bytes
        }
        if let text = parsed.value("max-zip-ratio") {
            guard let ratio = Int64(text), ratio > 0 else {
                throw CommandFailure(.usage, "--max-zip-ratio: expected a whole number above 0, got '\(text)'")
            }
            options.maxZipRatio = ratio
        }
        return options
    }

    /// `text` as a byte count: digits, optionally followed by `K`, `M` or `G` (KiB, MiB, GiB);
    /// nil when it is not such a size, is 0 or does not fit in 64 bits.
    static func byteCount(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let unit = text.last.flatMap { units[Character($0.uppercased())] }
        guard let number = Int64(unit == nil ? text : String(text.dropLast())), number > 0 else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: unit ?? 1)
        return overflow ? nil : bytes
    }

    /// 66 (no input) for an input that cannot be read, else 65 (bad data).
    static func exitCode(for error: ImportError) -> ExitCode {
        if case .unreadable = error { return .noInput }
        return .dataError
    }
}
