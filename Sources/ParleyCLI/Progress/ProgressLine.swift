/// One state of `parley render`'s progress line, and its text: the phase, messages read, pages
/// written, the phase's rate and, where the phase's whole work is known, the time left.
///
/// `reading · 0 messages · 0:03` (an input's size unknown, or nothing read yet: elapsed time
/// only), `reading · 1,204 messages · 4.2 of 12.0 MB · 1.4 MB/s · ETA 0:06`,
/// `rendering · 12,000 messages · 40 pages · 1,204 msg/s · ETA 0:42`,
/// `writing · 12,000 messages · 41 pages · 0:01`. A rate is shown once something was done in
/// measurable time, an ETA when the rate is shown, the total known and the ETA under 100 hours;
/// without an ETA the line ends with the phase's elapsed time. No division by zero, no NaN.
struct ProgressLine: Equatable, Sendable {
    /// The phases of `parley render`, in order.
    enum Phase: String, Sendable {
        /// Reading, importing, merging and filtering the inputs; ``ProgressLine/done`` counts bytes.
        case reading
        /// Laying out, rendering and writing pages; ``ProgressLine/done`` counts messages.
        case rendering
        /// Listing the archive and swapping it in place of the previous one.
        case writing
    }

    var phase: Phase
    /// Messages read so far.
    var messages = 0
    /// Pages written so far.
    var pages = 0
    /// The phase's work done: bytes read while reading, messages rendered while rendering.
    var done = 0
    /// The phase's whole work in the unit of ``done``, when known.
    var total: Int?
    /// The time since the phase began.
    var elapsed: Duration = .zero

    /// The line, without a line break or terminal controls.
    var text: String {
        var parts = [phase.rawValue, Self.grouped(messages) + (messages == 1 ? " message" : " messages")]
        switch phase {
        case .reading:
            if let total { parts.append(Self.bytes(done, of: total)) }
        case .rendering, .writing:
            parts.append(Self.grouped(pages) + (pages == 1 ? " page" : " pages"))
        }
        let seconds = Self.seconds(elapsed)
        guard let rate else {
            return (parts + [Self.clock(Int(seconds))]).joined(separator: " · ")
        }
        parts.append(phase == .reading ? Self.byteRate(rate) : Self.decimal(rate) + " msg/s")
        if let total, total >= done, Double(total - done) / rate < 360_000 {
            parts.append("ETA " + Self.clock(Int((Double(total - done) / rate).rounded(.up))))
        } else {
            parts.append(Self.clock(Int(seconds)))
        }
        return parts.joined(separator: " · ")
    }

    /// The phase's work per second: nil while writing, before anything is done, at zero elapsed
    /// time, and when too large to print (no infinity).
    var rate: Double? {
        let seconds = Self.seconds(elapsed)
        guard phase != .writing, done > 0, seconds > 0 else { return nil }
        let rate = Double(done) / seconds
        return rate < 1e15 ? rate : nil
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// `1,204,000`: a count with a comma every three digits.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }

    /// `1,204` from 10 up, `4.5` below: a rate, rounded.
    static func decimal(_ value: Double) -> String {
        guard value < 10 else { return grouped(Int(value.rounded())) }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `0:42`, `12:03`, `1:02:03`.
    static func clock(_ totalSeconds: Int) -> String {
        let hours = totalSeconds / 3600, minutes = totalSeconds / 60 % 60, seconds = totalSeconds % 60
        let tail = (seconds < 10 ? "0" : "") + "\(seconds)"
        guard hours > 0 else { return "\(minutes):" + tail }
        return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + tail
    }

    /// `4.2 of 12.0 MB`: both sizes in the unit that fits `total` (decimal: kB, MB, GB).
    static func bytes(_ done: Int, of total: Int) -> String {
        let (divisor, unit) = unit(for: Double(total))
        guard divisor > 1 else { return "\(grouped(done)) of \(grouped(total)) B" }
        return "\(tenths(Double(done) / divisor)) of \(tenths(Double(total) / divisor)) \(unit)"
    }

    /// `1.4 MB/s`.
    static func byteRate(_ rate: Double) -> String {
        let (divisor, unit) = unit(for: rate)
        guard divisor > 1 else { return decimal(rate) + " B/s" }
        return "\(tenths(rate / divisor)) \(unit)/s"
    }

    private static func unit(for value: Double) -> (divisor: Double, unit: String) {
        if value >= 1e9 { return (1e9, "GB") }
        if value >= 1e6 { return (1e6, "MB") }
        if value >= 1e3 { return (1e3, "kB") }
        return (1, "B")
    }

    /// `12.0`, `1,204.5`: one decimal.
    private static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(grouped(tenths / 10)).\(tenths % 10)"
    }
}
