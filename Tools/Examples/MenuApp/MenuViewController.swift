import ResponderKit

/// The canteen kiosk: the day's dishes as a grid of tiles by course (a compositional layout:
/// three tiles a row, four on a wide screen, a header per course), kept by a diffable data
/// source. A tap on a tile adds the dish to the order shown in the bar; a dish that runs out
/// leaves the menu with an animation (a new snapshot, applied).
@MainActor
public final class MenuViewController: ViewController, CollectionViewDelegate {
    /// The grid of tiles.
    public private(set) var collection: CollectionView!
    private var dataSource: CollectionViewDiffableDataSource<Dish.Course, Dish>!
    /// The order bar.
    public let orderLabel = Label(frame: .zero)
    /// The dishes ordered, in order.
    public private(set) var order: [Dish] = []
    /// The dishes on the menu (those not sold out).
    public private(set) var dishes: [Dish]

    /// A menu of `dishes`.
    public init(dishes: [Dish] = Dish.today) {
        self.dishes = dishes
        super.init()
    }

    /// The layout: per course, rows of three tiles (four when the screen is wider than 700
    /// points) 12 apart, under a 44-point header, inset 16 from the edges.
    static func layout() -> CollectionViewCompositionalLayout {
        CollectionViewCompositionalLayout { _, environment in
            let columns = environment.container.effectiveContentSize.width > 700 ? 4 : 3
            let tile = CollectionLayoutItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let row = CollectionLayoutGroup.horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(110)), subitem: tile,
                count: columns)
            row.interItemSpacing = .fixed(12)
            let section = CollectionLayoutSection(group: row)
            section.interGroupSpacing = 12
            section.contentInsets = DirectionalEdgeInsets(top: 4, leading: 16, bottom: 20, trailing: 16)
            section.boundarySupplementaryItems = [
                CollectionLayoutBoundarySupplementaryItem(
                    layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                    elementKind: CollectionView.elementKindSectionHeader, alignment: .top)
            ]
            return section
        }
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        orderLabel.font = .boldSystemFont(ofSize: 18)
        orderLabel.textColor = .white
        orderLabel.backgroundColor = .systemBlue
        orderLabel.textAlignment = .center
        collection = CollectionView(frame: .zero, collectionViewLayout: Self.layout())
        collection.register(DishTile.self, forCellWithReuseIdentifier: "dish")
        collection.register(CourseHeader.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "course")
        collection.delegate = self
        view.addSubview(collection)
        view.addSubview(orderLabel)
        for part in [collection!, orderLabel] as [View] { part.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            collection.topAnchor.constraint(equalTo: view.topAnchor),
            collection.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            collection.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            collection.bottomAnchor.constraint(equalTo: orderLabel.topAnchor),
            orderLabel.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            orderLabel.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            orderLabel.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            orderLabel.heightAnchor.constraint(equalToConstant: 56)
        ])
        dataSource = CollectionViewDiffableDataSource(collectionView: collection) { collection, indexPath, dish in
            let tile = collection.dequeueReusableCell(withReuseIdentifier: "dish", for: indexPath) as? DishTile
            tile?.title.text = dish.name
            return tile
        }
        dataSource.supplementaryViewProvider = { [unowned self] collection, kind, indexPath in
            let header = collection.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "course", for: indexPath) as? CourseHeader
            header?.title.text = dataSource.sectionIdentifier(for: indexPath.section)?.rawValue
            return header
        }
        showMenu(animated: false)
        updateOrder()
    }

    /// Applies the menu as it is now: a section per course that has dishes.
    private func showMenu(animated: Bool) {
        var snapshot = DiffableDataSourceSnapshot<Dish.Course, Dish>()
        for course in Dish.Course.allCases {
            let inCourse = dishes.filter { $0.course == course }
            guard !inCourse.isEmpty else { continue }
            snapshot.appendSections([course])
            snapshot.appendItems(inCourse, toSection: course)
        }
        dataSource.apply(snapshot, animatingDifferences: animated)
    }

    private func updateOrder() {
        orderLabel.text = order.isEmpty ? "Tap a dish to order" : "Order: \(order.count) · \(order.last!.name)"
    }

    /// The dish named `name` runs out: it leaves the menu (the tiles after it close up).
    public func soldOut(_ name: String) {
        dishes.removeAll { $0.name == name }
        showMenu(animated: true)
    }

    /// The tile of the dish named `name`, if it is on screen.
    public func tile(for name: String) -> CollectionViewCell? {
        guard let dish = dishes.first(where: { $0.name == name }), let indexPath = dataSource.indexPath(for: dish) else { return nil }
        return collection.cellForItem(at: indexPath)
    }

    /// A tap on a tile: the dish joins the order (the tile does not stay selected).
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.deselectItem(at: indexPath, animated: true)
        guard let dish = dataSource.itemIdentifier(for: indexPath) else { return }
        order.append(dish)
        updateOrder()
    }
}
