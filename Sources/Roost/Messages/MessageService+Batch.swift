/// Sends through the API asked for at the same time, written together (`BatchedWrites`).
///
/// The common send (a user's text or file message to a group channel, with no reply, poll,
/// pin, mention, dedup id or time of its own, read by its sender, that no filter changes) has
/// its statements shared with the batch's others: one read of the channels, one of the
/// senders' standings, one insert of the messages, one update each of the channels, the hidden
/// memberships and the senders' reads, one read of the senders' metadata, one insert of the
/// events. Any other send is written alone in its own savepoint, after them, with every rule
/// of `send(_:as:to:at:in:)`; so is every send of a channel that has one, in order.
///
/// Either way the outcome is what the sends written one after another would give, in the
/// batch's order with the shared ones first: channels share no rows, and within a channel each
/// shared statement counts what each send did (`ReadStateRepository.SenderRead`).
extension MessageService {
    /// A send the API asked for.
    struct APISend: Sendable {
        let type: ChannelType
        let url: String
        let request: SendMessageRequest
        let messageType: MessageType
    }

    /// A send whose statements the batch shares: its rules checked, the flood limit among them.
    private struct SharedSend {
        let index: Int
        let channel: ChannelRecord
        let standing: SenderStanding
    }

    /// A sender in a channel, whose sends the flood limit counts together.
    private struct Pair: Hashable {
        let sender: Int64
        let channel: Int64
    }

    /// Writes `sends` at `now`: an outcome a send, in their order.
    func sendAll(_ sends: [APISend], at now: Int64, in db: Database) throws -> [Result<Message, any Error>] {
        var outcomes = [Result<Message, any Error>?](repeating: nil, count: sends.count)
        let found = try channels.find(urls: Set(sends.map(\.url)), in: db)
        var alone: [Int] = []
        var candidates: [(index: Int, userID: String, channel: ChannelRecord)] = []
        for (index, send) in sends.enumerated() {
            guard let channel = found[send.url], channel.type == send.type else {
                outcomes[index] = .failure(APIError.notFound("Channel"))
                continue
            }
            if let userID = send.request.userID, Self.mayShareStatements(send, in: channel, at: now, events: events.log.options.values) {
                candidates.append((index, userID, channel))
            } else {
                alone.append(index)
            }
        }
        var shared: [SharedSend] = []
        let standings = candidates.isEmpty ? [] : try self.standings.standings(of: candidates.map { ($0.userID, $0.channel) }, at: now, in: db)
        for (candidate, standing) in zip(candidates, standings) {
            do {
                let admitted = try Self.admitted(standing, in: candidate.channel)
                // A filter that changes the text has effects of its own (a penalty, an event).
                guard try ModerationSettingsRepository.filtered(sends[candidate.index].request.message ?? "", by: admitted.filters) == nil else {
                    alone.append(candidate.index)
                    continue
                }
                shared.append(SharedSend(index: candidate.index, channel: candidate.channel, standing: admitted))
            } catch {
                outcomes[candidate.index] = .failure(error)
            }
        }
        // A channel with a send written alone has all its sends written alone, in order.
        let channelsAlone = Set(alone.compactMap { found[sends[$0].url]?.rowID })
        alone += shared.filter { channelsAlone.contains($0.channel.rowID) }.map(\.index)
        shared.removeAll { channelsAlone.contains($0.channel.rowID) }
        // The flood limit counts what each sender sent before the batch, and their sends in it.
        var sentInBatch: [Pair: Int] = [:]
        shared = shared.filter { send in
            let pair = Pair(sender: send.standing.sender.rowID, channel: send.channel.rowID)
            do {
                try floodLimit.admit(alreadySent: send.standing.sentWithinSecond + sentInBatch[pair, default: 0])
                sentInBatch[pair, default: 0] += 1
                return true
            } catch {
                outcomes[send.index] = .failure(error)
                return false
            }
        }
        for (send, message) in zip(shared, try sendShared(shared, sends, at: now, in: db)) {
            outcomes[send.index] = .success(message)
        }
        for index in alone.sorted() {
            outcomes[index] = try sendAlone(sends[index], at: now, in: db)
        }
        return outcomes.map { $0 ?? .failure(APIError.notFound("Channel")) }
    }

    /// Whether a send may share its statements, as far as its request and channel tell.
    private static func mayShareStatements(_ send: APISend, in channel: ChannelRecord, at now: Int64, events: EventOptions.Values) -> Bool {
        let request = send.request
        return send.messageType != .admin && request.dedupID == nil && (request.parentMessageID ?? 0) == 0 && request.pollID == nil
            && request.pinMessage != true && (request.mentionedUserIDs ?? []).isEmpty && request.mentionType != .channel
            && request.isSilent != true && request.markAsRead != false && request.createdAt == nil
            && channel.type == .group && !channel.isEphemeral && !channel.isOneOnOne
            // Its sender's read then reaches the channel's newest message.
            && (channel.lastMessageAt ?? 0) <= now
            // Members in an event are read as each send leaves them.
            && !events.includeMembers
    }

    /// Writes the shared sends, their statements shared.
    private func sendShared(_ shared: [SharedSend], _ sends: [APISend], at now: Int64, in db: Database) throws -> [Message] {
        guard !shared.isEmpty else { return [] }
        let records = try messages.insert(shared.map { send in
            var new = NewMessage(
                sends[send.index].request, as: sends[send.index].messageType, in: send.channel.rowID, from: send.standing.sender.rowID, at: now
            )
            new.isOperatorMessage = send.standing.isOperator
            new.sendPush = sends[send.index].request.sendPush
            return new
        }, in: db)
        var byChannel: [Int64: [MessageRecord]] = [:]
        var channelOrder: [Int64] = []
        for record in records {
            if byChannel[record.channelID] == nil { channelOrder.append(record.channelID) }
            byChannel[record.channelID, default: []].append(record)
        }
        try channels.recordLastMessages(channelOrder.map { channelID in
            let sent = byChannel[channelID]!
            return ChannelRepository.NewMessages(channelID: channelID, newestID: sent.last!.id, newestAt: now, counted: sent.count)
        }, in: db)
        try readState.unhideOnNewMessages(in: channelOrder, in: db)
        // Each sender reads up to their last message in the channel; the others' after it stay unread.
        var reads: [ReadStateRepository.SenderRead] = []
        for channelID in channelOrder {
            let sent = byChannel[channelID]!
            var seen = Set<Int64>()
            for (position, record) in sent.enumerated().reversed() {
                guard let sender = record.senderRowID, seen.insert(sender).inserted else { continue }
                reads.append(ReadStateRepository.SenderRead(channelID: channelID, userRowID: sender, time: now, countedAfter: sent.count - 1 - position))
            }
        }
        try readState.markReadBySenders(reads, in: db)
        let senders = Dictionary(shared.map { ($0.standing.sender.rowID, $0.standing.sender) }) { first, _ in first }
        let users = try self.users.summaries(ofRows: [], completing: senders, in: db)
        let answers = try zip(shared, records).map { send, record in
            try assembler.new(record, in: send.channel, mentioning: [], senderIsOperator: send.standing.isOperator, users: users, in: db)
        }
        try events.log.append(try zip(shared, answers).map { send, answer in
            try events.messageEvent(.send, answer, in: send.channel, at: now, audience: .excluding([]), in: db)
        }, in: db)
        return answers
    }

    /// Writes one send alone, in a savepoint of its own, with every rule a send has.
    private func sendAlone(_ send: APISend, at now: Int64, in db: Database) throws -> Result<Message, any Error> {
        var outcome: Result<Message, any Error>?
        do {
            try db.inSavepoint {
                // Read again: a send of the batch before this one may have changed it.
                let channel = try channels.existing(send.type, url: send.url, in: db)
                outcome = .success(try self.send(send.request, as: send.messageType, to: channel, at: now, in: db))
                return .commit
            }
        } catch {
            // The whole transaction is run again (`TransactionRunner`), this send with it.
            if Database.mustRetry(error) { throw error }
            outcome = .failure(error)
        }
        return outcome!
    }
}
