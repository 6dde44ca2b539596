/// The body of `PUT {channel_url}/freeze`, for either kind of channel.
struct FreezeRequest: Decodable {
    var freeze: Bool
}
