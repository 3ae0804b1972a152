/// The heights of a list's slots (section headers, rows, section footers, in order) as a
/// Fenwick tree of prefix sums, so a 100,000-row table finds the row at an offset, and the
/// offset of a row, in O(log n), and one row's height changes in O(log n) when it is measured.
///
/// Each slot remembers whether its height is exact or an estimate (`estimatedRowHeight`): an
/// estimated row is measured when it is first displayed.
struct RowHeightIndex {
    /// The Fenwick tree: `tree[i]` (1-based) holds the sum of the `i & -i` heights ending at `i`.
    private var tree: [Double] = [0]
    /// The heights themselves (0-based).
    private(set) var heights: [Double] = []
    /// Whether each slot's height is exact (measured or given) rather than estimated.
    private(set) var isExact: [Bool] = []

    /// The number of slots.
    var count: Int { heights.count }

    /// The sum of every height.
    private(set) var total: Double = 0

    /// Rebuilds the index from `heights`.
    /// - Complexity: O(n).
    mutating func rebuild(heights newHeights: [Double], exact: [Bool]) {
        heights = newHeights
        isExact = exact
        tree = [0] + newHeights
        tree.reserveCapacity(newHeights.count + 1)
        var i = 1
        while i < tree.count {
            let parent = i + (i & -i)
            if parent < tree.count { tree[parent] += tree[i] }
            i += 1
        }
        total = newHeights.reduce(0, +)
    }

    /// The height of `slot`.
    /// - Complexity: O(1).
    func height(of slot: Int) -> Double { heights[slot] }

    /// Sets the height of `slot` (exact from now on); returns the change.
    /// - Complexity: O(log n), no allocation.
    @discardableResult
    mutating func setHeight(_ height: Double, of slot: Int) -> Double {
        isExact[slot] = true
        let delta = height - heights[slot]
        guard delta != 0 else { return 0 }
        heights[slot] = height
        total += delta
        var i = slot + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
        return delta
    }

    /// The offset of the top of `slot`: the sum of the heights before it.
    /// - Complexity: O(log n), no allocation.
    func offset(of slot: Int) -> Double {
        var sum = 0.0
        var i = slot
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// The slot that covers offset `y` (the last slot for `y` at or past the end, the first for
    /// `y` before the start); nil when there are no slots. A zero-height slot never covers a point.
    /// - Complexity: O(log n), no allocation (a descent of the Fenwick tree).
    func slot(at y: Double) -> Int? {
        guard !heights.isEmpty else { return nil }
        guard y > 0 else { return firstSlot(from: 0) }
        var position = 0
        var remaining = y
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        // `position` slots lie wholly at or above `y`; the next one covers it.
        return position < heights.count ? position : heights.count - 1
    }

    /// The first slot at or after `slot` with a height, or the last slot.
    private func firstSlot(from slot: Int) -> Int {
        var s = slot
        while s < heights.count - 1, heights[s] == 0 { s += 1 }
        return s
    }
}
