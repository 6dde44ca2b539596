import Foundation
import HTTPTypes
import Hummingbird

/// The admin console under `/console`: server-rendered pages over Roost's own API. Reads and
/// actions are API calls made with the signed-in admin's token (`ConsoleAPI`); each form
/// carries the session's CSRF token and ends in a redirect, its outcome shown once on the
/// next page.
struct ConsoleRoutes: Sendable {
    let api: ConsoleAPI
    let sessions: ConsoleSessions
    let views: ConsoleViews
    let policy: any APIAccessPolicy
    let database: AppDatabase
    let clock: WallClock
    let repository = ConsoleRepository()

    typealias Session = ConsoleSessions.Session
    typealias Page = @Sendable (Request, RoostContext, Session) async throws -> Response
    /// An action answers where to go next.
    typealias Action = @Sendable (ConsoleForm, RoostContext, Session) async throws -> String

    init(api: ConsoleAPI, sessions: ConsoleSessions, policy: any APIAccessPolicy, database: AppDatabase, clock: WallClock) {
        self.api = api
        self.sessions = sessions
        self.views = ConsoleViews()
        self.policy = policy
        self.database = database
        self.clock = clock
    }

    func register(on group: RouterGroup<RoostContext>) {
        group.get("console.css", use: style)
        group.get("console.js", use: script)
        registerSignIn(on: group)
        registerOverview(on: group)
        registerUsers(on: group)
        registerChannels(on: group)
        registerMessages(on: group)
        registerModeration(on: group)
        registerEmulator(on: group)
    }

    // MARK: Signing in and out

    func registerSignIn(on group: RouterGroup<RoostContext>) {
        group.get("sign-in", use: signInForm)
        group.post("sign-in", use: signIn)
        action(group, "sign-out", signOut)
    }

    /// The sign-in form, with a fresh CSRF token in its own cookie (there is no session yet).
    func signInPage(error: String?, status: HTTPResponse.Status = .ok) -> Response {
        let csrf = sessions.newSecret()
        return ConsoleViews.html(
            views.render("sign-in", ConsolePages.SignIn(csrf: csrf, error: error)), status: status,
            cookies: [ConsoleSessions.setCookie(ConsoleSessions.signInCookieName, csrf)]
        )
    }

    // MARK: Helpers

    /// A page for signed-in admins; others are sent to sign in.
    func page(_ group: RouterGroup<RoostContext>, _ path: String, _ build: @escaping Page) {
        group.get(RouterPath(path)) { request, context in
            guard let session = sessions.session(for: request) else { return ConsoleViews.redirect(to: "/console/sign-in") }
            do {
                return try await build(request, context, session)
            } catch let problem as ConsoleProblem {
                return self.problem(problem.message, session, status: problem.status)
            }
        }
    }

    /// A form's target: signed-in admins only, and only with the session's CSRF token;
    /// anything else changes nothing.
    func action(_ group: RouterGroup<RoostContext>, _ path: String, _ run: @escaping Action) {
        group.post(RouterPath(path)) { request, context in
            guard let session = sessions.session(for: request) else { return ConsoleViews.redirect(to: "/console/sign-in") }
            let form = try await ConsoleForm(request)
            guard ConsoleSessions.same(form["csrf"], session.csrf) else {
                return views.page("error", ConsolePages.Problem(
                    heading: "Form refused",
                    message: "This form did not come from your console session (its CSRF token is missing or wrong), so nothing was changed. Reload the page and try again."
                ), csrf: session.csrf, notice: nil, status: .forbidden)
            }
            return ConsoleViews.redirect(to: try await run(form, context, session))
        }
    }

    func call<Answer>(
        _ method: HTTPRequest.Method, _ path: String, body: (any Encodable & Sendable)? = nil, as answer: Answer.Type,
        _ session: Session, _ context: RoostContext
    ) async throws -> ConsoleAPI.Reply<Answer> {
        try await api.call(method, path, body: body, as: answer, token: session.token, context: context)
    }

    /// An action's call, whose answer says only whether it worked.
    func call(
        _ method: HTTPRequest.Method, _ path: String, body: (any Encodable & Sendable)? = nil, _ session: Session,
        _ context: RoostContext
    ) async throws -> ConsoleAPI.Reply<ConsoleAnswers.Ignored> {
        try await call(method, path, body: body, as: ConsoleAnswers.Ignored.self, session, context)
    }

    /// `page` is one of `ConsolePages`' types, the one the template `name` reads.
    func show(_ name: String, _ page: Any, _ session: Session, status: HTTPResponse.Status = .ok) -> Response {
        views.page(name, page, csrf: session.csrf, notice: sessions.takeNotice(of: session), status: status)
    }

    func problem(_ message: String, _ session: Session, status: HTTPResponse.Status = .badRequest) -> Response {
        show("error", ConsolePages.Problem(heading: "Something is wrong", message: message), session, status: status)
    }

    /// The API's answer to an action, in plain words on the next page.
    func tell<Answer>(_ session: Session, _ reply: ConsoleAPI.Reply<Answer>, done: String) {
        if let failure = reply.failure {
            sessions.tell(session, failure, isError: true)
        } else {
            sessions.tell(session, done)
        }
    }

    /// A channel named in a console path: its kind (`group` or `open`) and URL.
    struct ChannelAddress {
        let type: String
        let url: String

        init(_ context: RoostContext) throws {
            let type = try context.pathParameter("type")
            guard type == "group" || type == "open" else { throw APIError.pageNotFound }
            self.type = type
            self.url = try context.pathParameter("channel_url")
        }

        var api: String { "/v3/\(type)_channels/\(ConsoleRoutes.encoded(url))" }
        var page: String { "/console/channels/\(type)/\(ConsoleRoutes.encoded(url))" }
    }

    /// Text made safe as one path segment or query value.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ""
    }

    @Sendable func style(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        ConsoleViews.asset(ConsoleTemplates.style, type: "text/css; charset=utf-8")
    }

    @Sendable func script(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        ConsoleViews.asset(ConsoleTemplates.script, type: "text/javascript; charset=utf-8")
    }

    @Sendable func signInForm(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        if sessions.session(for: request) != nil { return ConsoleViews.redirect(to: "/console") }
        return signInPage(error: nil)
    }

    @Sendable func signIn(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let form = try await ConsoleForm(request)
        guard let expected = ConsoleSessions.cookie(ConsoleSessions.signInCookieName, in: request),
              ConsoleSessions.same(form["csrf"], expected)
        else { return signInPage(error: "The sign-in form was out of date; try again.", status: .forbidden) }
        guard policy.allows(context.remoteAddress) else { return signInPage(error: APIError.addressNotAllowed.message, status: .forbidden) }
        // What the token may do is the API's to decide, call by call (the emulator is master-only).
        guard let token = form.text("token"), policy.kind(of: token) != nil else {
            return signInPage(error: "That is not an API token of this application.", status: .unauthorized)
        }
        let session = sessions.start(token: token)
        return ConsoleViews.redirect(to: "/console", cookies: [
            ConsoleSessions.setCookie(ConsoleSessions.cookieName, session.id),
            ConsoleSessions.setCookie(ConsoleSessions.signInCookieName, "", maxAge: 0),
        ])
    }

    @Sendable func signOut(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        sessions.end(session)
        return "/console/sign-in"
    }
}
