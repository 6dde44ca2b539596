/// What becomes of a user deactivated with `leave_all_when_deactivated`, or deleted: they
/// leave their group channels, in the transaction that deactivates or deletes them. The
/// channels area, which sits above users, does the leaving; the composition root hands it to
/// `UserService`.
protocol UserDepartureHandler: Sendable {
    func userDeactivated(_ userRowID: Int64, at time: Int64, in db: Database) throws
    /// Called before the user's row goes, while their memberships and name can still be read.
    func userDeleting(_ userRowID: Int64, at time: Int64, in db: Database) throws
}
