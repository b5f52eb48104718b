extension RouteError {
    /// The reply to a post the site's ``IngestEndpoint`` refused.
    init(_ refusal: IngestRefusal) {
        switch refusal {
        case let .unknownChannel(channel): self = .unknownChannel(channel)
        case let .uncreatableChannel(channel): self = .uncreatableChannel(channel)
        case let .badEvents(reason): self = .badEvents(reason)
        case let .storeFailed(reason): self = .storeFailed(reason)
        }
    }
}
