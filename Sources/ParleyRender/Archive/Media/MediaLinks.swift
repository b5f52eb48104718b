import ParleyHTML

/// What an archive does with media that messages reference (`--media`).
public enum MediaMode: String, Sendable, CaseIterable {
    /// Copy local files into the archive's `media/`, named by content hash (stored once).
    case copy
    /// Link to local files where they are, relative to the archive.
    case link
    /// Neither: local files are named but not linked, remote media is linked but not loaded.
    case none
}

/// Where the media that messages reference can be found from a page: remote URLs as they are,
/// local files by the paths an archive resolved for them. Remote URLs are never fetched by
/// Parley; a browser loads them only when the page shows them inline.
public struct MediaLinks: Sendable, Hashable {
    /// The archive's media mode.
    public var mode: MediaMode
    /// Local references, as written in the transcript, mapped to percent-encoded paths relative
    /// to the archive root (`media/<sha256>.png`, or `../input/x_Files/a.png`).
    public var local: [String: String]
    /// Local references whose files are not passive media (see the allowlist in `PassiveMedia`:
    /// HTML, SVG, XML, script, or bytes that do not match the extension): never shown inline,
    /// linked with `download`.
    public var downloads: Set<String>
    /// Local references whose file is not in the export (``MediaProblem/isOutsideExport``): no
    /// file at that path in any input's folder, or a path refused because it leaves the folder.
    /// Pages show them as a placeholder card naming the file.
    public var missing: Set<String>
    /// Whether remote media (`https:` images, video, audio) are shown inline, loaded from their
    /// hosts by the browser. An archive shows them only with `--allow-remote-media`: otherwise a
    /// remote image is a link naming its host (``isWithheld(_:)``), and opening the archive asks
    /// no other host for anything. The live view shows them.
    public var allowsRemote: Bool

    /// Links for `mode` with the resolved `local` paths (none by default: remote media only);
    /// `downloads` are the local references that are only offered for download, `missing` those
    /// whose file is not in the export; remote media shown inline when `allowsRemote`.
    public init(
        mode: MediaMode = .link, local: [String: String] = [:], downloads: Set<String> = [], missing: Set<String> = [],
        allowsRemote: Bool = true
    ) {
        self.mode = mode
        self.local = local
        self.downloads = downloads
        self.missing = missing
        self.allowsRemote = allowsRemote
    }

    /// Whether `reference` is remote media that is not shown inline because remote media is not
    /// allowed (``allowsRemote``): pages show a link naming its host instead.
    public func isWithheld(_ reference: String?) -> Bool {
        guard !allowsRemote, mode != .none, let reference else { return false }
        return LinkPolicy.isRemote(reference) && LinkPolicy.absolute(reference) != nil
    }

    /// Whether `reference` is a local file that is not in the export (``missing``): shown as a
    /// placeholder card, never as a broken link or image.
    public func isMissing(_ reference: String?) -> Bool {
        reference.map(missing.contains) ?? false
    }

    /// Whether `reference` is a local file that is not passive media: linked with `download`,
    /// never shown inline.
    public func isDownload(_ reference: String?) -> Bool {
        reference.map(downloads.contains) ?? false
    }

    /// The URL of a link to `reference` from a page `rootPath` below the archive root; nil when
    /// the media cannot be reached (a local file that was not resolved, or mode ``MediaMode/none``).
    public func link(_ reference: String?, rootPath: String) -> String? {
        guard let reference, !reference.isEmpty else { return nil }
        if LinkPolicy.isRemote(reference) { return LinkPolicy.absolute(reference) }
        guard mode != .none, let path = local[reference] else { return nil }
        return rootPath + path
    }

    /// The URL to show `reference` inline (`img`, `video`, `audio`): as ``link(_:rootPath:)``, but
    /// remote media is not loaded in mode ``MediaMode/none`` nor without ``allowsRemote``, and a
    /// local file that is not passive media (``isDownload(_:)``) is never shown inline.
    public func source(_ reference: String?, rootPath: String) -> String? {
        guard mode != .none, !isDownload(reference) else { return nil }
        if !allowsRemote, let reference, LinkPolicy.isRemote(reference) { return nil }
        return link(reference, rootPath: rootPath)
    }

    /// The URL to show an author's avatar `reference` (``Author/avatarURL``): a local file the
    /// archive resolved (``local``) and can show inline (``source(_:rootPath:)``), else nil and
    /// the initials show. A remote avatar is not loaded (it is never in ``local``); a local file
    /// that is not in the export is missing.
    /// - Complexity: O(1) for a reference the archive did not resolve (every one in the live view).
    public func avatarSource(_ reference: String?, rootPath: String) -> String? {
        guard let reference, local[reference] != nil else { return nil }
        return source(reference, rootPath: rootPath)
    }
}
