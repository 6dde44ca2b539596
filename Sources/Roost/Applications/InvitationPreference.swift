import Hummingbird

/// Whether invitations are accepted automatically: the application default, and each user's own choice.
struct InvitationPreference: Codable, Sendable, ResponseEncodable {
    let autoAccept: Bool

    enum CodingKeys: String, CodingKey {
        case autoAccept = "auto_accept"
    }
}
