import Foundation

/// The current time in Unix milliseconds. Injected so that tests can move time forward
/// (token expiry, bans and mutes that lapse) without sleeping.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Int64

    public init(_ read: @escaping @Sendable () -> Int64) {
        self.read = read
    }

    public static let system = WallClock { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

    var now: Int64 { read() }

    /// The last millisecond of the year 9999: the latest time a request may name. Later ones
    /// overflow once a period or a lead is added to them, or counted in milliseconds.
    static let latestTime: Int64 = 253_402_300_799_999
}
