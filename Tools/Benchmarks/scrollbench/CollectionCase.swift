// The collection case of scrollbench: a 100,000-item CollectionView (a compositional grid of
// tiles, reused cells) scrolled frame by frame.
import Rendering
import ResponderKit

/// A tile: a title label on a tinted background.
final class BenchTile: CollectionViewCell {
    override class var standardHitTestingClass: View.Type { BenchTile.self }
    let title = Label(frame: .zero)

    required init(frame: Rect) {
        super.init(frame: frame)
        contentView.backgroundColor = .secondarySystemBackground
        title.textAlignment = .center
        contentView.addSubview(title)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = contentView.bounds
    }
}

/// Tiles whose titles exist before the timing (the collection view's work is what is measured).
@MainActor
final class BenchTiles: CollectionViewDataSource {
    let titles: [String]
    init(count: Int) { titles = (0..<count).map { "Item \($0)" } }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { titles.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath) as! BenchTile
        cell.title.text = titles[indexPath.item]
        return cell
    }
}

/// A 100,000-item grid of four 120-point tiles a row (a compositional layout), scrolled by
/// `runReusingList`.
@MainActor
func runCollection(steps: Int) -> Int32 {
    Rendering.install()
    let size = Size(width: 480, height: 800)
    let window = Window(windowScene: WindowScene(application: Application(), screenBounds: Rect(origin: .zero, size: size)))
    window.backgroundColor = .white
    let itemCount = 100_000
    let tiles = BenchTiles(count: itemCount)
    let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let row = CollectionLayoutGroup.horizontal(
        layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)), subitem: item, count: 4)
    row.interItemSpacing = .fixed(8)
    let section = CollectionLayoutSection(group: row)
    section.interGroupSpacing = 8
    let collection = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: CollectionViewCompositionalLayout(section: section))
    collection.showsVerticalScrollIndicator = false
    collection.register(BenchTile.self, forCellWithReuseIdentifier: "tile")
    collection.dataSource = tiles
    let bench = ReusingListCase(
        name: "collection", description: "\(itemCount) items (compositional grid, 4 tiles a row)", list: collection,
        reload: { collection.reloadData() },
        lookup: { i in blackHole(collection.indexPathForItem(at: Point(x: 60, y: Double(i &* 7919 % (itemCount / 4)) * 128 + 5))) },
        lookupName: "indexPathForItem(at:)", cells: { (collection.numberOfCellsMade, collection.visibleCells.count) })
    return withExtendedLifetime(tiles) { runReusingList(bench, window: window, steps: steps) }
}
