import Foundation
import GRDB

/// How message texts become terms of the search index (`message_search`), and how a search
/// names them. A term is a word of the text, folded (lower case, accents of Latin letters
/// dropped), behind its channel's row id: `c17_resume`. A search in one channel then reads
/// only that channel's entries of the index, however common the word is in others; with the
/// channel as a separate token, FTS5 merged every matching word's entries across the whole
/// table before narrowing them to the channel.
///
/// `SearchIndex.catchUp` and the migrations' backfills call `search_words(channel_id,
/// message)`, so each connection that writes messages has the function (`register(in:)`).
/// The index's own tokenizer (`ascii` with `_`) only splits on the spaces put between terms
/// here, so what is a word, and how it folds, is decided in this one place for the index and
/// for queries alike.
enum SearchWords {
    /// The words of `text`, folded. A word is a run of letters, digits and private-use
    /// characters, with the marks that follow them (SQLite's `unicode61` rule).
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isWordCharacter(scalar) || (!word.isEmpty && isMark(scalar)) {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(fold(String(word)))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(fold(String(word))) }
        return words
    }

    /// `word` in lower case without the accents of Latin letters (`Résumé` → `resume`).
    static func fold(_ word: String) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }
        let decomposed = word.decomposedStringWithCanonicalMapping.unicodeScalars
        let bare = String(String.UnicodeScalarView(decomposed.filter { !combiningDiacritics.contains($0.value) }))
        return bare.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// The index term for a folded word (or the start of one) in a channel.
    static func term(_ word: String, in channel: Int64) -> String {
        "c\(channel)_\(word)"
    }

    /// What the index stores for a message: its terms, separated by spaces.
    static func indexText(_ text: String, in channel: Int64) -> String {
        words(in: text).map { term($0, in: channel) }.joined(separator: " ")
    }

    /// Makes `search_words(channel_id, text)` available to the schema's triggers.
    static func register(in db: GRDB.Database) {
        db.add(function: function)
    }

    private static let function = DatabaseFunction("search_words", argumentCount: 2, pure: true) { values in
        guard let channel = Int64.fromDatabaseValue(values[0]), let text = String.fromDatabaseValue(values[1]) else { return nil }
        return indexText(text, in: channel)
    }

    /// The block of combining accents that Latin letters decompose into.
    private static let combiningDiacritics: ClosedRange<UInt32> = 0x300...0x36F

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }

    /// Whether `scalar` can be part of a word: a word character, or a mark after one.
    static func isPartOfWord(_ scalar: Unicode.Scalar) -> Bool {
        isWordCharacter(scalar) || isMark(scalar)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
