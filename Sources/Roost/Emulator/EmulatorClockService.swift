/// `/roost/clock` for every node serving the database: a change is stored before this node takes
/// it, and the other nodes take it when they hear of it (`AppDatabase.settingsChanged`).
struct EmulatorClockService: Sendable {
    let clock: EmulatorClock
    let database: AppDatabase
    let settings = EmulatorClockRepository()

    var state: EmulatorClock.State { clock.state }

    /// Sets the time, moves it on, or freezes or thaws it; throws when that would move it back.
    func change(to time: Int64?, advancingBy step: Int64?, frozen: Bool?) async throws -> EmulatorClock.State {
        let setting = try clock.setting(changedTo: time, advancingBy: step, frozen: frozen)
        try await database.write { db in try settings.save(setting, in: db) }
        clock.apply(setting)
        database.settingsChanged()
        return clock.state
    }

    /// Takes the stored setting, if the clock was ever changed.
    func load() async throws {
        if let stored = try await database.read({ db in try settings.setting(in: db) }) { clock.apply(stored) }
    }

    /// Stores the setting in force again where a restored snapshot held another (the one of its
    /// own time): the clock never goes back.
    func keep() async throws {
        let setting = clock.setting
        guard try await database.read({ db in try settings.setting(in: db) }) ?? EmulatorClock.Setting() != setting else { return }
        try await database.write { db in try settings.save(setting, in: db) }
    }
}
