import CMicroHTTPD
import ParleyModel

extension ServerCore {
    /// How a request is answered.
    enum Handling {
        /// At once, on the HTTP library's thread (cached bytes only).
        case reply(Reply)
        /// On a worker, with the connection suspended meanwhile.
        case deferred(@Sendable (ConnectionHandle) -> RequestContext.Outcome)
    }

    /// Answers a fully read request at once, or suspends its connection and hands the work to a
    /// worker, which stores the outcome and resumes the connection.
    func begin(_ request: Request, context: RequestContext, on connection: OpaquePointer) -> MHD_Result {
        let handling = isStopping.load(ordering: .acquiring) ? .reply(.error(.stopping)) : handling(for: request)
        switch handling {
        case let .reply(reply):
            return Responder.send(reply, on: connection, metrics: metrics)
        case let .deferred(work):
            context.isDeferred = true
            let handle = ConnectionHandle(connection)
            metrics.suspended.add(1, ordering: .relaxed)
            handle.suspend()
            workers.async { [metrics] in
                let outcome = work(handle)
                context.outcome.withLock { $0 = outcome }
                handle.resume()
                metrics.suspended.subtract(1, ordering: .relaxed)
            }
            return .YES
        }
    }

    /// The access handler's call after a worker resumed a deferred request: sends the outcome.
    func finish(_ context: RequestContext, on connection: OpaquePointer) -> MHD_Result {
        switch context.outcome.withLock({ $0 }) {
        case let .reply(reply): return Responder.send(reply, on: connection, metrics: metrics)
        case let .stream(viewer): return Responder.stream(viewer, on: connection, timeoutSeconds: configuration.streamTimeoutSeconds)
        case nil: return .NO
        }
    }

    /// Routes `request`: checks its `Host`, then the ingest token of a post or the viewer token
    /// of a guarded route.
    func handling(for request: Request) -> Handling {
        if let refusal = hostCheck.refusal(for: request.host) { return .reply(.error(refusal)) }
        guard let route = Route.match(request.path) else { return .reply(.error(.notFound(path: request.path))) }
        if case let .events(id) = route, request.method == "POST" {
            guard let ingest else { return .reply(.error(.ingestOff)) }
            return post(request, to: id, ingest: ingest)
        }
        if route.isGuarded, let viewers {
            switch viewers.decide(request, isPage: route.isPage) {
            case .allowed: break
            case let .redirect(location): return .reply(.redirect(to: location, setCookie: viewers.setCookie))
            case .denied: return .reply(.error(.viewerUnauthorized))
            }
        }
        guard route.allowedMethods.contains(request.method) else {
            return .reply(.error(.methodNotAllowed(method: request.method, allowed: route.allowedMethods)))
        }
        switch route {
        case .index: return .reply(registry.index.reply(ifNoneMatch: request.ifNoneMatch))
        case .health: return .reply(.content(Array("ok\n".utf8), type: "text/plain; charset=utf-8", cache: "no-store"))
        case .metrics:
            return .reply(
                .content(Array(metrics.prometheusText().utf8), type: "text/plain; version=0.0.4; charset=utf-8", cache: "no-store"))
        case let .asset(path):
            return .reply(assets[path]?.reply(ifNoneMatch: request.ifNoneMatch) ?? .error(.notFound(path: request.path)))
        case let .page(id):
            guard let channel = registry[id]?.channel else { return .reply(.error(.unknownChannel(id))) }
            return .deferred { _ in .reply(.content(channel.page(), type: "text/html; charset=utf-8", cache: "no-store")) }
        case let .older(id, before: message):
            guard let channel = registry[id]?.channel else { return .reply(.error(.unknownChannel(id))) }
            return .deferred { _ in
                guard let html = channel.older(before: message) else { return .reply(.error(.unknownMessage(id, message))) }
                return .reply(.content(html, type: "text/html; charset=utf-8"))
            }
        case let .events(id):
            guard let channel = registry[id]?.channel else { return .reply(.error(.unknownChannel(id))) }
            let version: Int?
            do {
                version = try Route.streamVersion(of: request)
            } catch {
                return .reply(.error(error))
            }
            guard metrics.reserveViewer(limit: configuration.maxViewers) else {
                return .reply(.error(.tooManyViewers(limit: configuration.maxViewers)))
            }
            return .deferred { [self] connection in
                openStream(channel, client: StreamClient(version: version, epoch: request.epoch), connection: connection)
            }
        }
    }

    /// `POST /c/{channel}/events`: checks the token and the size at once, then decodes, commits
    /// and applies on a worker (the commit waits for the disk).
    func post(_ request: Request, to id: ChannelID, ingest: (settings: IngestSettings, endpoint: any IngestEndpoint)) -> Handling {
        guard ingest.settings.authorizes(request.authorization) else { return .reply(.error(.unauthorized)) }
        guard !request.bodyTooLarge else { return .reply(.error(.bodyTooLarge(limit: ingest.settings.maxBodyBytes))) }
        guard ingest.endpoint.accepts(id) else { return .reply(.error(.unknownChannel(id))) }
        let body = request.body
        return .deferred { _ in
            switch ingest.endpoint.post(body, to: id) {
            case let .success(json): return .reply(.content(Array((json + "\n").utf8), type: "application/json", cache: "no-store"))
            case let .failure(refusal): return .reply(.error(RouteError(refusal)))
            }
        }
    }
}
