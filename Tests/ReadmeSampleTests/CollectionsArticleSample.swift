// swift-format-ignore-file
// The Swift sample of Collections.md, verbatim (ArticleSampleTests checks that the article still
// shows exactly this code), compiled here so it cannot drift from the API; CollectionsArticleSample
// tests run it.
import ResponderKit

// Collections.md
final class MenuController: ViewController {
    struct Dish: Hashable { let name: String }
    enum Course: Hashable { case mains, desserts }

    final class Tile: CollectionViewCell {
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

    final class Header: CollectionReusableView {
        let title = Label(frame: .zero)
        required init(frame: Rect) {
            super.init(frame: frame)
            title.font = .boldSystemFont(ofSize: 20)
            addSubview(title)
        }
        override func layoutSubviews() {
            super.layoutSubviews()
            title.frame = bounds
        }
    }

    var collection: CollectionView!
    var dataSource: CollectionViewDiffableDataSource<Course, Dish>!

    static func tileGrid() -> CollectionViewCompositionalLayout {
        let tile = CollectionLayoutItem(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let row = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(140)),
            subitem: tile, count: 3)
        row.interItemSpacing = .fixed(12)
        let section = CollectionLayoutSection(group: row)
        section.interGroupSpacing = 12
        section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 16, bottom: 24, trailing: 16)
        section.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                elementKind: CollectionView.elementKindSectionHeader, alignment: .top)
        ]
        return CollectionViewCompositionalLayout(section: section)
    }

    override func viewDidLoad() {
        collection = CollectionView(frame: view.bounds, collectionViewLayout: Self.tileGrid())
        collection.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collection.register(Tile.self, forCellWithReuseIdentifier: "tile")
        collection.register(
            Header.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        view.addSubview(collection)
        dataSource = CollectionViewDiffableDataSource(collectionView: collection) { collection, indexPath, dish in
            let tile = collection.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath) as? Tile
            tile?.title.text = dish.name
            return tile
        }
        dataSource.supplementaryViewProvider = { [unowned self] collection, kind, indexPath in
            let header = collection.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath) as? Header
            header?.title.text = dataSource.sectionIdentifier(for: indexPath.section) == .mains ? "Mains" : "Desserts"
            return header
        }
        show(mains: ["Soup", "Curry", "Salad", "Pasta"], desserts: ["Tart", "Sorbet"], animated: false)
    }

    func show(mains: [String], desserts: [String], animated: Bool) {
        var snapshot = DiffableDataSourceSnapshot<Course, Dish>()
        snapshot.appendSections([.mains, .desserts])
        snapshot.appendItems(mains.map(Dish.init), toSection: .mains)
        snapshot.appendItems(desserts.map(Dish.init), toSection: .desserts)
        dataSource.apply(snapshot, animatingDifferences: animated)
    }
}
