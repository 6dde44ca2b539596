/// The parts of one application that its features are made from: made once by
/// `buildApplication` (and by tests that build the router alone), handed to `buildRouter`.
struct AppParts {
    let settings: Settings
    let metrics: RoostMetrics
    let random: RandomTokens
    let access: APIAccessService
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    let delivery: DeliveryEngine
    let emulator: Emulator
    let files: FileStorage
    let snapshots: SnapshotStore
    let console: ConsoleAPI
    let followers: LogFollowers
}
