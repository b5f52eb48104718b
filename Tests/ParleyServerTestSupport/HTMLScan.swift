/// Small readers of served HTML, for assertions that survive unrelated markup changes.
package enum HTMLScan {
    /// The ids of the `<article>` elements, in document order.
    package static func articleIDs(_ html: String) -> [String] {
        html.components(separatedBy: "<article ").dropFirst().compactMap { tag in
            guard let start = tag.range(of: " id=\"") ?? tag.range(of: "id=\"") else { return nil }
            return String(tag[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// The start tag of `<main …>`, and what stands between it and `</main>`.
    package static func main(_ html: String) -> (tag: String, content: String)? {
        guard let open = html.range(of: "<main "), let close = html.range(of: "</main>"),
            let end = html[open.lowerBound...].firstIndex(of: ">")
        else { return nil }
        return (String(html[open.lowerBound...end]), String(html[html.index(after: end)..<close.lowerBound]))
    }

    /// The value of `data-version` on `<main>`.
    package static func version(_ html: String) -> Int? {
        guard let tag = main(html)?.tag, let start = tag.range(of: "data-version=\"") else { return nil }
        return Int(tag[start.upperBound...].prefix { $0 != "\"" })
    }

    /// The value of `data-epoch` on `<main>`.
    package static func epoch(_ html: String) -> String? {
        guard let tag = main(html)?.tag, let start = tag.range(of: "data-epoch=\"") else { return nil }
        return String(tag[start.upperBound...].prefix { $0 != "\"" })
    }
}
