import ParleyHTML

/// Why rendering or writing an archive failed.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A template is missing, unreadable or invalid.
    case template(TemplateError)
    /// The output folder or a file in it could not be created or written.
    case cannotWrite(path: String, reason: String)
    /// A public asset could not be read or copied.
    case cannotCopy(path: String, reason: String)

    public var description: String {
        switch self {
        case let .template(error): return error.description
        case let .cannotWrite(path, reason): return "\(path): cannot write: \(reason)"
        case let .cannotCopy(path, reason): return "\(path): cannot copy: \(reason)"
        }
    }
}
