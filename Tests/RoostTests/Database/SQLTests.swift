import Testing

@testable import Roost

@Suite struct SQLTests {
    @Test func valueListsTakeFewShapes() {
        let counts = [0, 1, 2, 3, 5, 1024, 1025, 2048, 2049, 32_000, 32_766]
        #expect(counts.map(SQL.ValueList.paddedCount) == [0, 1, 2, 4, 8, 1024, 2048, 2048, 3072, 32_000, 32_766])
        let list = SQL.ValueList([7, 8, 9] as [Int64])
        #expect(list.placeholders == "?, ?, ?, ?")
        #expect(list.values.compactMap { $0 as? Int64 } == [7, 8, 9, 9])
        #expect(SQL.ValueList([] as [Int64]).placeholders == "")
    }
}
