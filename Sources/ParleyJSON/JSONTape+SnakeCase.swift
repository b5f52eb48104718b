import Glibc

extension JSONTape {
    /// The value node of the last member of object node `object` whose key matches `key` under
    /// `keys`: equal as written (`.useDefaultKeys`, as ``member(_:of:)`` finds it), or equal once
    /// both are converted from snake case by JSONDecoder's rule (`.convertFromSnakeCase`: `thread_ts`,
    /// `threadTs` and `THREAD__TS` all match `thread_ts`), as ``JSONValueDecoder`` finds a coding
    /// key among converted keys. Nil when none matches.
    /// - Complexity: O(members); a member's key without an underscore is compared by length and
    ///   bytes, one with an underscore converted as it is compared, stopping at the first
    ///   difference (an ASCII key without allocating).
    public func member(_ key: String, of object: Int, keys: JSONValueDecoder.KeyStrategy) -> Int? {
        guard case .convertFromSnakeCase = keys else { return member(key, of: object) }
        var name = key
        return name.withUTF8 { name in
            // A name without an underscore is its own conversion; an ASCII one is converted on
            // the stack.
            guard name.contains(UInt8(ascii: "_")) else { return lastMember(of: object, convertingTo: name) }
            guard name.allSatisfy({ $0 < 0x80 }) else {
                var converted = JSONKeyedContainer<JSONCodingKey>.camelCase(key)
                return converted.withUTF8 { lastMember(of: object, convertingTo: $0) }
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count) { buffer in
                var count = 0
                JSONKeyedContainer<JSONCodingKey>.asciiCamelCase(name) { byte in
                    buffer[count] = byte
                    count += 1
                    return true
                }
                return lastMember(of: object, convertingTo: UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }

    /// The value node of the last member of object node `object` whose key converts from snake
    /// case to `target`.
    private func lastMember(of object: Int, convertingTo target: UnsafeBufferPointer<UInt8>) -> Int? {
        lastMember(of: object) { written in
            // Most keys differ at their first byte, which the conversion keeps or, for a letter,
            // changes in case alone (an underscore stays, an ASCII byte stays ASCII).
            if let first = written.first, let wanted = target.first, first < 0x80, wanted < 0x80 {
                let isLetter = (0x61...0x7A).contains(first | 0x20)
                guard isLetter ? first | 0x20 == wanted | 0x20 : first == wanted else { return false }
            }
            return Self.snakeCaseKey(written, convertsTo: target)
        }
    }

    /// Whether `key` converted from snake case (``JSONKeyedContainer/camelCase(_:)``) is `target`.
    static func snakeCaseKey(_ key: UnsafeBufferPointer<UInt8>, convertsTo target: UnsafeBufferPointer<UInt8>) -> Bool {
        let underscore = UInt8(ascii: "_")
        guard key.contains(underscore) else {
            return key.count == target.count && (key.isEmpty || memcmp(key.baseAddress!, target.baseAddress!, key.count) == 0)
        }
        guard key.allSatisfy({ $0 < 0x80 }) else {
            var converted = JSONKeyedContainer<JSONCodingKey>.camelCase(String(decoding: key, as: UTF8.self))
            return converted.withUTF8 { $0.elementsEqual(target) }
        }
        var written = 0
        let whole = JSONKeyedContainer<JSONCodingKey>.asciiCamelCase(key) { byte in
            guard written < target.count, target[written] == byte else { return false }
            written += 1
            return true
        }
        return whole && written == target.count
    }
}
