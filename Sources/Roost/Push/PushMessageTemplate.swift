/// A push content template: the text of a notification for each kind of message, with
/// `{sender_name}`, `{message}`, `{filename}`, `{file_type_friendly}` and `{channel_name}`
/// filled in. An application has two, `default` and `alternative`; each user picks one.
struct PushMessageTemplate: Codable, Sendable, Equatable {
    var mesg: String
    var file: String
    var admm: String

    enum CodingKeys: String, CodingKey { case mesg = "MESG", file = "FILE", admm = "ADMM" }

    static let names = ["default", "alternative"]

    /// Sendbird's texts, until the application changes them.
    static func factory(_ name: String) -> PushMessageTemplate {
        name == "alternative"
            ? PushMessageTemplate(mesg: "New message arrived!", file: "New file delivered!", admm: "New announcement!")
            : PushMessageTemplate(mesg: "{sender_name}: {message}", file: "{filename}", admm: "{message}")
    }

    /// What fills the variables of a template.
    struct Values: Sendable {
        var senderName = ""
        var message = ""
        var fileName = ""
        var fileType = ""
        var channelName = ""

        /// The values `push_message_preview` shows.
        static let sample = Values(senderName: "John", message: "Hello!", fileName: "squirrel.jpg", fileType: "image/jpeg", channelName: "Lounge")
    }

    func rendered(for type: MessageType, with values: Values) -> String {
        let text = switch type {
        case .user: mesg
        case .file: file
        case .admin: admm
        }
        return text
            .replacingOccurrences(of: "{sender_name}", with: values.senderName)
            .replacingOccurrences(of: "{message}", with: values.message)
            .replacingOccurrences(of: "{filename}", with: values.fileName)
            .replacingOccurrences(of: "{file_type_friendly}", with: Self.friendly(values.fileType))
            .replacingOccurrences(of: "{channel_name}", with: values.channelName)
    }

    /// The template with the sample values, as `push_message_preview` shows it.
    var preview: PushMessageTemplate {
        PushMessageTemplate(
            mesg: rendered(for: .user, with: .sample), file: rendered(for: .file, with: .sample), admm: rendered(for: .admin, with: .sample)
        )
    }

    /// "Audio", "Image" or "Video" for those MIME types, "File" for any other.
    private static func friendly(_ mimeType: String) -> String {
        switch mimeType.split(separator: "/").first?.lowercased() {
        case "audio": "Audio"
        case "image": "Image"
        case "video": "Video"
        default: "File"
        }
    }
}
