import NIOCore

extension RoostContext {
    /// Calls `action` once, as soon as the client closes its side of the connection or the
    /// connection goes. A long answer (a live stream) otherwise learns that its reader left
    /// only when a later write fails, which may be many seconds away. Hummingbird keeps
    /// half-closed connections open, so the client's FIN arrives as `inputClosed`.
    func onClientDeparture(_ action: @escaping @Sendable () -> Void) {
        let channel = connection
        channel.eventLoop.execute {
            do {
                try channel.pipeline.syncOperations.addHandler(ClientDepartureHandler(action), position: .first)
            } catch {
                // The channel has closed already.
                action()
            }
        }
    }
}

/// Passes everything on; tells its action when the input closes or the channel goes inactive.
private final class ClientDepartureHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    private var action: (@Sendable () -> Void)?

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { depart() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        depart()
        context.fireChannelInactive()
    }

    private func depart() {
        action?()
        action = nil
    }
}

extension RoostContext {
    /// Closes the connection: a long answer's writer fails at its next write and stops.
    func disconnect() {
        connection.close(promise: nil)
    }
}
