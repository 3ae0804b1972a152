import FoundationEssentials

/// The frames a built-in layout (flow, compositional) computed in `prepare()`, indexed so that
/// the elements crossing a rectangle are found in O(log n + found) without allocating: the
/// collection view asks this every scroll frame.
///
/// Frames are stored as laid out left to right; in right-to-left layout they are mirrored as they
/// are read (`mirrorWidth`), so the search along a horizontal scroll axis stays monotonic.
struct CollectionLayoutGeometry {
    /// Along which axis elements follow each other (the scroll direction).
    let isHorizontal: Bool
    /// The flat index of each section's first item.
    private(set) var sectionStarts: [Int] = []
    /// Every item's frame, all sections in order.
    private(set) var itemFrames: [Rect] = []
    private var items = Bands()
    /// The supplementary views, in the order they were added (along the scroll axis).
    private(set) var supplementaries: [Supplementary] = []
    private var supplementaryBands = Bands()
    /// The content's size.
    var contentSize = Size.zero
    /// When set, frames are mirrored across this width (right-to-left layout).
    var mirrorWidth: Double?

    /// One supplementary view's place.
    struct Supplementary {
        /// Its kind (`CollectionView.elementKindSectionHeader`…).
        let kind: String
        /// Its section.
        let section: Int
        /// Its frame, unmirrored.
        let frame: Rect
    }

    /// A non-decreasing start per element along the scroll axis (its line's or group's start) and
    /// the running maximum of the elements' ends: together they bound a binary search.
    private struct Bands {
        var starts: [Double] = []
        var maxEnds: [Double] = []

        mutating func append(start: Double, end: Double) {
            starts.append(max(start, starts.last ?? start))
            maxEnds.append(max(end, maxEnds.last ?? end))
        }

        /// The elements that may cross [low, high).
        /// - Complexity: O(log n).
        func candidates(from low: Double, to high: Double) -> Range<Int> {
            var lo = 0, hi = maxEnds.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if maxEnds[mid] <= low { lo = mid + 1 } else { hi = mid }
            }
            let first = lo
            hi = starts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] < high { lo = mid + 1 } else { hi = mid }
            }
            return first..<max(first, lo)
        }
    }

    init(isHorizontal: Bool) { self.isHorizontal = isHorizontal }

    /// Starts a section: the items appended next are its items.
    mutating func beginSection() { sectionStarts.append(itemFrames.count) }

    /// Adds the next item; `band` is where its line or group starts along the scroll axis
    /// (non-decreasing from item to item).
    mutating func appendItem(_ frame: Rect, band: Double) {
        itemFrames.append(frame)
        items.append(start: band, end: isHorizontal ? frame.maxX : frame.maxY)
    }

    /// Adds a supplementary view (in order along the scroll axis).
    mutating func appendSupplementary(kind: String, section: Int, frame: Rect) {
        supplementaries.append(Supplementary(kind: kind, section: section, frame: frame))
        supplementaryBands.append(start: isHorizontal ? frame.minX : frame.minY, end: isHorizontal ? frame.maxX : frame.maxY)
    }

    /// The number of items, all sections.
    var itemCount: Int { itemFrames.count }

    /// The number of items in `section`.
    func itemCount(inSection section: Int) -> Int {
        guard section >= 0, section < sectionStarts.count else { return 0 }
        let end = section + 1 < sectionStarts.count ? sectionStarts[section + 1] : itemFrames.count
        return end - sectionStarts[section]
    }

    /// The flat index of an item, nil when it does not exist.
    func flatIndex(of indexPath: IndexPath) -> Int? {
        guard indexPath.item >= 0, indexPath.item < itemCount(inSection: indexPath.section) else { return nil }
        return sectionStarts[indexPath.section] + indexPath.item
    }

    /// The index path of a flat index (the last section starting at or before it: empty sections
    /// start where the next does).
    /// - Complexity: O(log sections).
    func indexPath(ofFlat flat: Int) -> IndexPath {
        var lo = 0, hi = sectionStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sectionStarts[mid] <= flat { lo = mid } else { hi = mid - 1 }
        }
        return IndexPath(item: flat - sectionStarts[lo], section: lo)
    }

    /// `rect` as shown (mirrored in right-to-left layout).
    func shown(_ rect: Rect) -> Rect {
        guard let width = mirrorWidth else { return rect }
        return Rect(x: width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// The frame of an item as shown.
    func frame(ofFlat flat: Int) -> Rect { shown(itemFrames[flat]) }

    /// Calls `body` with every item crossing `rect` (shown coordinates): its flat index and frame.
    /// - Complexity: O(log n + candidates), no allocation.
    func forEachItem(in rect: Rect, _ body: (_ flat: Int, _ frame: Rect) -> Void) {
        let logical = shown(rect)
        let (low, high) = isHorizontal ? (logical.minX, logical.maxX) : (logical.minY, logical.maxY)
        for flat in items.candidates(from: low, to: high) where itemFrames[flat].intersects(logical) {
            body(flat, shown(itemFrames[flat]))
        }
    }

    /// Calls `body` with every supplementary view crossing `rect` (shown coordinates).
    /// - Complexity: O(log n + candidates), no allocation.
    func forEachSupplementary(in rect: Rect, _ body: (_ index: Int, _ frame: Rect) -> Void) {
        let logical = shown(rect)
        let (low, high) = isHorizontal ? (logical.minX, logical.maxX) : (logical.minY, logical.maxY)
        for index in supplementaryBands.candidates(from: low, to: high) where supplementaries[index].frame.intersects(logical) {
            body(index, shown(supplementaries[index].frame))
        }
    }

    /// The supplementary view of `kind` in `section`, nil when the layout has none.
    /// - Complexity: O(supplementary views).
    func supplementaryIndex(kind: String, section: Int) -> Int? {
        supplementaries.firstIndex { $0.section == section && $0.kind == kind }
    }
}
