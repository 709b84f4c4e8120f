/// The indices `0..<count` in the order `before` gives, found one at a time from a binary heap: a map places its
/// first fourteen street names from hundreds of candidates, and sorting them all was most of the naming's work.
/// `before` must be a strict total order (break ties by index) so the order is the sort's own.
struct IndexHeap {
    private var heap: [Int]
    private let before: (Int, Int) -> Bool

    init(count: Int, before: @escaping (Int, Int) -> Bool) {
        heap = Array(0..<count)
        self.before = before
        var parent = count / 2 - 1
        while parent >= 0 {
            sink(parent)
            parent -= 1
        }
    }

    /// The next index in order, nil once all were given.
    mutating func next() -> Int? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            sink(0)
        }
        return first
    }

    private mutating func sink(_ start: Int) {
        var parent = start
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            var child = left
            if left + 1 < count, before(heap[left + 1], heap[left]) { child = left + 1 }
            guard before(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            parent = child
        }
    }
}
