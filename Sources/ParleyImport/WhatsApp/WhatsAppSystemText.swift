import Foundation

/// System lines that WhatsApp writes with a name before `: `, as if someone sent them.
///
/// Android writes most system lines without a name (`18/03/2022, 14:56 - Alice added Bob`), and
/// those have no author anyway. iOS, and Android before 2017, put the chat's or the contact's name
/// first: `[3/18/22, 14:56:01] User B: ‎Messages and calls are end-to-end encrypted. …`,
/// `[1/7/23, 23:32:30] User B: ‎‎Your security code with User B changed.`,
/// `[5/2/23, 10:00:00] Family: ‎Ana added Bo`. Such a line is a system message, not a message
/// of that name.
///
/// Recognised, after the name and any direction marks:
/// - the end-to-end encryption notice, in the languages below, and its older English forms
///   (`Messages to this group are now secured with end-to-end encryption.`);
/// - a security-code change (English, German, French, Spanish, Portuguese, Italian, Dutch, Russian);
/// - on iOS, where a system text starts with a direction mark (U+200E/U+200F), the English
///   group events of ``WhatsAppMessageAssembler/systemKind(_:)`` and `created group`.
///
/// The encryption notice is known in English, German, French, Spanish, Portuguese (Brazil and
/// Portugal), Italian, Dutch, Russian, Turkish, Arabic, Thai, Vietnamese and Indonesian: the
/// English, German, French, Russian, Arabic, Thai, Vietnamese and Indonesian forms as the corpus's
/// exports write them, the others as WhatsApp parsers that met real exports match them. A system
/// line in another language keeps the name before it as its author.
enum WhatsAppSystemText {
    /// How the encryption notice starts, per language.
    static let encryptionNotices = [
        "Messages and calls are end-to-end encrypted",
        "Messages to this group are now secured with end-to-end encryption",
        "Messages you send to this group are now secured with end-to-end encryption",
        "Messages to this chat and calls are now secured with end-to-end encryption",
        "Messages you send to this chat and calls are now secured with end-to-end encryption",
        "Nachrichten und Anrufe sind Ende-zu-Ende-verschlüsselt",
        "Les messages et les appels sont chiffrés de bout en bout",
        "Los mensajes y las llamadas están cifrados de extremo a extremo",
        "As mensagens e as chamadas são protegidas com a criptografia de ponta a ponta",
        "As mensagens e as ligações são criptografadas de ponta a ponta",
        "As mensagens e chamadas são encriptadas ponto a ponto",
        "I messaggi e le chiamate sono crittografati end-to-end",
        "Berichten en gesprekken worden end-to-end versleuteld",
        "Сообщения и звонки защищены сквозным шифрованием",
        "Mesajlar ve aramalar uçtan uca şifrelidir",
        "الرسائل والمكالمات مشفرة تمامًا بين الطرفين",
        "ข้อความและการโทรได้รับการเข้ารหัสจากต้นทางถึงปลายทาง",
        "Tin nhắn và cuộc gọi được mã hóa đầu cuối",
        "Pesan dan panggilan terenkripsi secara end-to-end",
    ]

    /// How a security-code change starts, per language (the contact's name follows).
    static let securityCodeChanges = [
        "Your security code with ",
        "Dein Sicherheitscode mit ",
        "Dein Sicherheitscode für ",
        "Votre code de sécurité avec ",
        "Ton code de sécurité avec ",
        "Tu código de seguridad con ",
        "Cambió tu código de seguridad con ",
        "Seu código de segurança com ",
        "O teu código de segurança com ",
        "Il tuo codice di sicurezza con ",
        "Je beveiligingscode met ",
        "Ваш код безопасности для ",
    ]

    /// Whether `text`, what follows `Name: ` on a header line, is a system line.
    static func isSystem(_ text: Substring) -> Bool {
        let trimmed = WhatsAppCharacters.dropLeadingMarks(text)
        let candidates: [Int]
        if let byte = trimmed.utf8.first {
            // Every prefix begins with a letter, and no scalar but a letter decomposes to one
            // (checked for every scalar of Unicode 14): a text beginning with an emoji, a symbol,
            // a mark or a digit has none of them, without comparing it with each (a hasPrefix call
            // each, thirty-one of them, for every message that begins with an emoji).
            candidates = byte >= 0x80 && trimmed.unicodeScalars.first.map(Self.isLetter) == false ? [] : candidatesByFirstByte[Int(byte)]
        } else {
            candidates = Array(prefixes.indices)
        }
        if candidates.contains(where: { startsWith(trimmed, prefixes[$0]) }) { return true }
        guard let first = text.unicodeScalars.first, WhatsAppCharacters.isDirectionMark(first) else { return false }
        let cleaned = WhatsAppCharacters.clean(trimmed)
        return WhatsAppCharacters.contains(cleaned, " created group ") || cleaned.hasPrefix("You created group ")
            || WhatsAppMessageAssembler.systemKind(cleaned) != .system
    }

    /// Whether `scalar` is a letter (general category L*: upper, lower, title, modifier, other).
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    /// A text a system line may start with, and whether its first scalar's canonical
    /// decomposition starts with an ASCII scalar (`É` does, `С` does not).
    struct Prefix {
        let text: String
        let mayStartASCII: Bool

        init(_ text: String) {
            self.text = text
            mayStartASCII = text.unicodeScalars.first.map { String($0).decomposedStringWithCanonicalMapping.utf8.first ?? 0 < 0x80 } ?? true
        }
    }

    /// The encryption notices, then the security-code changes.
    static let prefixes = (encryptionNotices + securityCodeChanges).map(Prefix.init)

    /// For each first byte of a text, the indices of the prefixes it may start with: after an
    /// ASCII byte, those that start with it and those whose first scalar may decompose to an
    /// ASCII one (``startsWith(_:_:)`` rules the others out at that byte); after any other, all.
    static let candidatesByFirstByte: [[Int]] = (0...255).map { byte in
        prefixes.indices.filter { index in
            let first = prefixes[index].text.utf8.first ?? 0
            return byte >= 0x80 || first == byte || (first >= 0x80 && prefixes[index].mayStartASCII)
        }
    }

    /// Whether a scalar outside ASCII has the canonical decomposition `byte` (ASCII) alone:
    /// U+212A KELVIN SIGN is K, U+1FEF GREEK VARIA is `, U+037E GREEK QUESTION MARK is ; (Unicode's
    /// canonical singletons; SystemTextTests checks every scalar).
    static func hasASCIISingleton(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "K") || byte == UInt8(ascii: "`") || byte == UInt8(ascii: ";")
    }

    /// `text.hasPrefix(prefix.text)` (characters compared under canonical equivalence), answered
    /// from the bytes where the two first differ when that is decisive: there, the canonical
    /// decompositions of the two differ too, so `text` lacks the prefix, when the byte is ASCII in
    /// both (an ASCII scalar is its own decomposition and a starter: no mark is reordered before
    /// it), or when it is the first byte, ASCII in `text` and not in a prefix whose first scalar
    /// does not decompose to an ASCII one (a line in Latin script against the Russian, Arabic and
    /// Thai notices). Most lines are decided at their first or second byte.
    ///
    /// Where `text` has a scalar outside ASCII and the prefix an ASCII character standing alone
    /// (the end or another ASCII byte after it), `text` lacks the prefix too: that scalar either
    /// extends the character before it, which the prefix's does not, or starts a character whose
    /// decomposition is that one ASCII scalar, which only the singletons K (U+212A), ` (U+1FEF)
    /// and ; (U+037E) do (``hasASCIISingleton(_:)``). Measured on a generated WhatsApp chat, half
    /// the lines, those with a name such as `Søren` after a prefix's first letters, went to
    /// `hasPrefix` before: 1,900 instructions each, twice per message.
    /// - Complexity: O(1) for such a line; else that of `hasPrefix`.
    static func startsWith(_ text: Substring, _ prefix: Prefix) -> Bool {
        var text = text, expected = prefix.text
        let decided: Bool? = text.withUTF8 { text in
            expected.withUTF8 { expected in
                for (index, (byte, wanted)) in zip(text, expected).enumerated() where byte != wanted {
                    guard byte < 0x80 else {
                        let alone = index + 1 == expected.count || expected[index + 1] < 0x80
                        return wanted < 0x80 && alone && !Self.hasASCIISingleton(wanted) ? false : nil
                    }
                    return wanted < 0x80 || (index == 0 && !prefix.mayStartASCII) ? false : nil
                }
                return nil
            }
        }
        return decided ?? text.hasPrefix(prefix.text)
    }
}
