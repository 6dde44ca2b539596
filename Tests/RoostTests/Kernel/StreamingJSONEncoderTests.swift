import Foundation
import Testing

@testable import Roost

@Suite struct StreamingJSONEncoderTests {
    struct Sample: Codable, Equatable {
        var text: String
        var number: Int64
        var ratio: Double
        var flag: Bool
        var missing: String?
        var present: Int?
        var list: [String]
        var nested: [[Int]]
        var map: [String: [String: Bool]]
        var empty: [String: String]
    }

    private func text(_ value: some Encodable) throws -> String {
        String(decoding: try StreamingJSONEncoder().encode(value), as: UTF8.self)
    }

    @Test func roundTripsThroughFoundationsDecoder() throws {
        let sample = Sample(
            text: "quote \" backslash \\ slash / newline \n tab \t bell \u{07} nul \u{00} é 😀 \u{2028}",
            number: -9_223_372_036_854_775_807, ratio: 0.1, flag: true, missing: nil, present: 7,
            list: ["", "a,b", "}{"], nested: [[], [1, 2], [3]], map: ["k\"ey": ["x": false]], empty: [:]
        )
        let bytes = try StreamingJSONEncoder().encode(sample)
        #expect(try JSONDecoder().decode(Sample.self, from: Data(bytes)) == sample)
        #expect((try? JSONSerialization.jsonObject(with: Data(bytes))) != nil)
    }

    @Test func writesFieldsInOrderWithoutSpaces() throws {
        struct Pair: Encodable {
            enum CodingKeys: String, CodingKey { case b, a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode("x/y", forKey: .b)
                try container.encodeNil(forKey: .a)
            }
        }
        #expect(try text(Pair()) == #"{"b":"x/y","a":null}"#)
        #expect(try text([1.0, 2.5, -0.0]) == "[1,2.5,-0]")
        #expect(try text("\u{1F}") == #""\u001f""#)
        #expect(try text([String: Int]()) == "{}")
        #expect(try text([Int?.none]) == "[null]")
    }

    @Test func nestedContainersCloseBeforeTheNextField() throws {
        struct Nesting: Encodable {
            enum CodingKeys: String, CodingKey { case inner, list, after }
            enum InnerKeys: String, CodingKey { case value }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
                try inner.encode(1, forKey: .value)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(true)
                var deeper = list.nestedUnkeyedContainer()
                try deeper.encode("d")
                try container.encode(2, forKey: .after)
            }
        }
        #expect(try text(Nesting()) == #"{"inner":{"value":1},"list":[true,["d"]],"after":2}"#)
    }

    struct Tag: JSONObject {
        let name: String
        func write(to fields: inout JSONFields) throws { fields.write("name", name) }
    }

    struct Card: JSONObject {
        let id: Int64
        let tags: [Tag]
        let pinned: Tag?
        let extra: [String: String]

        func write(to fields: inout JSONFields) throws {
            fields.write("id", id)
            try fields.write("tags", tags)
            try fields.writeOrNull("pinned", pinned)
            try fields.writeIfPresent("missing", pinned)
            try fields.write("extra", extra)
            try Tag(name: "merged").write(to: &fields)
        }
    }

    /// A card with fields of its own: the two parts write one object.
    struct Labelled: Encodable {
        struct Label: Encodable { let label: String }
        let card: Card
        let label: Label

        func encode(to encoder: any Encoder) throws {
            try card.encode(to: encoder)
            try label.encode(to: encoder)
        }
    }

    @Test func objectsWriteTheirOwnFieldsUnderTheServersEncoderOnly() throws {
        let card = Card(id: 7, tags: [Tag(name: "a\"b"), Tag(name: "c")], pinned: nil, extra: ["k": "v"])
        #expect(try text([card]) == #"[{"id":7,"tags":[{"name":"a\"b"},{"name":"c"}],"pinned":null,"extra":{"k":"v"},"name":"merged"}]"#)
        #expect(try text(Labelled(card: Card(id: 1, tags: [], pinned: Tag(name: "p"), extra: [:]), label: .init(label: "x")))
            == #"{"id":1,"tags":[],"pinned":{"name":"p"},"missing":{"name":"p"},"extra":{},"name":"merged","label":"x"}"#)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode([card]) }
    }

    @Test func refusesNumbersJSONCannotHold() {
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(["x": Double.infinity]) }
    }
}
