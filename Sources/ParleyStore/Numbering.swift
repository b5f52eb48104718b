/// Distinct strings numbered from 0 in the order first met, both ways: a temporary table keeps
/// the number of a string that repeats in many rows (a channel, a file) instead of its bytes.
struct Numbering {
    private var numbers: [String: Int64] = [:]
    private var names: [String] = []

    /// The number of `name`, given it now when it is new.
    /// - Complexity: O(1) on average.
    mutating func number(of name: String) -> Int64 {
        if let number = numbers[name] { return number }
        let number = Int64(names.count)
        numbers[name] = number
        names.append(name)
        return number
    }

    /// The string numbered `number` (empty for a number never given).
    func name(_ number: Int64) -> String { names.indices.contains(Int(number)) ? names[Int(number)] : "" }
}
