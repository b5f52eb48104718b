import Foundation

/// The markers ChatGPT writes into a message's text for its sources and named entities, replaced
/// by what ChatGPT shows for them, as CommonMark, so that no marker reaches the page.
///
/// Since 2024 a marker is a run of private-use characters on one line, `U+E200 kind U+E202 field
/// … U+E201` (`cite`, `filecite`, `entity`, `url`, `i` for images, `navlist`, …), and
/// `U+E203 … U+E204` stand around the text a source supports. The message's `metadata.content_references`
/// (``ChatGPTContentReference``) say what each marker stands for, by its exact text. Each marker
/// becomes:
/// - an entity (`entity`, its field a JSON array such as `["city","Paris","capital of France"]`,
///   or plain text): its display name (the array's second element), as text; without one, the
///   reference's `alt`; else nothing;
/// - a `hidden` reference: nothing;
/// - a reference whose `items` have `http`/`https` URLs: those pages as links, in parentheses
///   and separated by commas, each named by its `attribution` (the site, as on ChatGPT's source
///   chip), else its `title`, else its URL: `([Reuters](<https://…>), [AP News](<https://…>))`;
/// - else the reference's `alt` (CommonMark ChatGPT gives for it), where it is not blank;
/// - else as if it had no reference: an entity its name, `U+E200 url U+E202 label U+E202 address
///   U+E201` its label linked to its address, any other marker nothing.
///
/// A reference is used only when its `matched_text` holds a private-use character or is a
/// `【…†…】` marker; others (a space for `sources_footnote`) leave the text as written. Of the
/// references that match at one place, the longest wins (the first listed among equals).
///
/// The older form (2023–2024) writes `【11†source】` and lists the pages in `metadata.citations`
/// (``ChatGPTCitation``): a marker whose place in the text (Unicode scalars) is a citation's
/// `start_ix`–`end_ix`, or else whose number is a citation's `cited_message_idx`, becomes that
/// page linked by its title (`([Title](<https://…>))`), or nothing when the citation has no
/// `http`/`https` URL; a marker no citation matches stays as written.
///
/// A parenthesized replacement that would touch the word before it is set off by a space. Only
/// `http` and `https` URLs become links; the renderer's link policy then checks each as it
/// does any link in a message. Text that becomes a link label or a name has its ASCII punctuation
/// escaped, so it shows as written. Any U+E200–U+E204 left over (a marker cut short) is dropped.
struct ChatGPTMarkers {
    /// A reference's marker (its Unicode scalars) and what replaces it.
    private struct Replacement {
        let marker: [Unicode.Scalar]
        let text: String
    }

    /// The references by their marker's first scalar, longest marker first.
    private let references: [Unicode.Scalar: [Replacement]]
    /// For each citation's `start_ix`, its `end_ix` and replacement (the first citation at a place).
    private let citationSpans: [Int: (end: Int, text: String)]
    /// For each `cited_message_idx`, the first citation's replacement.
    private let citationNumbers: [Int: String]

    /// The replacements `metadata` gives.
    /// - Complexity: O(total size of its references and citations).
    init(_ metadata: ChatGPTMessage.Metadata?) {
        var references: [Unicode.Scalar: [Replacement]] = [:]
        for reference in metadata?.content_references?.elements ?? [] {
            guard let matched = reference.matchedText, Self.isMarker(matched), let first = matched.unicodeScalars.first else { continue }
            let marker = Array(matched.unicodeScalars)
            references[first, default: []].append(Replacement(marker: marker, text: Self.replacement(for: reference, marker: marker)))
        }
        self.references = references.mapValues { candidates in
            candidates.enumerated().sorted { ($0.element.marker.count, $1.offset) > ($1.element.marker.count, $0.offset) }.map(\.element)
        }
        var spans: [Int: (end: Int, text: String)] = [:]
        var numbers: [Int: String] = [:]
        for citation in metadata?.citations?.elements ?? [] {
            let text = Self.links([(citation.page?.title, citation.page?.url)])
            if let start = citation.start, let end = citation.end, spans[start] == nil { spans[start] = (end, text) }
            if let number = citation.citedIndex, numbers[number] == nil { numbers[number] = text }
        }
        citationSpans = spans
        citationNumbers = numbers
    }

    /// `text` with every marker replaced as described above.
    /// - Complexity: O(n × k) for n Unicode scalars and k the total length of the markers of the
    ///   references that begin with one scalar; O(n), and no copy, when the text holds no
    ///   private-use character and no `【`.
    func resolve(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { Self.isPrivateUse($0) || $0 == "【" }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if let reference = references[scalars[index]]?.first(where: { scalars[index...].starts(with: $0.marker) }) {
                Self.append(reference.text, to: &output)
                index += reference.marker.count
            } else if scalars[index] == "【", let end = Self.citationEnd(from: index, in: scalars) {
                if let replacement = citation(from: index, to: end, in: scalars) {
                    Self.append(replacement, to: &output)
                } else {
                    output.append(contentsOf: scalars[index..<end])
                }
                index = end
            } else if scalars[index] == Self.open, let close = Self.markerClose(from: index, in: scalars) {
                output.append(contentsOf: Self.replacement(forMarker: Self.fields(scalars[(index + 1)..<close])).unicodeScalars)
                index = close + 1
            } else {
                if !Self.isLeftover(scalars[index]) { output.append(scalars[index]) }
                index += 1
            }
        }
        return String(output)
    }

    /// Appends `replacement` to `output`, set off by a space when it is parenthesized (a list of
    /// sources) and would otherwise touch the word before it (`1889【3†source】` → `1889 ([…](…))`).
    private static func append(_ replacement: String, to output: inout String.UnicodeScalarView) {
        if replacement.hasPrefix("("), let last = output.last, !last.properties.isWhitespace, last != "(" { output.append(" ") }
        output.append(contentsOf: replacement.unicodeScalars)
    }

    /// `text` without the scalars U+E200–U+E204.
    /// - Complexity: O(n); no copy when there are none.
    static func droppingLeftovers(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isLeftover) else { return text }
        var output = String.UnicodeScalarView()
        output.append(contentsOf: text.unicodeScalars.lazy.filter { !isLeftover($0) })
        return String(output)
    }

    // MARK: markers

    private static let open: Unicode.Scalar = "\u{E200}"
    private static let close: Unicode.Scalar = "\u{E201}"
    private static let separator: Unicode.Scalar = "\u{E202}"

    private static func isLeftover(_ scalar: Unicode.Scalar) -> Bool { (0xE200...0xE204).contains(scalar.value) }
    private static func isPrivateUse(_ scalar: Unicode.Scalar) -> Bool { (0xE000...0xF8FF).contains(scalar.value) }

    /// Whether a reference's `matched_text` is a marker: it holds a private-use scalar, or it is a
    /// whole `【…†…】` marker.
    private static func isMarker(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.contains(where: isPrivateUse) || (scalars.first == "【" && citationEnd(from: 0, in: scalars) == scalars.count)
    }

    /// The index past the `】` of a `【…†…】` marker starting at `start`: at most 64 scalars,
    /// on one line, with a `†`; nil when there is none.
    private static func citationEnd(from start: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var index = start + 1
        var dagger = false
        while index < scalars.count, index - start < 64 {
            switch scalars[index] {
            case "】": return dagger ? index + 1 : nil
            case "【", "\n", "\r": return nil
            case "†": dagger = true
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The index of the U+E201 closing the marker opened at `start` on the same line; nil when
    /// another marker opens first, or the line or the text ends (the opener is then a leftover).
    private static func markerClose(from start: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var index = start + 1
        while index < scalars.count {
            switch scalars[index] {
            case close: return index
            case open, "\n", "\r": return nil
            default: index += 1
            }
        }
        return nil
    }

    /// A marker's fields (between U+E200 and U+E201, split at U+E202): its kind, then the rest.
    private static func fields(_ scalars: some Collection<Unicode.Scalar>) -> [String] {
        scalars.split(separator: separator, omittingEmptySubsequences: false).map { field in
            var text = String.UnicodeScalarView()
            text.append(contentsOf: field)
            return String(text)
        }
    }

    /// The fields of a reference's marker when it is one whole `U+E200 … U+E201` marker.
    private static func fields(ofWhole marker: [Unicode.Scalar]) -> [String]? {
        guard marker.first == open, marker.last == close, marker.count > 1, markerClose(from: 0, in: marker) == marker.count - 1 else {
            return nil
        }
        return fields(marker[1..<(marker.count - 1)])
    }

    /// What a marker without a reference becomes: an entity's name, a `url` marker's link, or nothing.
    private static func replacement(forMarker fields: [String]) -> String {
        switch fields.first {
        case "entity": return entityName(fields).map(escaped) ?? ""
        case "url" where fields.count == 3: return link(fields[1], fields[2]) ?? escaped(fields[1])
        default: return ""
        }
    }

    /// What a referenced marker becomes, by the rules above.
    private static func replacement(for reference: ChatGPTContentReference, marker: [Unicode.Scalar]) -> String {
        if reference.type == "hidden" { return "" }
        let fields = fields(ofWhole: marker)
        let alt = nonBlank(reference.alt)
        if reference.type == "entity" || fields?.first == "entity" {
            return fields.flatMap(entityName).map(escaped) ?? alt ?? ""
        }
        let sources = links(reference.items.map { (nonBlank($0.attribution) ?? $0.title, $0.url) })
        if !sources.isEmpty { return sources }
        return alt ?? fields.map(replacement(forMarker:)) ?? ""
    }

    /// `text`, or nil when it is nil or only white space.
    private static func nonBlank(_ text: String?) -> String? {
        text.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
    }

    /// An entity marker's display name: the second element of its JSON array, or its plain text.
    private static func entityName(_ fields: [String]) -> String? {
        let payload = fields.dropFirst().joined(separator: String(separator)).trimmingCharacters(in: .whitespacesAndNewlines)
        guard payload.hasPrefix("[") else { return payload.isEmpty ? nil : payload }
        guard let elements = try? JSONDecoder().decode([Lossy<String>].self, from: Data(payload.utf8)), elements.count > 1,
            let name = try? elements[1].value.get().trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty
        else { return nil }
        return name
    }

    // MARK: citations

    /// What the `【…】` marker from `start` to `end` becomes: the citation at that place, else the
    /// citation of its number; nil when none matches.
    private func citation(from start: Int, to end: Int, in scalars: [Unicode.Scalar]) -> String? {
        if let span = citationSpans[start], span.end == end { return span.text }
        let digits = scalars[(start + 1)...].prefix { ("0"..."9").contains($0) }
        guard !digits.isEmpty, digits.count < 10, let number = Int(String(String.UnicodeScalarView(digits))) else { return nil }
        return citationNumbers[number]
    }

    // MARK: CommonMark

    /// The pages of `sources` (a label and a URL each) that have an `http`/`https` URL, each
    /// linked once, in parentheses and separated by commas; empty when none has such a URL.
    private static func links(_ sources: [(label: String?, url: String?)]) -> String {
        var seen: Set<String> = []
        let written = sources.compactMap { source in
            source.url.flatMap { seen.insert($0.trimmingCharacters(in: .whitespacesAndNewlines)).inserted ? link(source.label, $0) : nil }
        }
        return written.isEmpty ? "" : "(" + written.joined(separator: ", ") + ")"
    }

    /// `[label](<url>)`, the label escaped (the URL when it is nil or blank); nil unless `url` is
    /// an `http` or `https` URL.
    private static func link(_ label: String?, _ url: String?) -> String? {
        guard let url = url?.trimmingCharacters(in: .whitespacesAndNewlines), let destination = destination(url) else { return nil }
        let shown = label?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return "[\(escaped(shown.isEmpty ? url : shown))](\(destination))"
    }

    /// `url` as a CommonMark link destination (`<…>`, with `<`, `>` and `\` percent-encoded), or
    /// nil unless it is an `http` or `https` URL without white space or control characters.
    private static func destination(_ url: String) -> String? {
        let lowered = url.prefix(8).lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            !url.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control })
        else { return nil }
        var encoded = ""
        for character in url.unicodeScalars {
            switch character {
            case "<": encoded += "%3C"
            case ">": encoded += "%3E"
            case "\\": encoded += "%5C"
            default: encoded.unicodeScalars.append(character)
            }
        }
        return "<\(encoded)>"
    }

    /// `text` as CommonMark that shows it as written: ASCII punctuation backslash-escaped, line
    /// breaks and tabs as spaces.
    private static func escaped(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t": output.append(" ")
            case "!"..."/", ":"..."@", "["..."`", "{"..."~":
                output.append("\\")
                output.append(scalar)
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}
