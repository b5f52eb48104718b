/// Why the search index could not be built.
public enum SearchIndexError: Error, Equatable, Sendable {
    /// The temporary file the index's terms spill to (``SearchSpill``) could not be made, written
    /// or read back; `path` names it as it was made (it is unlinked at once), `reason` says why
    /// (`strerror`, or what was cut short).
    case spillFailed(path: String, reason: String)
}
