import ResponderKitTesting
import Testing

@testable import ResponderKit

/// A cell with a title label that counts how many of its kind are alive and how often it was reused.
final class TitledCollectionCell: CollectionViewCell {
    @MainActor static var live = 0
    let title = Label(frame: .zero)
    var reuses = 0

    required init(frame: Rect) {
        super.init(frame: frame)
        contentView.addSubview(title)
        TitledCollectionCell.live += 1
    }

    isolated deinit { TitledCollectionCell.live -= 1 }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = contentView.bounds
    }
}

/// A header or footer with a title label.
final class TitledSupplementaryView: CollectionReusableView {
    let title = Label(frame: .zero)

    required init(frame: Rect) {
        super.init(frame: frame)
        addSubview(title)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = bounds
    }
}

/// A data source and delegate over an array of item titles per section, recording what the
/// collection view asks and tells.
@MainActor
final class CollectionModel: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    var sections: [[String]]
    var log: [String] = []
    var sizes: [IndexPath: Size] = [:]
    var cellRequests = 0
    var supplementaryRequests = 0
    var configure: ((TitledCollectionCell, IndexPath) -> Void)?

    init(_ sections: [[String]]) { self.sections = sections }

    static func items(_ count: Int, section: Int = 0) -> [String] { (0..<count).map { "\(section).\($0)" } }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        cellRequests += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! TitledCollectionCell
        cell.title.text = sections[indexPath.section][indexPath.item]
        configure?(cell, indexPath)
        return cell
    }
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView? {
        supplementaryRequests += 1
        let view =
            collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath) as! TitledSupplementaryView
        view.title.text = "\(kind == CollectionView.elementKindSectionHeader ? "header" : "footer") \(indexPath.section)"
        return view
    }
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        sizes[indexPath] ?? (layout as? CollectionViewFlowLayout)?.itemSize ?? .zero
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { log.append("select \(indexPath.section).\(indexPath.item)") }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        log.append("deselect \(indexPath.section).\(indexPath.item)")
    }
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
        log.append("highlight \(indexPath.section).\(indexPath.item)")
    }
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        log.append("unhighlight \(indexPath.section).\(indexPath.item)")
    }
}

/// A collection view filling a 320×480 window on a manual clock (60 Hz frames while something
/// animates), driven through `InputDriver` as the host drives it.
@MainActor
final class CollectionStage {
    let app = Application()
    let driver: InputDriver
    let window: Window
    let collection: CollectionView
    let model: CollectionModel

    init(
        _ model: CollectionModel, layout: CollectionViewLayout = CollectionStage.grid(), size: Size = Size(width: 320, height: 480),
        configure: (CollectionView) -> Void = { _ in }
    ) {
        driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(origin: .zero, size: size))
        window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        self.model = model
        collection = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
        collection.register(TitledCollectionCell.self, forCellWithReuseIdentifier: "item")
        collection.register(TitledSupplementaryView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "title")
        collection.register(TitledSupplementaryView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, withReuseIdentifier: "title")
        collection.dataSource = model
        collection.delegate = model
        configure(collection)
        window.addSubview(collection)
        window.layoutIfNeeded()
    }

    /// A vertical flow layout of 100×100 items, 10 apart: three to a 320-point line.
    static func grid(_ change: (CollectionViewFlowLayout) -> Void = { _ in }) -> CollectionViewFlowLayout {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        change(layout)
        return layout
    }

    /// Frames until nothing animates.
    func settle() {
        var left = 600
        while app.animator.isRunning, left > 0 {
            driver.advance(by: 1.0 / 60)
            left -= 1
        }
    }

    /// Runs the host's frame (layout and display) once.
    func frame() { driver.advance(by: 1.0 / 60) }

    /// The titles of the visible cells, in item order.
    var visibleTitles: [String] { collection.visibleCells.compactMap { ($0 as? TitledCollectionCell)?.title.text } }

    /// The frame of an item's cell from the layout.
    func frame(_ item: Int, section: Int = 0) -> Rect? {
        collection.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// A point in the window in the middle of an item.
    func point(_ item: Int, section: Int = 0) -> Point {
        let rect = frame(item, section: section)!
        return collection.convert(Point(x: rect.midX, y: rect.midY), to: window)
    }
}
