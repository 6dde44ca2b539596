import Foundation

/// The newest `capacity` items of something kept in memory (outbound deliveries, requests),
/// numbered from 1 as they come; older ones drop off. A capacity of 0 keeps nothing.
final class RecentItems<Item: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// The item numbered `n` sits at `(n - 1) % capacity` while it is kept.
    private var slots: [Item?]
    private var nextNumber: Int64 = 1
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        slots = Array(repeating: nil, count: self.capacity)
    }

    /// Keeps an item; answers its number.
    @discardableResult
    func append(_ item: Item) -> Int64 {
        lock.withLock {
            let number = nextNumber
            nextNumber += 1
            if capacity > 0 { slots[slot(of: number)] = item }
            return number
        }
    }

    /// Changes an item while it is still kept.
    func update(_ number: Int64, _ change: (inout Item) -> Void) {
        lock.withLock {
            guard capacity > 0, number > nextNumber - 1 - Int64(capacity), number < nextNumber, var item = slots[slot(of: number)]
            else { return }
            change(&item)
            slots[slot(of: number)] = item
        }
    }

    /// The items kept after `number`, oldest first, with their numbers.
    func items(after number: Int64 = 0) -> [(number: Int64, item: Item)] {
        lock.withLock {
            guard capacity > 0 else { return [] }
            let first = max(number + 1, nextNumber - Int64(capacity), 1)
            return stride(from: first, to: nextNumber, by: 1).compactMap { number in slots[slot(of: number)].map { (number, $0) } }
        }
    }

    func clear() {
        lock.withLock { slots = Array(repeating: nil, count: capacity) }
    }

    private func slot(of number: Int64) -> Int {
        Int((number - 1) % Int64(capacity))
    }
}
