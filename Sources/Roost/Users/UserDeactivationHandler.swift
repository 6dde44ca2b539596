import GRDB

/// What becomes of a user deactivated with `leave_all_when_deactivated`: they leave their
/// group channels, in the transaction that deactivates them. The channels area, which sits
/// above users, does the leaving; the composition root hands it to `UserService`.
protocol UserDeactivationHandler: Sendable {
    func userDeactivated(_ userRowID: Int64, at time: Int64, in db: Database) throws
}
