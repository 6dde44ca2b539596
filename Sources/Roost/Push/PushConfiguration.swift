import Foundation

/// The push services an application can be configured for, each serving one type of device
/// token.
enum PushProvider: String, Sendable, CaseIterable {
    case fcm, huawei, apns

    /// A provider as paths name it: Sendbird's pages say `huawei` where its SDK says `hms`,
    /// and `gcm` (FCM's predecessor, whose token type Roost keeps) names FCM.
    init?(path: String) {
        switch path.lowercased() {
        case "fcm", "gcm": self = .fcm
        case "hms", "huawei": self = .huawei
        case "apns": self = .apns
        default: return nil
        }
    }

    /// How answers name the provider.
    var label: String {
        switch self {
        case .fcm: "FCM"
        case .huawei: "HUAWEI"
        case .apns: "APNS"
        }
    }

    var tokenType: DeviceTokenType {
        switch self {
        case .fcm: .gcm
        case .huawei: .huawei
        case .apns: .apns
        }
    }

    init(tokenType: DeviceTokenType) {
        switch tokenType {
        case .gcm: self = .fcm
        case .huawei: self = .huawei
        case .apns: self = .apns
        }
    }
}

/// One push configuration of the application: a provider's credentials and delivery options.
/// Stored whole as JSON; answers show secrets masked and never the APNs certificate.
struct PushConfiguration: Codable, Sendable, Equatable {
    var id: String
    var provider: PushProvider
    /// Seconds, as Sendbird's answers give it.
    var createdAt: Int64
    var pushSound = ""
    var apiKey = ""
    var senderID = ""
    var huaweiAppID = ""
    var huaweiAppSecret = ""
    /// The certificate's file name without its extension: Roost cannot open a `.p12` to read
    /// the bundle id Sendbird shows here.
    var apnsName = ""
    /// `development` or `production`.
    var apnsEnvironment = "production"
    /// The `.p12` file, base64; nil once deleted.
    var apnsCertificate: String?
    var apnsCertificatePassword = ""
    var hasUnreadCountBadge = true
    var contentAvailable = false
    var mutableContent = false

    static let environments = ["development", "production"]

    init(id: String, provider: PushProvider, createdAt: Int64) {
        self.id = id
        self.provider = provider
        self.createdAt = createdAt
    }
}

extension PushProvider: Codable {}
