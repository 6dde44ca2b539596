/// The one source of every outbound event. Features record an event in the transaction of
/// the change it reports, so an event exists exactly when its change committed; webhook
/// delivery and the live streams read the log.
struct EventLog: Sendable {
    let applicationID: String
    let options: EventOptions
    let notifier: EventNotifier
    private let repository = EventRepository()

    init(applicationID: String, options: EventOptions = EventOptions(), notifier: EventNotifier = EventNotifier()) {
        self.applicationID = applicationID
        self.options = options
        self.notifier = notifier
    }

    /// Appends an event (`event`). Answers its `seq`.
    @discardableResult
    func record(
        _ category: EventCategory, _ payload: some Encodable, at time: Int64, channelURL: String? = nil,
        concerning userIDs: [String] = [], audience: EventAudience = EventAudience(), in db: Database
    ) throws -> Int64 {
        try append([event(category, payload, at: time, channelURL: channelURL, concerning: userIDs, audience: audience)], in: db)[0]
    }

    /// An event to append: its payload (an object, whose fields go between `category` first
    /// and `app_id` last, as Sendbird's are; then those of `more`, an object too, when given),
    /// the channel it happened in, and who hears it on their own stream.
    func event(
        _ category: EventCategory, _ payload: some Encodable, more: (any Encodable)? = nil, at time: Int64, channelURL: String? = nil,
        concerning userIDs: [String] = [], audience: EventAudience = EventAudience()
    ) throws -> NewEvent {
        let body = JSONOutput()
        body.raw("{\"category\":")
        body.quoted(category.rawValue)
        let parts: [any Encodable] = [payload] + (more.map { [$0] } ?? [])
        for part in parts {
            let fields = try JSON.encoder.encode(part)
            assert(fields.first == UInt8(ascii: "{") && fields.last == UInt8(ascii: "}"), "an event's payload is an object")
            guard fields.count > 2 else { continue }
            body.raw(",")
            body.raw(bytes: fields[1..<(fields.count - 1)])
        }
        body.raw(",\"app_id\":")
        body.quoted(applicationID)
        body.raw("}")
        return NewEvent(
            category: category, time: time, channelURL: channelURL, concerning: userIDs, audience: audience,
            payload: String(decoding: body.bytes, as: UTF8.self)
        )
    }

    /// Appends events in the order given, in one statement. Answers their `seq`s.
    @discardableResult
    func append(_ events: [NewEvent], in db: Database) throws -> [Int64] {
        guard !events.isEmpty else { return [] }
        let seqs = try repository.insert(events, in: db)
        notifier.recorded()
        return seqs
    }
}

/// Who hears an event on their own stream besides the users it concerns: every member of its
/// channel (from when they joined or were invited), or no one else; and who does not, even so.
struct EventAudience: Sendable {
    var membersToo = true
    var excluding: [String] = []

    /// Only the users the event concerns.
    static let concernedOnly = EventAudience(membersToo: false)

    static func excluding(_ userIDs: [String]) -> EventAudience {
        EventAudience(excluding: userIDs)
    }
}
