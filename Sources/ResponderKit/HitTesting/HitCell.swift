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
        /// Exact when `isExact`; else rounded inward, and the entry's `HitBox` (`ids[k]` for item
        /// `k`) decides points within a float step of its ends.
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

        /// An entry's query form; `runEnd` as the caller defines it.
        @inline(__always)
        init(_ entry: HitSpace.Entry, runEnd: Int32, sharesRun: Bool = false, runEndCoversCell: Bool = false) {
            self.init(
                box: entry.compact, view: entry.view!, runEnd: runEnd, isDelegate: entry.isDelegate,
                isExact: entry.compactIsExact, runEndCoversCell: runEndCoversCell, sharesRun: sharesRun)
        }

        init(
            box: CompactBox, view: Unmanaged<View>, runEnd: Int32, isDelegate: Bool, isExact: Bool,
            runEndCoversCell: Bool = false, sharesRun: Bool = false
        ) {
            self.box = box
            self.view = view
            self.runEnd = runEnd
            self.isDelegate = isDelegate
            self.isExact = isExact
            self.runEndCoversCell = runEndCoversCell
            self.sharesRun = sharesRun
        }
    }

    /// The fewest members a stretch of consecutive ids needs to be shared instead of copied: a
    /// short stretch is cheaper to scan in the cell's own items (one or two adjacent lines).
    static let sharedRunMinimum = 8

    var firstBox: HitBox = .empty
    /// The first item's view when it is plain (nil when the cell is empty or it is a delegate).
    var firstView: Unmanaged<View>?
    var items: UnsafeMutablePointer<Item>?
    /// `[capacity, id0, id1, …]`.
    var storage: UnsafeMutablePointer<Int32>?
    var count: Int32 = 0
    var itemCount: Int32 = 0

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
    mutating func refresh(_ entries: UnsafeMutablePointer<HitSpace.Entry>, covers: (HitBox) -> Bool) {
        items.map(HitCell.deallocateItems)
        items = nil
        itemCount = 0
        firstView = nil
        firstBox = .empty
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
                let lastID = ids[k + length - 1]
                let lastCoversCell = lastCovers && k + length == kept
                (list + out).initialize(to: Item(e, runEnd: id, sharesRun: true, runEndCoversCell: lastCoversCell))
                (list + out + 1).initialize(to: Item(entries[Int(lastID)], runEnd: lastID))
                out += 2
                k += length
                previous = nil
                continue
            }
            for j in 0..<length {
                let f = entries[Int(ids[k + j])]
                (list + out).initialize(to: Item(f, runEnd: Int32(out)))
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
        items = list
        itemCount = Int32(out)
        firstBox = entries[Int(ids[0])].box
        firstView = list[0].isDelegate ? nil : list[0].view
    }
}
