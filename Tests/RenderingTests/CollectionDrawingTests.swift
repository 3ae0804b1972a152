import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// How collection views look (golden images): a compositional grid of tiles under a section
/// header, and a flow layout laid out right to left.
@MainActor
@Suite("Collection drawing")
struct CollectionDrawingTests {
    final class Tile: CollectionViewCell {
        let title = Label(frame: .zero)
        required init(frame: Rect) {
            super.init(frame: frame)
            contentView.layer.cornerRadius = 12
            title.textAlignment = .center
            title.font = .boldSystemFont(ofSize: 20)
            title.textColor = .white
            contentView.addSubview(title)
        }
        override func layoutSubviews() {
            super.layoutSubviews()
            title.frame = contentView.bounds
        }
    }

    final class Header: CollectionReusableView {
        let title = Label(frame: .zero)
        required init(frame: Rect) {
            super.init(frame: frame)
            title.font = .boldSystemFont(ofSize: 22)
            addSubview(title)
        }
        override func layoutSubviews() {
            super.layoutSubviews()
            title.frame = bounds
        }
    }

    final class Tiles: CollectionViewDataSource {
        let colors: [Color] = [.systemBlue, .systemGreen, .systemOrange, .systemPurple, .systemRed, .systemTeal, .systemIndigo]
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 7 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let tile = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath) as! Tile
            tile.title.text = "\(indexPath.item + 1)"
            tile.contentView.backgroundColor = colors[indexPath.item % colors.count]
            return tile
        }
        func collectionView(
            _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) -> CollectionReusableView? {
            let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath) as! Header
            header.title.text = "Today's menu"
            return header
        }
    }

    func draw(_ layout: CollectionViewLayout, configure: (CollectionView) -> Void = { _ in }) -> (Image, CollectionView) {
        let window = makeWindow(320, 400)
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 400), collectionViewLayout: layout)
        collection.register(Tile.self, forCellWithReuseIdentifier: "tile")
        collection.register(Header.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        let tiles = Tiles()
        collection.dataSource = tiles
        configure(collection)
        window.addSubview(collection)
        window.layoutIfNeeded()
        return withExtendedLifetime(tiles) { (window.snapshot(), collection) }
    }

    @Test func aCompositionalGridOfTilesUnderAHeader() {
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let row = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(90)), subitem: item, count: 3)
        row.interItemSpacing = .fixed(10)
        let section = CollectionLayoutSection(group: row)
        section.interGroupSpacing = 10
        section.contentInsets = DirectionalEdgeInsets(top: 4, leading: 16, bottom: 16, trailing: 16)
        section.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(48)),
                elementKind: CollectionView.elementKindSectionHeader, alignment: .top)
        ]
        let (image, collection) = draw(CollectionViewCompositionalLayout(section: section))
        // The first tile: x 16, y 52, (288 - 20) / 3 wide.
        let first = collection.cellForItem(at: IndexPath(item: 0, section: 0))!.frame
        #expect(abs(first.width - 268.0 / 3) < 1e-9 && first.minX == 16 && first.minY == 52)
        expectPixel(image, 30, 100, argb(0, 122, 255), "the first tile is blue")
        expectGolden(image, "collection-compositional-grid")
    }

    @Test func aFlowLayoutRightToLeft() {
        let flow = CollectionViewFlowLayout()
        flow.itemSize = Size(width: 90, height: 70)
        flow.sectionInset = EdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
        let (image, collection) = draw(flow) { $0.semanticContentAttribute = .forceRightToLeft }
        // Three a line from the right: item 1 at the right edge, item 4 under it.
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.maxX == 308)
        #expect(collection.cellForItem(at: IndexPath(item: 3, section: 0))?.frame == Rect(x: 218, y: 92, width: 90, height: 70))
        expectPixel(image, 300, 20, argb(0, 122, 255), "the first tile is blue, on the right")
        expectGolden(image, "collection-flow-rtl")
    }
}
