import ParleyTestSupport

/// Writes a record's ``JSONTree`` again as other valid JSON of the same value, the way no writer
/// of Parley's does but any client may: members in random order, unknown members (nested objects,
/// arrays, strings, numbers, booleans, `null`) among them, white space between any two tokens,
/// and string characters escaped at random (`\uXXXX` in either case, surrogate pairs, `\/`).
///
/// Keys are written as they are: a key with an escape is left to `JSONDecoder` by the reader's
/// fast path, and these records are meant for the fast path.
struct RecordScrambler {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// `tree` as scrambled JSON text.
    mutating func text(of tree: JSONTree) -> [UInt8] {
        var bytes: [UInt8] = []
        space(&bytes)
        write(tree, to: &bytes)
        space(&bytes)
        return bytes
    }

    private mutating func write(_ tree: JSONTree, to bytes: inout [UInt8]) {
        switch tree {
        case let .object(members):
            var entries = members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            for index in 0..<random.below(3) { entries.append(("unknown\(index)", junk(depth: 0))) }
            entries.shuffle(using: &random)
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, value)) in entries.enumerated() {
                if index > 0 { token(",", &bytes) }
                space(&bytes)
                bytes.append(UInt8(ascii: "\""))
                bytes += Array(key.utf8)
                bytes.append(UInt8(ascii: "\""))
                token(":", &bytes)
                space(&bytes)
                write(value, to: &bytes)
                space(&bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        case let .array(elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { token(",", &bytes) }
                space(&bytes)
                write(element, to: &bytes)
                space(&bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case let .string(string): write(string, to: &bytes)
        case let .integer(integer): bytes += Array(String(integer).utf8)
        case let .bool(bool): bytes += Array((bool ? "true" : "false").utf8)
        case .null: bytes += Array("null".utf8)
        }
    }

    /// A value under an unknown key: JSON of every kind, nested at most three deep.
    private mutating func junk(depth: Int) -> JSONTree {
        switch random.below(depth < 3 ? 7 : 5) {
        case 0: return .string(["", "x", "\"\\/\n", "😀é\u{2028}"][random.below(4)])
        case 1: return .integer([0, -1, 42, Int.min, Int.max][random.below(5)])
        case 2: return .bool(random.chance(50))
        case 3: return .null
        case 4: return .string("junk")
        case 5: return .array((0..<random.below(3)).map { _ in junk(depth: depth + 1) })
        default:
            return .object(Dictionary(uniqueKeysWithValues: (0..<random.below(3)).map { ("k\($0)", junk(depth: depth + 1)) }))
        }
    }

    /// A string with each scalar as it is or escaped (always when JSON requires it).
    private mutating func write(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in string.unicodeScalars {
            let short: String? =
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "/": "\\/"
                case "\u{8}": "\\b"
                case "\u{C}": "\\f"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                default: nil
                }
            let required = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            if !required, random.below(4) > 0 {
                bytes += Array(String(scalar).utf8)
            } else if let short, random.chance(50) {
                bytes += Array(short.utf8)
            } else {
                for unit in String(scalar).utf16 { bytes += Array(hexEscape(unit).utf8) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\uXXXX` with upper- or lower-case digits.
    private mutating func hexEscape(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: random.chance(50))
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Appends `token`, with white space before it now and then.
    private mutating func token(_ token: Character, _ bytes: inout [UInt8]) {
        space(&bytes)
        bytes.append(token.asciiValue ?? 0)
    }

    /// Zero to two JSON white space characters.
    private mutating func space(_ bytes: inout [UInt8]) {
        for _ in 0..<random.below(3) { bytes.append([0x20, 0x09, 0x0A, 0x0D][random.below(4)]) }
    }
}
