import Foundation

/// Splits text into the terms of an archive's search index, exactly as `public/search.js` does in
/// the browser (`ParleySearch.tokenize`): the index is built here and queried there, so a term
/// must come out the same on both sides. `Tests/ParleyTestSupport/Fixtures/search-tokens.json` holds the vectors both
/// test suites check.
///
/// The steps, over Unicode scalars:
/// 1. **Fold.** Compatibility decomposition (NFKD: `ﬁ` → `fi`, full-width → ASCII, `İ` → `I` +
///    U+0307), then the diacritics are dropped — the combining marks of U+0300–U+036F, U+1AB0–U+1AFF,
///    U+1DC0–U+1DFF, U+20D0–U+20EF, U+FE20–U+FE2F, the Arabic harakat U+064B–U+065F and U+0670,
///    and the variation selectors U+FE0E–U+FE0F — then composed again (NFC: Hangul syllables are
///    whole), lower case (Unicode's default mapping, not a locale's), and `ß` → `ss`, `ς` → `σ`. Marks other scripts need to spell (Thai
///    vowels and tones, Devanagari signs) stay.
/// 2. **Split.** A term is a run of letters, digits and remaining marks (general categories L,
///    N, M); anything else separates terms (`don't` is `don`, `t`; `e-mail` is `e`, `mail`).
/// 3. **Scripts without spaces.** Han, Hiragana, Katakana, Thai, Lao, Khmer and Myanmar
///    (fixed code point ranges) are written without spaces between words, so a run of them
///    becomes its overlapping pairs of scalars (`東京都` → `東京`, `京都`); a lone one is a term.
/// 4. **Emoji.** Each emoji is a term of its own, whatever touches it: an emoji scalar (the
///    Emoji property, above ASCII, not a letter such as `ℹ`) with what modifies it — skin tones (U+1F3FB–U+1F3FF) are
///    dropped so 👍🏽 is found by 👍, tag characters kept (subdivision flags) — and the emoji
///    joined to it by U+200D (a ZWJ sequence such as 👩‍💻 is one term); two regional indicators
///    (a flag) are one term.
///
/// No stemming: `running` does not find `run` (prefix search on the last word typed covers much
/// of it).
/// - Complexity: O(n) in the text's scalars.
public enum SearchTokenizer {
    /// The terms of `text`, in order (repeats included).
    ///
    /// Read from the text's UTF-8 bytes a chunk at a time: the chunks are cut at ASCII characters
    /// that are not letters or digits. Such a character separates terms and is folded alone (see
    /// ``fold(_:)``), and no emoji sequence continues across it, so each chunk gives the terms it
    /// gives inside the whole text. An all-ASCII chunk is one term, lowered, with no scalar
    /// decoded; the others go through the steps above (most of a chat's words are ASCII).
    /// - Complexity: O(n) in the text's bytes.
    public static func terms(_ text: String) -> [String] {
        var cache = FoldCache(capacity: 0)
        return terms(text, cache: &cache)
    }

    /// The terms of `text`, as ``terms(_:)`` gives them, with the folds of its non-ASCII segments
    /// looked up in and added to `cache`: for a caller tokenizing many texts, which repeat words.
    /// - Complexity: O(n) in the text's bytes.
    public static func terms(_ text: String, cache: inout FoldCache) -> [String] {
        var terms: [String] = []
        append(termsOf: text, cache: &cache, to: &terms)
        return terms
    }

    /// Appends the terms of `text`, as ``terms(_:cache:)`` gives them, to `terms`: for a caller
    /// gathering the terms of several texts into one array.
    /// - Complexity: O(n) in the text's bytes.
    public static func append(termsOf text: String, cache: inout FoldCache, to terms: inout [String]) {
        let read: Void? = text.utf8.withContiguousStorageIfAvailable { append(utf8: $0, cache: &cache, to: &terms) }
        if read == nil { terms += unicodeTerms(text, cache: &cache) }
    }

    /// Step 1's results for the non-ASCII segments already met (``fold(_:cache:)``), at most
    /// `capacity` of them (the cache starts over when full). Folding such a segment goes through
    /// Foundation's normalizations, the costliest part of tokenizing; a chat repeats its words.
    ///
    /// It also keeps the terms of the non-ASCII chunks met (``terms(ofChunk:)``), at most
    /// `capacity` of them: a chunk's terms are a function of its text alone.
    public struct FoldCache: Sendable {
        let capacity: Int
        var folded: [String: [Unicode.Scalar]] = [:]
        var chunkTerms: [String: [String]] = [:]
        /// The longest chunk whose terms are kept, in bytes (a word, not a run of text without spaces).
        static let longestKeptChunk = 64

        /// A cache of at most `capacity` segments (0: nothing is kept).
        public init(capacity: Int = 4096) { self.capacity = capacity }

        /// The terms of the non-ASCII chunk `chunk` (``unicodeTerms(_:cache:)``), looked up when the
        /// same chunk was met before: finding them costs more than a look-up, and a chat repeats
        /// its words.
        mutating func terms(ofChunk chunk: String) -> [String] {
            guard capacity > 0, chunk.utf8.count <= Self.longestKeptChunk else { return SearchTokenizer.unicodeTerms(chunk, cache: &self) }
            if let known = chunkTerms[chunk] { return known }
            let terms = SearchTokenizer.unicodeTerms(chunk, cache: &self)
            if chunkTerms.count >= capacity { chunkTerms.removeAll(keepingCapacity: true) }
            chunkTerms[chunk] = terms
            return terms
        }

        /// Step 1 of the non-ASCII `segment`, appended to `result`.
        mutating func fold(_ segment: String, into result: inout [Unicode.Scalar]) {
            guard capacity > 0 else { return foldUnicode(segment, into: &result) }
            if let known = folded[segment] { return result += known }
            var scalars: [Unicode.Scalar] = []
            foldUnicode(segment, into: &scalars)
            if folded.count >= capacity { folded.removeAll(keepingCapacity: true) }
            folded[segment] = scalars
            result += scalars
        }
    }

    /// Appends the terms of the UTF-8 text `bytes` to `terms` (``terms(_:)``), with room made
    /// for a word in every four bytes (a chat's words and the spaces between them are longer),
    /// at least doubling the room, so that appending many texts stays linear.
    static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, cache: inout FoldCache, to terms: inout [String]) {
        let needed = terms.count + bytes.count / 4 + 1
        if needed > terms.capacity { terms.reserveCapacity(max(needed, 2 * terms.capacity)) }
        var start = 0
        var isASCII = true
        func endChunk(at end: Int) {
            guard start < end else { return }
            let chunk = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if isASCII {
                terms.append(lowercased(chunk))
            } else {
                terms += cache.terms(ofChunk: String(decoding: chunk, as: UTF8.self))
            }
        }
        for index in bytes.indices {
            let byte = bytes[index]
            if byte >= 0x80 {
                isASCII = false
            } else if !(0x30...0x39).contains(byte) && !(0x61...0x7A).contains(byte | 0x20) {
                endChunk(at: index)
                start = index + 1
                isASCII = true
            }
        }
        endChunk(at: bytes.count)
    }

    /// The ASCII `bytes` as a string, upper case letters lowered.
    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for index in bytes.indices {
                let byte = bytes[index]
                buffer[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            }
            return bytes.count
        }
    }

    /// The terms of any `text`, by the steps above over its scalars.
    /// - Complexity: O(n) in the text's scalars.
    static func unicodeTerms(_ text: String, cache: inout FoldCache) -> [String] {
        let scalars = fold(text, cache: &cache)
        var terms: [String] = []
        var index = 0
        var word = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        func endWord() {
            if !word.isEmpty { terms.append(String(word)) }
            word = String.UnicodeScalarView()
        }
        func endRun() {
            if run.count == 1 {
                terms.append(String(run[0]))
            } else if run.count > 1 {
                for start in 0..<(run.count - 1) {
                    var pair = String.UnicodeScalarView()
                    pair.append(run[start])
                    pair.append(run[start + 1])
                    terms.append(String(pair))
                }
            }
            run = []
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if let end = emojiEnd(scalars, from: index) {
                endWord()
                endRun()
                var emoji = String.UnicodeScalarView()
                for member in scalars[index..<end] where !isSkinTone(member) { emoji.append(member) }
                if !emoji.isEmpty { terms.append(String(emoji)) }
                index = end
                continue
            }
            if isUnspaced(scalar) {
                endWord()
                run.append(scalar)
            } else if isWordScalar(scalar) {
                endRun()
                word.append(scalar)
            } else {
                endWord()
                endRun()
            }
            index += 1
        }
        endWord()
        endRun()
        return terms
    }

    /// Step 1: NFKD, diacritics and variation selectors dropped, NFC, lower case, `ß` and `ς` folded.
    ///
    /// Folded a segment at a time: the text is cut before and after each ASCII character that is
    /// not a letter or digit. Such a character is its own NFKD and NFC form and composes with
    /// nothing that follows it except U+0338 (`<`, `=`, `>`), a mark this step drops anyway, and
    /// the only context-sensitive lower case mapping (final sigma) is folded to `σ` — so each
    /// segment folds as it would inside the whole text. An ASCII segment only lowers its case;
    /// the others go through Foundation's normalization (most of a chat's text is ASCII).
    static func fold(_ text: String, cache: inout FoldCache) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(text.utf8.count)
        var segment = String.UnicodeScalarView()
        var isASCII = true
        func endSegment() {
            guard !segment.isEmpty else { return }
            if isASCII {
                for scalar in segment { result.append(lowered(scalar)) }
            } else {
                cache.fold(String(segment), into: &result)
            }
            segment = String.UnicodeScalarView()
            isASCII = true
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII, !isWordScalar(scalar) {
                endSegment()
                result.append(scalar)
            } else {
                segment.append(scalar)
                isASCII = isASCII && scalar.isASCII
            }
        }
        endSegment()
        return result
    }

    /// An ASCII scalar in lower case.
    private static func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value | 0x20)) : scalar
    }

    /// Step 1 for any text: NFKD, diacritics and variation selectors dropped, NFC, lower case,
    /// `ß` and `ς` folded; appended to `result`.
    static func foldUnicode(_ text: String, into result: inout [Unicode.Scalar]) {
        var kept = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars where !isFoldedMark(scalar) {
            kept.append(scalar)
        }
        for scalar in String(kept).precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            switch scalar.value {
            case 0xDF: result += ["s", "s"]
            case 0x3C2: result.append("\u{3C3}")
            default: result.append(scalar)
            }
        }
    }

    static func isFoldedMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x300...0x36F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20EF, 0xFE20...0xFE2F, 0x64B...0x65F, 0x670, 0xFE0E, 0xFE0F:
            return true
        default: return false
        }
    }

    /// Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar: paired, not split on spaces alone.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3040...0x30FF, 0x31F0...0x31FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF,
            0x0E00...0x0E7F, 0x0E80...0x0EFF, 0x1780...0x17FF, 0x1000...0x109F:
            return isWordScalar(scalar)
        default: return false
        }
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value | 0x20
            return (0x30...0x39).contains(scalar.value) || (0x61...0x7A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default: return false
        }
    }

    /// An emoji scalar: the Emoji property, above ASCII (not `#`, `*` or a digit), not a letter,
    /// digit or mark (`ℹ` is a letter), not a regional indicator (those pair up as flags).
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && scalar.properties.isEmoji && !isWordScalar(scalar) && !isRegionalIndicator(scalar)
    }
    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(scalar.value) }
    static func isSkinTone(_ scalar: Unicode.Scalar) -> Bool { (0x1F3FB...0x1F3FF).contains(scalar.value) }
    static func isTag(_ scalar: Unicode.Scalar) -> Bool { (0xE0020...0xE007F).contains(scalar.value) }

    /// The end of the emoji that starts at `index`, or nil when none starts there.
    static func emojiEnd(_ scalars: [Unicode.Scalar], from index: Int) -> Int? {
        let first = scalars[index]
        if isRegionalIndicator(first) {
            return index + 1 < scalars.count && isRegionalIndicator(scalars[index + 1]) ? index + 2 : index + 1
        }
        guard isEmoji(first) else { return nil }
        var end = index + 1
        while end < scalars.count {
            let next = scalars[end]
            if isSkinTone(next) || isTag(next) || next.value == 0x20E3 {
                end += 1
            } else if next.value == 0x200D, end + 1 < scalars.count, isEmoji(scalars[end + 1]) {
                end += 2
            } else {
                break
            }
        }
        return end
    }
}
