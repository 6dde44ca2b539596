import Foundation

/// Applies a channel's profanity and domain filters to a message's text: what was found,
/// and the text to store.
struct TextFilter: Sendable {
    enum Verdict: Equatable {
        case clean
        /// Profanity replaced with asterisks, one for each character.
        case replaced(String)
        case blockedProfanity
        case blockedDomain
    }

    static let maxKeywords = 1_000
    static let maxRegexFilters = 100
    static let maxRegexLength = 256

    let settings: [ModerationSettings]

    func verdict(on text: String) -> Verdict {
        var text = text
        var replaced = false
        for settings in self.settings {
            if blocksDomain(in: text, settings.domainFilter) { return .blockedDomain }
            let filter = settings.profanityFilter
            guard filter.type == 1 || filter.type == 2 else { continue }
            var ranges = Self.keywordRanges(in: text, keywords: filter.keywords)
            if filter.type == 2 {
                ranges += filter.regexFilters.flatMap { Self.ranges(of: $0.regex, in: text) }
                if !ranges.isEmpty { return .blockedProfanity }
                continue
            }
            // Replacing applies to keywords; Sendbird's regular expressions only block.
            guard !ranges.isEmpty else { continue }
            let characters = NSMutableString(string: text)
            for range in ranges { characters.replaceCharacters(in: range, with: String(repeating: "*", count: range.length)) }
            text = characters as String
            replaced = true
        }
        return replaced ? .replaced(text) : .clean
    }

    /// Keywords as whole words, case-insensitively; `*` at an end lets the word go on.
    private static func keywordRanges(in text: String, keywords: [String]) -> [NSRange] {
        keywords.flatMap { keyword -> [NSRange] in
            let leading = keyword.hasPrefix("*"), trailing = keyword.hasSuffix("*")
            let core = keyword.trimmingCharacters(in: CharacterSet(charactersIn: "*"))
            guard !core.isEmpty else { return [] }
            let pattern = (leading ? "\\w*" : "\\b") + NSRegularExpression.escapedPattern(for: core) + (trailing ? "\\w*" : "\\b")
            return ranges(of: pattern, in: text, options: [.caseInsensitive])
        }
    }

    private static func ranges(of pattern: String, in text: String, options: NSRegularExpression.Options = []) -> [NSRange] {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: options) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map(\.range)
    }

    private func blocksDomain(in text: String, _ filter: ModerationSettings.DomainFilter) -> Bool {
        guard filter.type == 1 || filter.type == 2 else { return false }
        let listed = Set(filter.domains.map { $0.lowercased() })
        let found = Self.ranges(of: #"\b(?:https?://)?((?:[a-z0-9-]+\.)+[a-z]{2,})"#, in: text, options: [.caseInsensitive])
            .compactMap { Range($0, in: text).map { String(text[$0]).lowercased() } }
            .map { host in host.replacingOccurrences(of: #"^https?://"#, with: "", options: .regularExpression) }
        let matches = { (host: String) in listed.contains { host == $0 || host.hasSuffix("." + $0) } }
        return filter.type == 2 ? found.contains(where: matches) : found.contains { !matches($0) }
    }
}
