import Testing
@testable import Roost

/// Each application draws from a random source of its own: a seeded one repeats its
/// identifiers whatever another application in the process draws meanwhile.
@Suite struct RandomTokensTests {
    @Test func aSeededSourceRepeatsItselfAlone() {
        let first = RandomTokens(seed: 42)
        let token = first.hex(bytes: 20)
        let number = first.number(in: 100...999_999)
        let other = RandomTokens(seed: 7)
        _ = other.hex(bytes: 20)
        let second = RandomTokens(seed: 42)
        #expect(second.hex(bytes: 20) == token)
        #expect(second.number(in: 100...999_999) == number)
        #expect(token.count == 40)
        #expect(RandomTokens().hex(bytes: 20) != RandomTokens().hex(bytes: 20))
    }
}
