/// Compares a secret a client sent with the expected one in time that does not depend on where
/// they differ, so response timing reveals nothing about the secret's bytes.
enum SecretComparison {
    /// Whether `given` equals `expected`. O(n) in `expected`'s UTF-8 length whatever the bytes;
    /// only a length mismatch returns early (the length is not secret).
    static func matches(_ given: some StringProtocol, _ expected: String) -> Bool {
        let given = Array(given.utf8)
        let expected = Array(expected.utf8)
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(given, expected) { difference |= left ^ right }
        return difference == 0
    }
}
