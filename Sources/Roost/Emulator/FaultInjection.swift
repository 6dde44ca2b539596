import Hummingbird
import Synchronization

/// Faults a test asks for (`/roost/faults`): the next `times` requests matching a method and a
/// path prefix get an error (an HTTP status with a Sendbird code) or a delay, without
/// touching any data; then normal service resumes. Roost's own routes are never matched.
final class FaultInjection: Sendable {
    struct Fault: Sendable, Codable, Equatable {
        var method: String?
        var pathPrefix: String
        var status: Int?
        var code: Int?
        var message: String?
        var delayMS: Int?
        var times: Int

        enum CodingKeys: String, CodingKey {
            case method, pathPrefix = "path_prefix", status, code, message, delayMS = "delay_ms", times
        }

        /// `times` is 1 when left out.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            method = try container.decodeIfPresent(String.self, forKey: .method)
            pathPrefix = try container.decodeIfPresent(String.self, forKey: .pathPrefix) ?? ""
            status = try container.decodeIfPresent(Int.self, forKey: .status)
            code = try container.decodeIfPresent(Int.self, forKey: .code)
            message = try container.decodeIfPresent(String.self, forKey: .message)
            delayMS = try container.decodeIfPresent(Int.self, forKey: .delayMS)
            times = try container.decodeIfPresent(Int.self, forKey: .times) ?? 1
        }
    }

    private let faults = Mutex<[Fault]>([])
    /// How many faults are set, read without the lock: a request meets none while it is 0.
    private let count = Atomic<Int>(0)

    static let maxFaults = 100

    func add(_ fault: Fault) throws(APIError) -> [Fault] {
        guard !fault.pathPrefix.isEmpty else { throw .missing("path_prefix") }
        guard fault.times > 0 else { throw .invalid("times", "Give 1 or more.") }
        if let status = fault.status {
            guard (400...599).contains(status) else { throw .outOfRange("status", 400...599) }
        }
        if let delay = fault.delayMS {
            guard (0...60_000).contains(delay) else { throw .outOfRange("delay_ms", 0...60_000) }
        }
        guard fault.status != nil || fault.delayMS != nil else { throw .missing("status") }
        return try faults.withLock { faults throws(APIError) in
            guard faults.count < Self.maxFaults else { throw .tooManyItems("faults", max: Self.maxFaults) }
            faults.append(fault)
            count.store(faults.count, ordering: .releasing)
            return faults
        }
    }

    var active: [Fault] { faults.withLock { $0 } }

    func clear() {
        faults.withLock { faults in
            faults.removeAll()
            count.store(0, ordering: .releasing)
        }
    }

    /// The fault a request meets, used up by one; nil when none matches.
    func take(method: String, path: String) -> Fault? {
        guard count.load(ordering: .acquiring) > 0 else { return nil }
        return faults.withLock { faults in
            guard let index = faults.firstIndex(where: { fault in
                (fault.method.map { $0.uppercased() == method } ?? true) && path.hasPrefix(fault.pathPrefix)
            }) else { return nil }
            let fault = faults[index]
            faults[index].times -= 1
            if faults[index].times == 0 { faults.remove(at: index) }
            count.store(faults.count, ordering: .releasing)
            return fault
        }
    }
}

extension FaultInjection {
    /// Meets the fault injected for `request`, if one matches: waits its delay, then throws its
    /// error. Roost's own routes are never matched. Runs before anything else sees the request.
    func meet(_ request: Request) async throws {
        let path = request.uri.path
        guard !path.hasPrefix("/roost"), let fault = take(method: request.method.rawValue, path: path) else { return }
        if let delay = fault.delayMS { try await Task.sleep(for: .milliseconds(delay)) }
        guard let status = fault.status else { return }
        throw APIError(
            code: fault.code ?? (status == 429 ? 500910 : status >= 500 ? 500901 : 400000 + status),
            message: fault.message ?? "A fault injected through /roost/faults.",
            status: HTTPResponse.Status(code: status)
        )
    }
}
