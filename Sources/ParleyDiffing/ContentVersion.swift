/// A compact stamp of an item's content: when it changes while the item identifier stays, the item is reconfigured.
///
/// This is how equality enters the diff without the diff reading application models — the split between
/// identity and equality of ReactiveCollectionsKit's `DiffableViewModel`. The item identifier answers
/// "who is this?"; the content version answers "is this the most recent rendering of it?".
///
/// The design choice is a plain `Int`, not `AnyHashable`: a snapshot stores one `Int` beside each item
/// identifier, comparing two versions is one integer comparison, and the storage stays trivially `Sendable`.
/// An `AnyHashable` would cost a box, a dynamic cast and an existential `==` per item in the diff's hot loop.
/// Callers with a revision counter or an edit timestamp pass it exactly through ``init(rawValue:)``; callers
/// with any other `Hashable` content digest it with ``init(hashing:)``, accepting a 2⁻⁶⁴ chance that a
/// change is missed because two contents hash alike. Hashed versions use the process-seeded `Hasher`, so
/// they are meaningful only within one process: compare them, never persist them.
public struct ContentVersion: Hashable, Sendable, CustomStringConvertible {
    /// The version as a plain integer, compared for equality only (its order means nothing).
    public var rawValue: Int

    /// The version of items appended or inserted without an explicit content version.
    public static let initial = ContentVersion(rawValue: 0)

    /// Creates a version from an exact integer, such as a revision counter.
    ///
    /// - Parameter rawValue: The integer; two versions are equal exactly when their integers are.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Creates a version by hashing any `Hashable` content with the standard library's `Hasher`.
    ///
    /// - Parameter content: The content, or any digest of it (a model value, an edit date, a text).
    /// - Complexity: One call to `content.hash(into:)`.
    public init(hashing content: some Hashable) {
        var hasher = Hasher()
        hasher.combine(content)
        rawValue = hasher.finalize()
    }

    /// The version as `v` followed by its integer, as used in changeset descriptions.
    public var description: String {
        "v\(rawValue)"
    }
}
