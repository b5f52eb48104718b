/// WhatsApp's special inline constructs: ```` ```monospace``` ```` and `` `inline code` `` on one
/// line, and bare links.
extension InlineScanner {
    mutating func whatsAppSpecial(at index: Int, in range: Range<Int>) -> (Inline, Int)? {
        switch codes[index] {
        case UInt8(ascii: "`"):
            if matches("```", at: index, end: range.upperBound) {
                let lineEnd = min(range.upperBound, nextNewline(from: index))
                var close = index + 3
                while close + 3 <= lineEnd, !matches("```", at: close, end: lineEnd) { close += 1 }
                guard close + 3 <= lineEnd, close > index + 3 else { return (.text("```"), index + 3) }
                return (.code(string((index + 3)..<close)), close + 3)
            }
            guard let close = find(UInt8(ascii: "`"), from: index + 1, end: range.upperBound), close > index + 1 else { return nil }
            return (.code(string((index + 1)..<close)), close + 1)
        case UInt8(ascii: "h"), UInt8(ascii: "H"): return autolink(at: index, in: range)
        default: return nil
        }
    }
}
