import HTTPTypes
import Hummingbird
import Synchronization

/// Sendbird's Platform API rate limits, emulated (`--rate-limits PLAN`, off by default): with a
/// plan, each `/v3` request counts against its method's allowance for the whole application,
/// and a call the Rate limits page lists with a stricter limit also against its own allowance
/// at its scope (a user, a channel, or the application). A request that would go past either is
/// refused as Sendbird refuses it (HTTP 429, code 500910, `X-RateLimit-RetryAfter`) before any
/// handler sees it, and counts against neither. Windows are whole seconds of the emulator's
/// clock, so a test moves past one with `/roost/clock` instead of sleeping. Counters live in
/// memory: nothing reaches the database.
final class RateLimiter: Sendable {
    /// One allowance of a window: a method's across the application, or a stricter call's at
    /// its scope.
    struct Allowance: Hashable, Sendable, Comparable {
        let method: RateLimitMethod
        let call: StrictAPI?
        let scope: StrictAPI.Scope
        /// The user or channel counted, as the request's path spells it; "" for the application.
        let key: String

        static func < (left: Allowance, right: Allowance) -> Bool {
            (left.call?.rawValue ?? "", left.scope.rawValue, left.key, left.method.rawValue)
                < (right.call?.rawValue ?? "", right.scope.rawValue, right.key, right.method.rawValue)
        }
    }

    /// What the limits make of a request.
    enum Outcome: Sendable {
        /// No plan, or a request no plan limits.
        case unlimited
        /// Counted; the allowance with the fewest requests left, for the response's headers.
        case admitted(limit: Int, remaining: Int, resetMilliseconds: Int64)
        case refused(scope: StrictAPI.Scope, limit: Int, resetMilliseconds: Int64)
    }

    private struct State {
        var plan: RateLimitPlan
        /// The second (of the emulator's clock) the counts are for.
        var second: Int64 = .min
        var used: [Allowance: Int] = [:]

        mutating func roll(to second: Int64) {
            guard second != self.second else { return }
            self.second = second
            used = [:]
        }
    }

    private let clock: WallClock
    private let state: Mutex<State>
    /// Whether a plan is on, read without the lock: with limits off, a request costs one load.
    private let isOn: Atomic<Bool>

    init(plan: RateLimitPlan, clock: WallClock) {
        self.clock = clock
        state = Mutex(State(plan: plan))
        isOn = Atomic(plan != .off)
    }

    /// Counts `method` on `path` against the plan's allowances, unless one is used up.
    func admit(method: HTTPRequest.Method, path: String) -> Outcome {
        guard isOn.load(ordering: .relaxed), path.hasPrefix("/v3/"), let method = RateLimitMethod(rawValue: method.rawValue) else {
            return .unlimited
        }
        let strict = StrictAPI.call(method, path.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false))
        let now = clock.now
        return state.withLock { state -> Outcome in
            guard let methodLimit = state.plan.limit(for: method) else { return .unlimited }
            let second = now / 1000
            state.roll(to: second)
            let reset = (second + 1) * 1000 - now
            // The stricter allowance first: a refusal names the narrowest scope that refused.
            var checks: [(allowance: Allowance, limit: Int)] = []
            if let strict {
                checks.append((Allowance(method: method, call: strict.api, scope: strict.scope, key: strict.key), StrictAPI.limit))
            }
            checks.append((Allowance(method: method, call: nil, scope: .application, key: ""), methodLimit))
            for (allowance, limit) in checks where state.used[allowance, default: 0] >= limit {
                return .refused(scope: allowance.scope, limit: limit, resetMilliseconds: reset)
            }
            var tightest = (limit: methodLimit, remaining: Int.max)
            for (allowance, limit) in checks {
                let used = state.used[allowance, default: 0] + 1
                state.used[allowance] = used
                if limit - used < tightest.remaining { tightest = (limit, limit - used) }
            }
            return .admitted(limit: tightest.limit, remaining: tightest.remaining, resetMilliseconds: reset)
        }
    }

    /// Switches plans; every count starts over.
    func change(to plan: RateLimitPlan) {
        state.withLock { state in state = State(plan: plan) }
        isOn.store(plan != .off, ordering: .relaxed)
    }

    /// Every count starts over (an emulator reset); the plan stays.
    func clear() {
        state.withLock { state in state = State(plan: state.plan) }
    }

    /// The plan and what the current window has used, for `GET /roost/rate-limits`.
    var usage: RateLimitUsage {
        let now = clock.now
        return state.withLock { state in
            let second = now / 1000
            let current = state.second == second
            return RateLimitUsage(
                plan: state.plan,
                limits: RateLimitUsage.Limits(state.plan),
                windowStartedAt: second * 1000,
                used: current ? state.used.sorted { $0.key < $1.key }.map { allowance, used in
                    RateLimitUsage.Item(
                        method: allowance.method, call: allowance.call?.rawValue ?? "", scope: allowance.scope, key: allowance.key,
                        used: used, limit: allowance.call == nil ? state.plan.limit(for: allowance.method) ?? 0 : StrictAPI.limit
                    )
                } : []
            )
        }
    }
}

extension RateLimiter.Outcome {
    /// Sendbird's answer to a refused request.
    var refusal: Response? {
        guard case .refused(let scope, let limit, let reset) = self else { return nil }
        let seconds = RateLimitHeaders.seconds(reset)
        // Sendbird's message names the scope as `app` for the application.
        let scopeName = scope == .application ? "app" : scope.rawValue
        var response = ErrorResponses.response(for: APIError(
            code: 500910,
            message: "Too many requests (scope: \(scopeName), limit: \(limit);w=1, remaining: 0, retry_after: \(seconds)s, reset: \(seconds)s)",
            status: .tooManyRequests
        ))
        RateLimitHeaders.write(limit: limit, remaining: 0, resetMilliseconds: reset, retry: true, to: &response.headers)
        return response
    }

    /// Labels an admitted request's answer with what is left of its allowance.
    func label(_ response: inout Response) {
        guard case .admitted(let limit, let remaining, let reset) = self else { return }
        RateLimitHeaders.write(limit: limit, remaining: remaining, resetMilliseconds: reset, retry: false, to: &response.headers)
    }
}

/// Sendbird's `X-RateLimit-*` headers: the limit as `N;w=SECONDS`, the requests left, and the
/// seconds until the window resets (and, on a refusal, until a retry may pass).
enum RateLimitHeaders {
    static let limit = HTTPField.Name("X-RateLimit-Limit")!
    static let remaining = HTTPField.Name("X-RateLimit-Remaining")!
    static let reset = HTTPField.Name("X-RateLimit-Reset")!
    static let retryAfter = HTTPField.Name("X-RateLimit-RetryAfter")!

    static func write(limit: Int, remaining: Int, resetMilliseconds: Int64, retry: Bool, to headers: inout HTTPFields) {
        headers[Self.limit] = "\(limit);w=1"
        headers[Self.remaining] = String(remaining)
        headers[Self.reset] = seconds(resetMilliseconds)
        if retry { headers[retryAfter] = seconds(resetMilliseconds) }
    }

    /// Milliseconds as seconds with three decimals: `0.250`.
    static func seconds(_ milliseconds: Int64) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

/// `GET /roost/rate-limits`: the plan, its limits, and each allowance the current window has used.
struct RateLimitUsage: Sendable, Encodable, ResponseEncodable {
    /// Requests a second each method may make across the application, and each stricter call
    /// at its scope; all 0 with the limits off.
    struct Limits: Sendable, Encodable {
        let get: Int
        let post: Int
        let put: Int
        let delete: Int
        let stricter: Int

        init(_ plan: RateLimitPlan) {
            get = plan.limit(for: .get) ?? 0
            post = plan.limit(for: .post) ?? 0
            put = plan.limit(for: .put) ?? 0
            delete = plan.limit(for: .delete) ?? 0
            stricter = plan == .off ? 0 : StrictAPI.limit
        }

        enum CodingKeys: String, CodingKey {
            case get = "GET", post = "POST", put = "PUT", delete = "DELETE", stricter
        }
    }

    /// One allowance: a method's across the application (`call` ""), or a stricter call's at its
    /// scope, for the user or channel `key` names.
    struct Item: Sendable, Encodable {
        let method: RateLimitMethod
        let call: String
        let scope: StrictAPI.Scope
        let key: String
        let used: Int
        let limit: Int
    }

    let plan: RateLimitPlan
    let limits: Limits
    let windowStartedAt: Int64
    let used: [Item]

    enum CodingKeys: String, CodingKey {
        case plan, limits, windowStartedAt = "window_started_at", used
    }
}
