/// Distinct strings numbered from 0 in the order first met, both ways: a temporary table keeps
/// the number of a string that repeats in many rows (a channel, a file) instead of its bytes.
struct Numbering {
    private var numbers: [String: Int64] = [:]
    private var names: [String] = []
    /// The name asked for last and its number: consecutive rows mostly share their channel and
    /// file, and `==` answers at once for the same string, where the table hashes it.
    private var last: (name: String, number: Int64)?

    /// The number of `name`, given it now when it is new.
    /// - Complexity: O(1) on average.
    mutating func number(of name: String) -> Int64 {
        if let last, last.name == name { return last.number }
        let number = numbers[name] ?? give(name)
        last = (name, number)
        return number
    }

    private mutating func give(_ name: String) -> Int64 {
        let number = Int64(names.count)
        numbers[name] = number
        names.append(name)
        return number
    }

    /// The string numbered `number` (empty for a number never given).
    func name(_ number: Int64) -> String { names.indices.contains(Int(number)) ? names[Int(number)] : "" }
}
