import Synchronization

/// Keeps a user online while their own stream is open: counted in as the stream starts and
/// counted out once, by whichever comes first, the client going away or the stream ending.
/// Counting out waits for counting in to have committed, so the two never cross.
final class StreamPresence: Sendable {
    private let opening: Task<Void, any Error>
    private let users: UserService
    private let owner: String
    private let ended = Atomic<Bool>(false)

    init(of owner: String, users: UserService) {
        self.owner = owner
        self.users = users
        opening = Task { try await users.streamOpened(by: owner) }
    }

    /// Counts the user out, the first time only. A failed write leaves them counted in until
    /// the next start-up, which counts every user out.
    func end() async {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        guard (try? await opening.value) != nil else { return }
        try? await users.streamClosed(by: owner)
    }
}
