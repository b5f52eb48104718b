import Foundation
import ParleyArchive

/// The media files inside zip inputs: which entry a reference names, and their bytes read a
/// batch at a time — one pass over a zip for every reference a batch of pages needs from it,
/// never one pass per file.
struct ZipMedia {
    /// An entry a reference names: the zip it is in (an index into the zips) and its path there.
    struct Location: Hashable {
        var zip: Int
        var path: String
    }

    /// What reading one entry gave: its bytes, or why it could not be read.
    enum Entry {
        case data(Data)
        case unreadable(reason: String)
    }

    let zips: [ZipArchive]
    /// Each zip's entries by path, listed on first use; none for a zip that cannot be read.
    private var entries: [Int: Set<String>] = [:]

    init(zips: [ZipArchive]) { self.zips = zips }

    /// The entry `reference` names in the first zip that has it: the reference itself, with `\`
    /// read as `/`, a leading `./` dropped, or percent-decoded; nil when no zip has it. A path
    /// that is absolute or has a `..` component names no entry (``MediaPaths/locate(_:in:)``
    /// refuses it first).
    /// - Complexity: O(1) per zip after its entries are listed (once, O(entries)).
    mutating func locate(_ reference: String) -> Location? {
        var path = reference.replacingOccurrences(of: "\\", with: "/")
        while path.hasPrefix("./") { path.removeFirst(2) }
        let candidates = [path] + [path.removingPercentEncoding].compactMap { $0 }.filter { $0 != path }
        for index in zips.indices {
            let names = listed(index)
            if let found = candidates.first(where: names.contains) { return Location(zip: index, path: found) }
        }
        return nil
    }

    /// The bytes of each of `locations`, read in one pass per zip, handed to `body` in archive
    /// order; a location whose entry cannot be read (a damaged zip, an entry past the zip limits)
    /// is handed the reason instead.
    func read(_ locations: Set<Location>, _ body: (Location, Entry) throws(RenderError) -> Void)
        throws(RenderError)
    {
        for index in zips.indices {
            let wanted = Set(locations.filter { $0.zip == index }.map(\.path))
            guard !wanted.isEmpty else { continue }
            var pending = wanted
            var failure: RenderError?
            do {
                try zips[index].forEachFile(where: { pending.contains($0.path) }) { entry, data in
                    pending.remove(entry.path)
                    do throws(RenderError) {
                        try body(Location(zip: index, path: entry.path), .data(data))
                    } catch {
                        failure = error
                        return false
                    }
                    return !pending.isEmpty
                }
            } catch {
                for path in pending.sorted() { try body(Location(zip: index, path: path), .unreadable(reason: error.description)) }
                pending = []
            }
            if let failure { throw failure }
            for path in pending.sorted() {
                try body(Location(zip: index, path: path), .unreadable(reason: "not readable in \(zips[index].name)"))
            }
        }
    }

    /// The entry paths of zip `index`, listed once.
    private mutating func listed(_ index: Int) -> Set<String> {
        if let names = entries[index] { return names }
        let names = Set((try? zips[index].entries().map(\.path)) ?? [])
        entries[index] = names
        return names
    }
}
