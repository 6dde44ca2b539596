/// A secret as Roost shows it (push provider keys, the tokens the request journal lists):
/// every character but the last four replaced with `*`, all of them when it is that short, so
/// a reader can tell secrets apart without reading them.
enum MaskedSecret {
    static func of(_ secret: String) -> String {
        let shown = secret.count > 8 ? 4 : 0
        return String(repeating: "*", count: secret.count - shown) + secret.suffix(shown)
    }
}
