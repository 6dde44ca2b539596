import Synchronization

/// The newest `capacity` items of something kept in memory (outbound deliveries, requests),
/// numbered from 1 as they come; older ones drop off. A capacity of 0 keeps nothing.
final class RecentItems<Item: Sendable>: Sendable {
    private struct Kept {
        /// The item numbered `n` sits at `(n - 1) % capacity` while it is kept.
        var slots: [Item?]
        var nextNumber: Int64 = 1
    }

    private let kept: Mutex<Kept>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        kept = Mutex(Kept(slots: Array(repeating: nil, count: self.capacity)))
    }

    /// Keeps an item; answers its number.
    @discardableResult
    func append(_ item: Item) -> Int64 {
        kept.withLock { kept in
            let number = kept.nextNumber
            kept.nextNumber += 1
            if capacity > 0 { kept.slots[slot(of: number)] = item }
            return number
        }
    }

    /// Changes an item while it is still kept.
    func update(_ number: Int64, _ change: (inout Item) -> Void) {
        kept.withLock { kept in
            guard capacity > 0, number > kept.nextNumber - 1 - Int64(capacity), number < kept.nextNumber,
                  var item = kept.slots[slot(of: number)]
            else { return }
            change(&item)
            kept.slots[slot(of: number)] = item
        }
    }

    /// The items kept after `number`, oldest first, with their numbers.
    func items(after number: Int64 = 0) -> [(number: Int64, item: Item)] {
        kept.withLock { kept in
            guard capacity > 0 else { return [] }
            // `number` comes from a client: Int64.max must not overflow.
            let first = max(min(number, kept.nextNumber) + 1, kept.nextNumber - Int64(capacity), 1)
            return stride(from: first, to: kept.nextNumber, by: 1).compactMap { number in kept.slots[slot(of: number)].map { (number, $0) } }
        }
    }

    func clear() {
        kept.withLock { $0.slots = Array(repeating: nil, count: capacity) }
    }

    private func slot(of number: Int64) -> Int {
        Int((number - 1) % Int64(capacity))
    }
}
