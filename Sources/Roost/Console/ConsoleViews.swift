import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// Renders the console's pages from `ConsoleTemplates`, with what every page shows (the
/// session's CSRF token, the last action's notice), and the headers every page carries.
struct ConsoleViews: Sendable {
    /// Parsed when the console renders its first page rather than at start-up, where parsing
    /// took ~15 ms. The templates are Roost's own, and a test renders each of them, so one that
    /// does not parse fails it.
    private static let library: MustacheLibrary? = {
        var library = MustacheLibrary()
        for (name, template) in ConsoleTemplates.all {
            guard (try? library.register(template, named: name)) != nil else { return nil }
        }
        return library
    }()

    /// `page` is one of `ConsolePages`' types.
    func render(_ name: String, _ page: Any) -> String {
        Self.library?.render(page, withTemplate: name) ?? ""
    }

    func page(_ name: String, _ page: Any, csrf: String, notice: ConsoleSessions.Notice?, status: HTTPResponse.Status = .ok) -> Response {
        Self.html(render(name, Layout(csrf: csrf, notice: notice, page: page)), status: status)
    }

    /// What the layout shows around every page (the session's CSRF token, the last action's
    /// notice); every other name is the page's own.
    private struct Layout: MustacheParent {
        let csrf: String
        let notice: ConsoleSessions.Notice?
        let page: Any

        func child(named name: String) -> Any? {
            switch name {
            case "csrf": return csrf
            case "notice": return notice
            default:
                guard let value = Mirror(reflecting: page).children.first(where: { $0.label == name })?.value else { return nil }
                // A property that is an absent optional is no value at all.
                let optional = Mirror(reflecting: value)
                guard optional.displayStyle == .optional else { return value }
                return optional.children.first?.value
            }
        }
    }

    /// Pages are never cached, framed or given scripts from elsewhere.
    static func html(_ text: String, status: HTTPResponse.Status = .ok, cookies: [String] = []) -> Response {
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'self'; frame-ancestors 'none'; form-action 'self'",
            .xFrameOptions: "DENY", .xContentTypeOptions: "nosniff",
        ]
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-cache", .xContentTypeOptions: "nosniff"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }

    /// After a form: the page to show next (Post/Redirect/Get, so a reload sends nothing again).
    static func redirect(to location: String, cookies: [String] = []) -> Response {
        var headers: HTTPFields = [.location: location, .cacheControl: "no-store"]
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return Response(status: .seeOther, headers: headers)
    }
}

extension HTTPField.Name {
    static let xFrameOptions = Self("X-Frame-Options")!
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
}
