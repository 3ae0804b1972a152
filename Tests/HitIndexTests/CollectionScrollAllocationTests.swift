import CMallocCounter
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 24 §1: a 100,000-item collection view scrolled frame by frame allocates nothing per
/// frame once warm (its reuse pool and visible list have their capacity, and the built-in layout
/// finds the visible elements in its indexed geometry). Part of the release allocation suite
/// (`Tools/test.sh` runs `swift test -c release --filter ZeroAllocationTests`), with its traits.
extension ZeroAllocationTests {
    final class Tile: CollectionViewCell {
        let title = Label(frame: .zero)
        required init(frame: Rect) {
            super.init(frame: frame)
            contentView.addSubview(title)
        }
    }

    /// Titles made before the count: the data source's own allocations are not the collection's.
    @MainActor
    final class Tiles: CollectionViewDataSource {
        let titles = (0..<100_000).map { "Item \($0)" }
        func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { titles.count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath) as! Tile
            cell.title.text = titles[indexPath.item]
            return cell
        }
    }

    /// Flow and compositional: 3000 frames of 9 points each, after a warm-up stretch.
    @Test(arguments: [false, true])
    func scrollingAHundredThousandItemCollectionAllocatesNothingPerFrame(compositional: Bool) {
        let app = Application()
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 480, height: 800))
        let window = Window(windowScene: scene)
        let layout: CollectionViewLayout
        if compositional {
            let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let row = CollectionLayoutGroup.horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)), subitem: item, count: 4)
            layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: row))
        } else {
            let flow = CollectionViewFlowLayout()
            flow.itemSize = Size(width: 110, height: 110)
            flow.headerReferenceSize = Size(width: 0, height: 40)
            layout = flow
        }
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 480, height: 800), collectionViewLayout: layout)
        collection.register(Tile.self, forCellWithReuseIdentifier: "tile")
        let tiles = Tiles()
        collection.dataSource = tiles
        window.addSubview(collection)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        var offset = 0.0
        for _ in 0..<400 {
            offset += 9
            collection.contentOffset = Point(x: 0, y: offset)
        }
        let before = mc_thread_allocs()
        var frame = 0
        while frame < 3000 {
            offset += 9
            collection.contentOffset = Point(x: 0, y: offset)
            frame += 1
        }
        let allocations = mc_thread_allocs() - before
        #expect(collection.visibleCells.count >= 24)
        #expect(collection.numberOfCellsMade <= 2 * collection.visibleCells.count)
        // Release, both layouts: 0 over 3000 frames. (scrollbench's 1.00 per collection frame
        // counts its drawing too, as its 4.32 per table frame does.)
        #expect(allocations == 0, "\(allocations) allocations over 3000 frames (\(compositional ? "compositional" : "flow"))")
        withExtendedLifetime(tiles) {}
    }
}
