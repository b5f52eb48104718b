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

    /// One step of reading an entry: its next bytes (valid only during the call), its end, or
    /// why it could not be read (after some of its bytes, perhaps: those are to be dropped).
    enum Part {
        case bytes(UnsafeRawBufferPointer)
        case end
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
        if let id = Self.assetPointerID(reference) { return locatePointer(id) }
        let candidates = MediaPaths.candidates(reference).map { candidate in
            var path = Substring(candidate)
            while path.hasPrefix("./") { path = path.dropFirst(2) }
            return String(path)
        }
        for index in zips.indices {
            let names = listed(index)
            if let found = candidates.first(where: names.contains) { return Location(zip: index, path: found) }
        }
        return nil
    }

    /// The schemes of ChatGPT's asset pointers, which name a file of the export by its id.
    static let assetPointerSchemes = ["file-service://", "sediment://"]

    /// The id a ChatGPT asset pointer names (`file-AbC1` of `file-service://file-AbC1`); nil for
    /// any other reference, and for an id that is empty or holds a `/`.
    static func assetPointerID(_ reference: String) -> String? {
        guard let scheme = assetPointerSchemes.first(where: reference.hasPrefix) else { return nil }
        let id = reference.dropFirst(scheme.count)
        return id.isEmpty || id.contains("/") ? nil : String(id)
    }

    /// The entry a ChatGPT export holds for the file of id `id`: the first, in path order, whose
    /// name is the id, or the id followed by `-` (the original name: `file-AbC1-photo.png`) or `.`
    /// (an extension: `file_00ab.png`), in any folder (generated images are in
    /// `dalle-generations/`).
    /// - Complexity: O(entries) per zip.
    private mutating func locatePointer(_ id: String) -> Location? {
        for index in zips.indices {
            let match = listed(index).filter { path in
                let name = path.split(separator: "/").last.map(String.init) ?? path
                return name == id || name.hasPrefix(id + "-") || name.hasPrefix(id + ".")
            }.min { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            if let match { return Location(zip: index, path: match) }
        }
        return nil
    }

    /// The bytes of each of `locations`, read in one pass per zip a block at a time, handed to
    /// `body` in archive order — every block of an entry, then its end; a location whose entry
    /// cannot be read (a damaged zip, an entry past the zip limits) is handed the reason instead,
    /// after whatever blocks of it were read.
    /// - Complexity: O(size of the zips up to their last entry read); memory for one block.
    func read(_ locations: Set<Location>, _ body: (Location, Part) throws(RenderError) -> Void) throws(RenderError) {
        for index in zips.indices {
            var pending = Set(locations.filter { $0.zip == index }.map(\.path))
            guard !pending.isEmpty else { continue }
            do throws(ZipArchive.ChunkFailure<RenderError>) {
                try zips[index].streamFiles(where: { pending.contains($0.path) }) { (entry, part) throws(RenderError) in
                    let location = Location(zip: index, path: entry.path)
                    switch part {
                    case let .bytes(chunk): try body(location, .bytes(chunk))
                    case .end:
                        pending.remove(entry.path)
                        try body(location, .end)
                    }
                    return !pending.isEmpty
                }
            } catch {
                switch error {
                case let .body(failure): throw failure
                case let .archive(failure):
                    for path in pending.sorted() { try body(Location(zip: index, path: path), .unreadable(reason: failure.description)) }
                    pending = []
                }
            }
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
