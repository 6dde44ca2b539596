import Hummingbird

/// What `GET /health` answers: `status` is `ok` while writes go through, and `out_of_space`
/// (with `"writable": false`) from a write that failed for lack of disk space until space has
/// been freed; reads are answered meanwhile.
struct HealthStatus: ResponseEncodable, Sendable {
    let status: String
    let writable: Bool
    let message: String?

    init(storage: StorageHealth) {
        writable = storage.isWritable
        status = writable ? "ok" : "out_of_space"
        message = writable ? nil : APIError.outOfSpace.message
    }
}
