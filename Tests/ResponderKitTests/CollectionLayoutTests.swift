import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 24 §1, collection layouts: the flow layout's geometry (justified lines, insets,
/// per-item sizes, headers, horizontal scrolling, right to left, self-sizing cells) and the
/// compositional layout's fractional, absolute, counted and nested groups.
@MainActor
@Suite("CollectionLayouts")
struct CollectionLayoutTests {
    /// `a` and `b` within a millionth of a point on every edge.
    func close(_ a: Rect?, _ b: Rect) -> Bool {
        guard let a else { return false }
        return abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
    }

    // MARK: Flow

    @Test func fullLinesAreJustifiedAndTheLastKeepsTheMinimumSpacing() {
        let s = CollectionStage(CollectionModel([CollectionModel.items(10)]), layout: CollectionStage.grid { $0.itemSize = Size(width: 90, height: 90) })
        // Three 90-point items fit 320 with 10 between (290); the 30 left spread: gaps of 25.
        #expect(s.frame(0) == Rect(x: 0, y: 0, width: 90, height: 90))
        #expect(s.frame(1) == Rect(x: 115, y: 0, width: 90, height: 90))
        #expect(s.frame(2) == Rect(x: 230, y: 0, width: 90, height: 90))
        #expect(s.frame(7) == Rect(x: 115, y: 200, width: 90, height: 90))
        #expect(s.frame(9) == Rect(x: 0, y: 300, width: 90, height: 90), "the last line starts at the leading edge")
        #expect(s.collection.contentSize == Size(width: 320, height: 390))
    }

    @Test func sectionInsetsAndSpacing() {
        let layout = CollectionStage.grid {
            $0.itemSize = Size(width: 90, height: 50)
            $0.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 7, right: 10)
            $0.minimumLineSpacing = 4
            $0.minimumInteritemSpacing = 15
        }
        let s = CollectionStage(CollectionModel([CollectionModel.items(4), CollectionModel.items(1, section: 1)]), layout: layout)
        // 300 across: three items and two gaps of 15 fill it exactly.
        #expect(s.frame(0) == Rect(x: 10, y: 5, width: 90, height: 50))
        #expect(s.frame(2) == Rect(x: 220, y: 5, width: 90, height: 50))
        #expect(s.frame(3) == Rect(x: 10, y: 59, width: 90, height: 50))
        #expect(s.frame(0, section: 1) == Rect(x: 10, y: 121, width: 90, height: 50), "109 + 7 + 5")
        #expect(s.collection.contentSize.height == 178)
    }

    @Test func delegateSizesAreCentredInTheirLine() {
        let model = CollectionModel([CollectionModel.items(4)])
        model.sizes[IndexPath(item: 0, section: 0)] = Size(width: 100, height: 60)
        model.sizes[IndexPath(item: 1, section: 0)] = Size(width: 150, height: 100)
        model.sizes[IndexPath(item: 2, section: 0)] = Size(width: 100, height: 40)
        let s = CollectionStage(model)
        // 100 + 10 + 150 = 260; the third (100) does not fit: a line of two, justified.
        #expect(s.frame(0) == Rect(x: 0, y: 20, width: 100, height: 60))
        #expect(s.frame(1) == Rect(x: 170, y: 0, width: 150, height: 100))
        // The second line starts at 100 + 10 and is as tall as its tallest item (the 100-point
        // default), so the 40-point item is centred 30 points down in it.
        #expect(s.frame(2) == Rect(x: 0, y: 140, width: 100, height: 40), "centred in a line as tall as its tallest item")
        #expect(s.frame(3) == Rect(x: 110, y: 110, width: 100, height: 100))
    }

    @Test func rightToLeftLinesStartAtTheTrailingEdge() {
        let s = CollectionStage(CollectionModel([CollectionModel.items(5)]))
        #expect(s.frame(0)?.minX == 0)
        s.collection.semanticContentAttribute = .forceRightToLeft
        s.window.layoutIfNeeded()
        #expect(s.frame(0) == Rect(x: 220, y: 0, width: 100, height: 100))
        #expect(s.frame(1) == Rect(x: 110, y: 0, width: 100, height: 100))
        #expect(s.frame(4) == Rect(x: 110, y: 110, width: 100, height: 100))
        #expect(s.collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 220, "the cells moved too")
        #expect(s.collection.indexPathForItem(at: Point(x: 300, y: 10)) == IndexPath(item: 0, section: 0))
        s.collection.semanticContentAttribute = .unspecified
        s.window.layoutIfNeeded()
        #expect(s.frame(0)?.minX == 0)
    }

    @Test func horizontalScrollingFillsColumns() {
        let s = CollectionStage(CollectionModel([CollectionModel.items(40)]), layout: CollectionStage.grid { $0.scrollDirection = .horizontal })
        // Four 100-point items fit 480 down (430); the 50 left spread between them.
        let second: Double = 110 + 50.0 / 3
        #expect(close(s.frame(1), Rect(x: 0, y: second, width: 100, height: 100)))
        #expect(s.frame(4) == Rect(x: 110, y: 0, width: 100, height: 100))
        #expect(s.collection.contentSize == Size(width: 1090, height: 480))
        #expect(s.collection.visibleCells.count == 12, "columns 0, 1 and 2 cross 320")
        s.collection.contentOffset = Point(x: 550, y: 0)
        #expect(s.collection.indexPathsForVisibleItems.first == IndexPath(item: 20, section: 0))
        // Right to left: the first column at the content's right end.
        s.collection.semanticContentAttribute = .forceRightToLeft
        s.window.layoutIfNeeded()
        #expect(s.frame(0) == Rect(x: 990, y: 0, width: 100, height: 100))
        #expect(s.collection.cellForItem(at: IndexPath(item: 0, section: 0)) == nil)
        s.collection.contentOffset = Point(x: 1090 - 320, y: 0)
        #expect(s.collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 990)
    }

    @Test func estimatedSizesAreMeasuredByAutoLayout() {
        let model = CollectionModel([CollectionModel.items(12)])
        model.configure = { cell, _ in
            guard cell.contentView.subviews.count == 1 else { return }  // the title only: first use
            let box = View(frame: .zero)
            box.translatesAutoresizingMaskIntoConstraints = false
            cell.contentView.addSubview(box)
            // 999 on the far edges, UIKit's idiom: the cell starts at its estimate, where required
            // ones would conflict with the box's size.
            let trailing = box.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor)
            let bottom = box.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor)
            trailing.priority = LayoutPriority(rawValue: 999)
            bottom.priority = LayoutPriority(rawValue: 999)
            LayoutConstraint.activate([
                box.topAnchor.constraint(equalTo: cell.contentView.topAnchor),
                box.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor),
                trailing, bottom,
                box.widthAnchor.constraint(equalToConstant: 80),
                box.heightAnchor.constraint(equalToConstant: 60)
            ])
        }
        let s = CollectionStage(model, layout: CollectionStage.grid { $0.estimatedItemSize = Size(width: 50, height: 50) })
        // Measured 80×60: three to a line (260 of 320), justified with gaps of 40.
        #expect(s.frame(0) == Rect(x: 0, y: 0, width: 80, height: 60))
        #expect(s.frame(1) == Rect(x: 120, y: 0, width: 80, height: 60))
        #expect(s.frame(3) == Rect(x: 0, y: 70, width: 80, height: 60))
        #expect(s.collection.cellForItem(at: IndexPath(item: 4, section: 0))?.frame == Rect(x: 120, y: 70, width: 80, height: 60))
        #expect(s.collection.contentSize.height == 270)
    }

    // MARK: Compositional

    func tiles(_ count: Int, insets: DirectionalEdgeInsets = .init(top: 0, leading: 0, bottom: 0, trailing: 0), header: Bool = false)
        -> CollectionViewCompositionalLayout
    {
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)), subitem: item, count: count)
        group.interItemSpacing = .fixed(8)
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = insets
        section.interGroupSpacing = 12
        if header {
            section.boundarySupplementaryItems = [
                CollectionLayoutBoundarySupplementaryItem(
                    layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                    elementKind: CollectionView.elementKindSectionHeader, alignment: .top)
            ]
        }
        return CollectionViewCompositionalLayout(section: section)
    }

    @Test func fractionalItemsRepeatWhileTheyFit() {
        let item = CollectionLayoutItem(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
        let s = CollectionStage(CollectionModel([CollectionModel.items(8)]), layout: layout)
        #expect(close(s.frame(0), Rect(x: 0, y: 0, width: 320.0 / 3, height: 100)))
        #expect(close(s.frame(2), Rect(x: 640.0 / 3, y: 0, width: 320.0 / 3, height: 100)))
        #expect(close(s.frame(3), Rect(x: 0, y: 100, width: 320.0 / 3, height: 100)))
        #expect(s.collection.contentSize == Size(width: 320, height: 300), "the last group is whole, half full")
        #expect(s.collection.visibleCells.count == 8)
    }

    @Test func countedGroupsShareTheWidthInsideTheSectionInsetsUnderAHeader() {
        let layout = tiles(3, insets: DirectionalEdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16), header: true)
        let s = CollectionStage(CollectionModel([CollectionModel.items(7)]), layout: layout)
        let width = (288.0 - 16) / 3
        let header = s.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == Rect(x: 16, y: 0, width: 288, height: 44))
        #expect(close(s.frame(0), Rect(x: 16, y: 54, width: width, height: 120)))
        #expect(close(s.frame(1), Rect(x: 16 + width + 8, y: 54, width: width, height: 120)))
        let rowStep: Double = 120 + 12
        #expect(close(s.frame(3), Rect(x: 16, y: 54 + rowStep, width: width, height: 120)))
        #expect(close(s.frame(6), Rect(x: 16, y: 54 + 2 * rowStep, width: width, height: 120)))
        let height: Double = 54 + 3 * 120 + 2 * 12 + 10
        #expect(s.collection.contentSize.height == height)
        let attributes = s.collection.collectionViewLayout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 60)) ?? []
        #expect(attributes.filter { $0.representedElementCategory == .cell }.count == 3)
        #expect(attributes.filter { $0.representedElementKind == CollectionView.elementKindSectionHeader }.count == 1)
    }

    @Test func nestedGroupsAndFractionalHeights() {
        let big = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        let small = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        small.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
        let column = CollectionLayoutGroup.vertical(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)), subitem: small, count: 2)
        let row = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)),
            subitems: [big, column])
        let s = CollectionStage(
            CollectionModel([CollectionModel.items(5)]), layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: row)))
        // The row is half the collection view's 480 height.
        #expect(s.frame(0) == Rect(x: 0, y: 0, width: 160, height: 240))
        #expect(s.frame(1) == Rect(x: 164, y: 4, width: 152, height: 112))
        #expect(s.frame(2) == Rect(x: 164, y: 124, width: 152, height: 112))
        #expect(s.frame(3) == Rect(x: 0, y: 240, width: 160, height: 240))
        #expect(s.collection.contentSize.height == 480)
    }

    @Test func flexibleSpacingSpreadsTheSpareWidth() {
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .absolute(80), heightDimension: .absolute(80)))
        let group = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)), subitems: [item])
        group.interItemSpacing = .flexible(10)
        let s = CollectionStage(
            CollectionModel([CollectionModel.items(3)]), layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
        // Three fit (260); the 60 left give gaps of 40.
        #expect(s.frame(1) == Rect(x: 120, y: 0, width: 80, height: 80))
        #expect(s.frame(2) == Rect(x: 240, y: 0, width: 80, height: 80))
    }

    @Test func compositionalRightToLeftMirrors() {
        let s = CollectionStage(CollectionModel([CollectionModel.items(4)]), layout: tiles(3, insets: .init(top: 0, leading: 20, bottom: 0, trailing: 0)))
        let width = (300.0 - 16) / 3
        #expect(close(s.frame(0), Rect(x: 20, y: 0, width: width, height: 120)))
        s.collection.semanticContentAttribute = .forceRightToLeft
        s.window.layoutIfNeeded()
        let mirrored: Double = 300 - width
        #expect(close(s.frame(0), Rect(x: mirrored, y: 0, width: width, height: 120)), "the leading inset is on the right")
    }

    @Test func aSectionProviderGivesEachSectionItsLayout() {
        let layout = CollectionViewCompositionalLayout(sectionProvider: { index, environment in
            let columns = index == 0 ? 2 : 4
            let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let height = environment.container.effectiveContentSize.width / Double(columns)
            return CollectionLayoutSection(
                group: .horizontal(
                    layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)), subitem: item, count: columns))
        })
        let s = CollectionStage(CollectionModel([CollectionModel.items(2), CollectionModel.items(4, section: 1)]), layout: layout)
        #expect(s.frame(1) == Rect(x: 160, y: 0, width: 160, height: 160))
        #expect(s.frame(3, section: 1) == Rect(x: 240, y: 160, width: 80, height: 80))
    }
}
