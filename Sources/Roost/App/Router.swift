import Hummingbird

/// The composition root of the HTTP side: middleware, then `/health` and `/metrics`, then
/// every feature's routes (`Features`), with the handlers of the work they leave to the
/// scheduler. The only place that knows every feature.
func buildRouter(_ parts: AppParts) -> (router: Router<RoostContext>, jobs: [any JobHandler]) {
    let router = Router(context: RoostContext.self)
    // A layer that would have nothing to do on any request costs a check at most: the request
    // log below `info`, the journal when its size is 0.
    router.add(middleware: RequestChain(
        metrics: RequestMetrics(metrics: parts.metrics),
        logsRequests: parts.settings.logLevel <= .info,
        bodyLimit: BodyLimit(maxSize: parts.settings.maxBodySize, maxUploadSize: parts.settings.maxUploadSize),
        recorder: RequestRecorder(journal: parts.emulator.journal, clock: parts.clock),
        faults: parts.emulator.faults,
        rateLimits: parts.emulator.rateLimits,
        gate: parts.snapshots.gate
    ))

    HealthRoutes(storage: parts.database.storage, metrics: parts.metrics).register(on: router)

    let features = Features(parts, on: router)
    let jobs = [
        features.usersAndApplication(),
        features.channels(),
        features.moderation(),
        features.messaging(),
        features.scheduledMessages(),
        features.announcements(),
        features.exportsAndPrivacy(),
        features.polls(),
        features.push(),
        features.statistics(),
        features.bots(),
        features.roost(),
        features.console(),
    ]
    return (router, jobs.flatMap { $0 })
}
