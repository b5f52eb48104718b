/// Small pieces of English used in pages and command output.
public enum Wording {
    /// `1 message`, `2 messages`: a count with its noun, plural by adding `s`.
    public static func count(_ value: Int, _ noun: String) -> String { value == 1 ? "1 \(noun)" : "\(value) \(noun)s" }
}
