import Synchronization

/// Keeps a user online while their own stream is open: counted in as the stream starts and
/// counted out once, by whichever comes first, the client going away or the stream ending.
/// Counting out waits for counting in to have committed, so the two never cross. Both go by
/// the user's row id; if the user is deleted meanwhile, `OpenStreams` disowns the stream: it
/// never counts out a new user whom SQLite gave the same row id, and its connection is closed,
/// as Sendbird disconnects a deleted user.
final class StreamPresence: Sendable {
    private enum State {
        case opening
        case open(rowID: Int64)
        /// Ended while still counting in: counting in counts out when it is done.
        case endedWhileOpening
        /// Counted out, or disowned.
        case ended
    }

    private let users: UserService
    private let streams: OpenStreams
    private let disconnect: @Sendable () -> Void
    private let state = Mutex(State.opening)

    init(of owner: String, users: UserService, streams: OpenStreams, disconnect: @escaping @Sendable () -> Void) {
        self.users = users
        self.streams = streams
        self.disconnect = disconnect
        Task { await self.open(owner) }
    }

    private func open(_ owner: String) async {
        let rowID: Int64
        do {
            // Registered inside the counting-in transaction: a deletion committed after it
            // is told after it too, so it always finds this stream to disown.
            rowID = try await users.streamOpened(by: owner) { [streams] rowID in streams.add(self, rowID: rowID) }
        } catch {
            // Deleted or deactivated since the login was checked: nobody to stream to.
            streams.remove(self)
            state.withLock { $0 = .ended }
            disconnect()
            return
        }
        let endedMeanwhile: Bool = state.withLock { state in
            switch state {
            case .opening:
                state = .open(rowID: rowID)
                return false
            case .endedWhileOpening:
                state = .ended
                return true
            case .open, .ended:
                return false
            }
        }
        if endedMeanwhile { await countOut(rowID) }
    }

    /// Counts the user out, the first time only. A failed write leaves them counted in until
    /// the next start-up, which counts every user out.
    func end() async {
        let rowID: Int64? = state.withLock { state in
            switch state {
            case .opening:
                state = .endedWhileOpening
                return nil
            case .open(let rowID):
                state = .ended
                return rowID
            case .endedWhileOpening, .ended:
                return nil
            }
        }
        if let rowID { await countOut(rowID) }
    }

    /// The user was deactivated: the stream closes, and its ending counts them out.
    func close() {
        disconnect()
    }

    /// The user was deleted: there is no one to count out any more, nor to stream to.
    func disown() {
        state.withLock { $0 = .ended }
        disconnect()
    }

    private func countOut(_ rowID: Int64) async {
        streams.remove(self)
        try? await users.streamClosed(byRow: rowID)
    }
}

/// Every open stream's presence with its user's row id, so that when users are deleted their
/// streams stop counting, and when they are deactivated their streams close.
final class OpenStreams: Sendable {
    private let presences = Mutex<[ObjectIdentifier: (rowID: Int64, presence: StreamPresence)]>([:])

    func add(_ presence: StreamPresence, rowID: Int64) {
        presences.withLock { $0[ObjectIdentifier(presence)] = (rowID, presence) }
    }

    func remove(_ presence: StreamPresence) {
        presences.withLock { $0[ObjectIdentifier(presence)] = nil }
    }

    /// Closes a deactivated user's streams.
    func close(userRowID: Int64) {
        let closing = presences.withLock { $0.values.filter { $0.rowID == userRowID }.map(\.presence) }
        for presence in closing { presence.close() }
    }

    /// Disowns the streams of deleted users (of every user, when the whole database went).
    func forget(_ deleted: RowDeletions.Deleted) {
        let gone: [StreamPresence] = presences.withLock { presences in
            let gone = presences.filter { deleted.everything || deleted.users.contains($0.value.rowID) }
            for key in gone.keys { presences[key] = nil }
            return gone.values.map(\.presence)
        }
        for presence in gone { presence.disown() }
    }
}
