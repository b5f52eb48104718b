@testable import ParleySearch

/// The files an index hands out, gathered for tests: the term shards in order, each with its
/// first term, and the postings chunks in the order made.
struct SearchIndexFiles {
    var shards: [(first: String, file: SearchIndexBuilder.File)] = []
    var chunks: [SearchIndexBuilder.File] = []
}

extension SearchIndexBuilder {
    /// ``files(channelRanges:onEveryCore:emit:)``'s files, gathered.
    func files(channelRanges: [Range<UInt32>], onEveryCore: Bool = true) throws -> SearchIndexFiles {
        var emitted: [String: SearchIndexBuilder.File] = [:]
        var gathered = SearchIndexFiles()
        let shards = try files(channelRanges: channelRanges, onEveryCore: onEveryCore) { file in
            if file.path.hasPrefix("p/") { gathered.chunks.append(file) } else { emitted[file.path] = file }
        }
        gathered.shards = shards.map { ($0.first, emitted[$0.path]!) }
        return gathered
    }
}

extension SearchIndexer {
    /// ``finish(previous:emit:)``'s files, in the order handed out.
    mutating func finish(previous: PreviousSearchIndex? = nil) throws -> [SearchIndexBuilder.File] {
        var files: [SearchIndexBuilder.File] = []
        try finish(previous: previous) { files.append($0) }
        return files
    }
}
