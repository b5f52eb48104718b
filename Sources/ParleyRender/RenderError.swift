import ParleyHTML

/// Why rendering or writing an archive failed.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The resource bundle (templates, public assets) is not beside the binary.
    case missingResources(searched: [String])
    /// A template is missing, unreadable or invalid.
    case template(TemplateError)
    /// The output folder, or a folder in it, could not be created.
    case cannotCreate(path: String, reason: String)
    /// A file in the output folder could not be written.
    case cannotWrite(path: String, reason: String)
    /// A public asset could not be read or copied.
    case cannotCopy(path: String, reason: String)
    /// The archive's messages could not be read from their source (the archive's store).
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case let .missingResources(searched):
            return "Parley's resource bundle is missing (install it beside the binary with scripts/install); looked in "
                + searched.joined(separator: ", ")
        case let .template(error): return error.description
        case let .cannotCreate(path, reason): return "\(path): cannot create the folder: \(reason)"
        case let .cannotWrite(path, reason): return "\(path): cannot write: \(reason)"
        case let .cannotCopy(path, reason): return "\(path): cannot copy: \(reason)"
        case let .cannotRead(path, reason): return "\(path): cannot read the archive's messages: \(reason)"
        }
    }
}
