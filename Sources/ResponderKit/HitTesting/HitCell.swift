/// One grid cell of a `HitSpace`, in one 64-byte line.
///
/// - `ids`: every entry whose box meets the cell, highest pre-order key first — the complete list
///   that incremental updates edit.
/// - `items`: what a query scans, derived from `ids` by `refresh`: each entry's box (compact when
///   exact, see `CompactBox`) and view laid out contiguously, 32 bytes an item (a scan reads
///   consecutive memory, not scattered entries, and the answer sits beside its box), cut after the first
///   plain entry whose box covers the whole cell (no query can get past it), with nested-run marks:
///   `runEnd` of item `k` is the last item of the run `k…runEnd` whose boxes each lie inside the
///   next one (a chain of nested containers, deepest first). "Contains the point" is monotone along
///   such a run, so a scan that misses at `k` binary-searches the run instead of walking it.
/// - Shared runs: a stretch of at least `sharedRunMinimum` nested entries with consecutive
///   descending ids (a chain of containers built in pre-order, such as deep-1k's 999 links) is not
///   copied into the cell. The cell keeps its first and last items, and a scan searches the
///   stretch in the space's per-entry items (`HitSpace.State.runItems`), which every cell that
///   meets the chain shares. Without this, each of deep-1k's cells held its own copy of up to 999
///   items (14 MB over the grid, against 96 KB shared).
/// - `firstBox`/`firstView`: a copy of the first item, so most queries end on this cache line.
///   The box is the compact one: when it says inside, the exact box agrees (exact or rounded
///   inward); when it says outside, the scan tests item 0 again with its exact fallback.
/// - `subStarts`: where a scan starts for each of the 4 × 4 sub-cells the cell is cut into — the
///   first item whose exact box meets that sub-cell, found with the same monotone mapping the
///   query uses (`HitSpace.fine`), so an item that contains a point can never lie before its
///   sub-cell's start. A cell under many small disjoint views (wide-37k lists ~15 leaves a cell)
///   then scans from the leaves near the point instead of from the first leaf listed.
///
/// A cell owns two raw buffers (`storage`, `items`), so it is `~Copyable`: a copy would be a second
/// owner and a double free. Cells live in the space's `cells` buffer and are only ever accessed in
/// place through its pointer; `deinit` frees the buffers when the buffer is deinitialized.
///
/// Unmanaged views (`Item.view`, `firstView`): each is a member of the owning space, in the space
/// root's subtree and so retained through `subviews`; a view leaves every cell before it leaves
/// the tree (`HitSpace.removeSubtree`), and a root discards its space when it goes away.
struct HitCell: ~Copyable {
    /// 32 bytes: the compact box, and the view answered beside it.
    struct Item {
        /// Exact when `isExact`; else rounded inward, and the entry's `HitBox` (found through the
        /// view's `hitEntry`) decides points within a float step of its ends.
        var box: CompactBox
        var view: Unmanaged<View>
        var runEnd: Int32
        var isDelegate: Bool
        var isExact: Bool
        /// Whether the run's last item (`runEnd`) covers the whole cell: a scan entering the run
        /// then knows the point is inside it without reading that item.
        var runEndCoversCell = false
        /// The head of a shared run (see the type's notes): `runEnd` is then this item's entry id,
        /// the next item is the run's last box with its own entry id in `runEnd`, and the members
        /// between are `HitSpace.State.runItems[runEnd - 1]` down to that id.
        var sharesRun = false
    }

    /// How many leading items a refresh looks at for sub-cell starts: a long list (overlap-10k's
    /// cells stack dozens of views) would otherwise cost every mutation a mapping per item; a
    /// sub-cell none of them meets starts its scan there, which is exact (nothing before it meets
    /// the sub-cell) and only less selective.
    static let subStartSearch = 32

    /// Lists of at most this many entries keep every start at 0: their scan reads one or two
    /// lines anyway, and most cells of a sparse or overlapping layout are that short (overlap-10k:
    /// 80 % of its cells), so their refreshes skip the mapping.
    static let subStartMinimum = 4

    /// The fewest members a stretch of consecutive ids needs to be shared instead of copied: a
    /// short stretch is cheaper to scan in the cell's own items (one or two adjacent lines).
    static let sharedRunMinimum = 8

    var firstBox: CompactBox = .empty
    /// The first item's view when it is plain (nil when the cell is empty or it is a delegate).
    var firstView: Unmanaged<View>?
    var items: UnsafeMutablePointer<Item>?
    /// `[capacity, id0, id1, …]`.
    var storage: UnsafeMutablePointer<Int32>?
    var count: Int32 = 0
    var itemCount: Int32 = 0
    /// The scan's first item per sub-cell, one byte each (capped at 255, an earlier start is
    /// always safe): sub-cells 0–7 in `subStartsLow`, 8–15 in `subStartsHigh`, sub-cell
    /// `column + 4 × row` at byte `index % 8`.
    var subStartsLow: UInt64 = 0
    var subStartsHigh: UInt64 = 0

    /// The first item a scan of sub-cell `sub` (0 ..< 16) must look at.
    @inline(__always)
    func subStart(_ sub: Int) -> Int {
        let word = sub < 8 ? subStartsLow : subStartsHigh
        return Int(truncatingIfNeeded: (word >> UInt64((sub & 7) * 8)) & 0xff)
    }

    @inline(__always) var ids: UnsafeMutablePointer<Int32> { storage! + 1 }
    var capacity: Int { storage.map { Int($0[0]) } ?? 0 }

    init() {}

    deinit {
        storage?.deallocate()
        items.map(HitCell.deallocateItems)
    }

    /// Room for `count` items on a 32-byte boundary, so no item straddles two cache lines, from a
    /// plain `malloc` (an aligned allocation, `posix_memalign`, doubled what refreshing cells costs
    /// every mutation on overlap-10k): 32 bytes more than the items, the block's own address kept
    /// in the 8 bytes before the first item.
    static func allocateItems(_ count: Int) -> UnsafeMutablePointer<Item> {
        let base = UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<Item>.stride + 32, alignment: 16)
        let start = (UInt(bitPattern: base) + 8 + 31) & ~UInt(31)
        let first = UnsafeMutableRawPointer(bitPattern: start)!
        first.storeBytes(of: base, toByteOffset: -8, as: UnsafeMutableRawPointer.self)
        return first.bindMemory(to: Item.self, capacity: count)
    }

    /// Frees a block from `allocateItems`.
    static func deallocateItems(_ items: UnsafeMutablePointer<Item>) {
        UnsafeMutableRawPointer(items).load(fromByteOffset: -8, as: UnsafeMutableRawPointer.self).deallocate()
    }

    /// A run end's placeholder while `refresh` marks boxes nested in the next one.
    private static let nestedInNext = Int32.min

    /// Makes room for one more id.
    private mutating func reserveOneMore() {
        guard Int(count) == capacity else { return }
        let newCapacity = max(4, capacity * 2)
        let grown = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity + 1)
        grown[0] = Int32(newCapacity)
        if let storage {
            (grown + 1).moveInitialize(from: storage + 1, count: Int(count))
            storage.deallocate()
        }
        storage = grown
    }

    mutating func insert(_ id: Int32, at position: Int) {
        reserveOneMore()
        let n = Int(count)
        if position < n { (ids + position + 1).moveInitialize(from: ids + position, count: n - position) }
        (ids + position).initialize(to: id)
        count += 1
    }

    mutating func remove(at position: Int) {
        let n = Int(count)
        if position + 1 < n { (ids + position).moveInitialize(from: ids + position + 1, count: n - position - 1) }
        count -= 1
    }

    /// Rebuilds the query items after `ids` or a listed entry changed. `covers` says whether a
    /// box certainly covers every point that maps to this cell.
    /// - Complexity: O(count).
    /// `subGrid` maps a listed box to the sub-cells of this cell it meets. `sharing` is called
    /// before a shared run is listed: the space then has the run items its scan searches.
    mutating func refresh(
        _ entries: UnsafeMutablePointer<HitSpace.Entry>, covers: (HitBox) -> Bool, subGrid: SubGrid, sharing: () -> Void
    ) {
        items.map(HitCell.deallocateItems)
        items = nil
        itemCount = 0
        firstView = nil
        firstBox = .empty
        subStartsLow = 0
        subStartsHigh = 0
        let n = Int(count)
        guard n > 0 else { return }
        var kept = n
        var lastCovers = false
        for k in 0..<n {
            let e = entries[Int(ids[k])]
            if !e.isDelegate && covers(e.box) {
                kept = k + 1
                lastCovers = true
                break
            }
        }
        let list = HitCell.allocateItems(kept)
        // One pass over the entries: shared runs, and the other items with whether each box lies
        // inside the next (marked, then turned into run ends from the back). A run never continues
        // into or out of a shared stretch: a shorter run is still exact, only searched less.
        var out = 0
        var previous: HitBox? = nil  // the last copied item's box, when the next entry follows it
        var assigned: UInt16 = 0  // sub-cells whose start is known
        var low: UInt64 = 0, high: UInt64 = 0
        /// Item `index` starts the scans of `subs` (a mask of sub-cells).
        func setStarts(_ subs: UInt16, _ index: Int) {
            let value = UInt64(min(index, 255))
            var bits = subs
            while bits != 0 {
                let sub = bits.trailingZeroBitCount
                bits &= bits - 1
                if sub < 8 { low |= value << UInt64(sub * 8) } else { high |= value << UInt64((sub - 8) * 8) }
            }
        }
        /// Item `index` starts the scan of every sub-cell `box` meets that has no start yet.
        func mark(_ index: Int, _ box: HitBox) {
            guard kept > HitCell.subStartMinimum, assigned != 0xffff, index < HitCell.subStartSearch else { return }
            let fresh = subGrid.mask(box) & ~assigned
            guard fresh != 0 else { return }
            assigned |= fresh
            setStarts(fresh, index)
        }
        var k = 0
        while k < kept {
            let id = ids[k]
            let e = entries[Int(id)]
            var length = 1
            if !e.isDelegate {
                var inner = e.box
                while k + length < kept, ids[k + length] == id - Int32(length) {
                    let next = entries[Int(ids[k + length])]
                    guard !next.isDelegate, inner.lies(inside: next.box) else { break }
                    inner = next.box
                    length += 1
                }
            }
            if length >= HitCell.sharedRunMinimum {
                sharing()  // the space's run items, which the scan will search
                let lastID = ids[k + length - 1]
                let lastCoversCell = lastCovers && k + length == kept
                (list + out).initialize(to: Item(e, runEnd: id, sharesRun: true, runEndCoversCell: lastCoversCell))
                (list + out + 1).initialize(to: Item(entries[Int(lastID)], runEnd: lastID))
                // The last box holds every member: wherever one may be hit, the scan starts at the head.
                mark(out, entries[Int(lastID)].box)
                out += 2
                k += length
                previous = nil
                continue
            }
            for j in 0..<length {
                let f = entries[Int(ids[k + j])]
                (list + out).initialize(to: Item(f, runEnd: Int32(out)))
                mark(out, f.box)
                if let inner = previous, inner.lies(inside: f.box) { list[out - 1].runEnd = HitCell.nestedInNext }
                previous = f.box
                out += 1
            }
            k += length
        }
        var i = out - 2
        while i >= 0 {
            // A shared head and its last item keep their ids.
            if !list[i].sharesRun && !(i > 0 && list[i - 1].sharesRun) {
                if list[i].runEnd == HitCell.nestedInNext { list[i].runEnd = list[i + 1].runEnd }
                list[i].runEndCoversCell = lastCovers && Int(list[i].runEnd) == out - 1
            }
            i -= 1
        }
        // A sub-cell no item meets: the scan starts past the last item (nothing there is hit).
        // Past the items looked at, no item met the rest: their scans start there. A short list
        // is scanned whole (all starts 0).
        if kept > HitCell.subStartMinimum { setStarts(~assigned, min(out, HitCell.subStartSearch)) }
        items = list
        itemCount = Int32(out)
        subStartsLow = low
        subStartsHigh = high
        firstBox = list[0].box
        firstView = list[0].isDelegate ? nil : list[0].view
    }
}

extension HitCell.Item {
    /// An entry's query form; `runEnd` as the caller defines it.
    @inline(__always)
    init(_ entry: HitSpace.Entry, runEnd: Int32, sharesRun: Bool = false, runEndCoversCell: Bool = false) {
        self.init(
            box: entry.compact, view: entry.view!, runEnd: runEnd, isDelegate: entry.isDelegate,
            isExact: entry.compactIsExact, runEndCoversCell: runEndCoversCell, sharesRun: sharesRun)
    }
}
