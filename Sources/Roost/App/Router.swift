import Hummingbird

/// The composition root of the HTTP side: middleware, then `/health` and `/metrics`, then
/// every feature's routes (`Features`), with the handlers of the work they leave to the
/// scheduler. The only place that knows every feature.
func buildRouter(_ parts: AppParts) -> (router: Router<RoostContext>, jobs: [any JobHandler]) {
    let router = Router(context: RoostContext.self)
    // Outermost, so it counts every answer with its final status, errors included.
    router.add(middleware: RequestMetricsMiddleware(metrics: parts.metrics))
    // A layer that would have nothing to do on any request is left out of the chain, so it
    // costs nothing: the request log below `info`, the journal when its size is 0.
    if parts.settings.logLevel <= .info { router.add(middleware: RequestLogMiddleware()) }
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: BodyLimitMiddleware(maxSize: parts.settings.maxBodySize, maxUploadSize: parts.settings.maxUploadSize))
    if parts.emulator.journal.isOn {
        router.add(middleware: RequestJournalMiddleware(journal: parts.emulator.journal, clock: parts.clock))
    }
    router.add(middleware: FaultMiddleware(faults: parts.emulator.faults))
    router.add(middleware: RestoreGateMiddleware(gate: parts.snapshots.gate))

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
