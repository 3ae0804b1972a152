import Foundation
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 24 §1, collections: `CollectionView` with reuse — data source calls, reuse counts,
/// supplementary views, batch updates with moves and the offset clamp, selection through the
/// scroll view's touch delay, and a 100,000-item collection that keeps about one screen of
/// cells. Driven through `InputDriver` on the manual clock.
@MainActor
@Suite("CollectionView")
struct CollectionViewTests {
    // MARK: Data and reuse

    @Test func showsOnlyTheVisibleItems() {
        let s = CollectionStage(CollectionModel([CollectionModel.items(100)]))
        // 34 lines of 3 (the last of 1), 100 high, 10 apart.
        #expect(s.collection.contentSize == Size(width: 320, height: 3730))
        // Lines at 0, 110, 220, 330, 440 cross the 480-point bounds.
        #expect(s.visibleTitles == (0..<15).map { "0.\($0)" })
        #expect(s.collection.indexPathsForVisibleItems == (0..<15).map { IndexPath(item: $0, section: 0) })
        #expect(s.model.cellRequests == 15, "one cell asked per visible item")
        #expect(s.collection.cellForItem(at: IndexPath(item: 4, section: 0))?.frame == Rect(x: 110, y: 110, width: 100, height: 100))
        #expect(s.collection.cellForItem(at: IndexPath(item: 50, section: 0)) == nil)
        #expect(s.collection.indexPathForItem(at: Point(x: 150, y: 150)) == IndexPath(item: 4, section: 0))
        #expect(s.collection.indexPathForItem(at: Point(x: 105, y: 150)) == nil, "the spacing is no item")
        #expect(s.collection.numberOfCellsMade == 15)
        #expect(s.collection.numberOfSections == 1 && s.collection.numberOfItems(inSection: 0) == 100)
    }

    @Test func scrollingReusesCells() throws {
        let s = CollectionStage(CollectionModel([CollectionModel.items(1000)]))
        s.collection.contentOffset = Point(x: 0, y: 1100)
        #expect(s.visibleTitles == (30..<45).map { "0.\($0)" })
        #expect(s.collection.numberOfCellsMade == 15, "the first screen's cells came back")
        let reused = s.collection.visibleCells.compactMap { $0 as? TitledCollectionCell }.filter { $0.reuses > 0 }
        #expect(reused.count == 15)
        for cell in s.collection.visibleCells { #expect(!cell.isHidden) }
        // A step of a line brings one in, takes one out, and keeps the others' cells.
        let kept = s.collection.cellForItem(at: IndexPath(item: 40, section: 0))
        s.collection.contentOffset = Point(x: 0, y: 1215)
        #expect(s.collection.cellForItem(at: IndexPath(item: 40, section: 0)) === kept)
        #expect(s.visibleTitles == (33..<48).map { "0.\($0)" }, "line 10 left (it ends at 1200), line 15 came (1650)")
        #expect(s.collection.numberOfCellsMade == 15, "line 10's cells served line 15")
        // Hit testing finds the cell under a point (content y 1365: line 12, item 37).
        let point = Point(x: 150, y: 150)
        let hit = s.window.hitTest(point, with: nil)
        let item = try #require(s.collection.indexPathForItem(at: s.collection.convert(point, from: s.window)))
        #expect(item == IndexPath(item: 37, section: 0))
        #expect(hit?.isDescendant(of: try #require(s.collection.cellForItem(at: item))) == true)
        #expect(s.window.hitTest(point, with: nil) === s.window.referenceHitTest(point, with: nil))
    }

    @Test func supplementaryViewsAreDequeuedAndReused() {
        let model = CollectionModel([CollectionModel.items(30), CollectionModel.items(30, section: 1)])
        let s = CollectionStage(
            model,
            layout: CollectionStage.grid {
                $0.headerReferenceSize = Size(width: 0, height: 40)
                $0.footerReferenceSize = Size(width: 0, height: 20)
            })
        // Header 40, 10 lines of 100 with 9 gaps of 10, footer 20: 1150 a section.
        #expect(s.collection.contentSize.height == 2300)
        let header = s.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect((header as? TitledSupplementaryView)?.title.text == "header 0")
        #expect(header?.frame == Rect(x: 0, y: 0, width: 320, height: 40))
        #expect(s.frame(0) == Rect(x: 0, y: 40, width: 100, height: 100))
        s.collection.contentOffset = Point(x: 0, y: 1100)
        let footer = s.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        #expect((footer as? TitledSupplementaryView)?.title.text == "footer 0")
        #expect(footer?.frame.minY == 1130)
        let secondHeader = s.collection.supplementaryView(
            forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect((secondHeader as? TitledSupplementaryView)?.title.text == "header 1")
        #expect(secondHeader === header, "the first header's view, reused")
        #expect(s.frame(0, section: 1)?.minY == 1190)
    }

    @Test func anUnregisteredIdentifierIsReportedAndStillShows() {
        final class Unregistered: CollectionViewDataSource {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "nobody", for: indexPath)
            }
        }
        let source = Unregistered()
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        collection.dataSource = source
        let messages = collectDiagnostics { collection.reloadData() }
        #expect(messages.count == 1)
        #expect(messages.first?.firstRange(of: "\"nobody\"") != nil)
        #expect(collection.visibleCells.count == 2)
    }

    @Test func scrollToItemPlacesIt() {
        let s = CollectionStage(CollectionModel([CollectionModel.items(300)]))
        s.collection.scrollToItem(at: IndexPath(item: 90, section: 0), at: .top, animated: false)
        #expect(s.collection.contentOffset.y == 3300)
        s.collection.scrollToItem(at: IndexPath(item: 90, section: 0), at: .centeredVertically, animated: false)
        #expect(s.collection.contentOffset.y == 3110, "3300 + 50 - 240")
        s.collection.scrollToItem(at: IndexPath(item: 299, section: 0), at: .top, animated: false)
        #expect(s.collection.contentOffset.y == s.collection.contentSize.height - 480, "clamped to the content")
        #expect(s.collection.cellForItem(at: IndexPath(item: 299, section: 0)) != nil)
        let messages = collectDiagnostics {
            s.collection.scrollToItem(at: IndexPath(item: 300, section: 0), at: .top, animated: false)
        }
        #expect(messages.count == 1)
    }

    // MARK: Updates

    @Test func batchUpdatesWithMovesKeepCellsAndAnimate() {
        let model = CollectionModel([(0..<9).map { "item \($0)" }])
        let s = CollectionStage(model)
        let moving = s.collection.cellForItem(at: IndexPath(item: 5, section: 0))
        let staying = s.collection.cellForItem(at: IndexPath(item: 8, section: 0))
        let deleted = s.collection.cellForItem(at: IndexPath(item: 1, section: 0))
        // Delete item 1, insert "new" at 0, move item 5 to 2.
        model.sections[0] = ["new", "item 0", "item 5", "item 2", "item 3", "item 4", "item 6", "item 7", "item 8"]
        var completed: Bool?
        s.collection.performBatchUpdates(
            {
                s.collection.deleteItems(at: [IndexPath(item: 1, section: 0)])
                s.collection.insertItems(at: [IndexPath(item: 0, section: 0)])
                s.collection.moveItem(at: IndexPath(item: 5, section: 0), to: IndexPath(item: 2, section: 0))
            }, completion: { completed = $0 })
        #expect(s.visibleTitles == model.sections[0])
        #expect(s.collection.cellForItem(at: IndexPath(item: 2, section: 0)) === moving, "a moved item keeps its cell")
        #expect(s.collection.cellForItem(at: IndexPath(item: 8, section: 0)) === staying)
        #expect(deleted?.superview === s.collection && deleted?.alpha == 0, "the deleted cell fades out")
        // Moving cells slide: midway the moved cell is between its old and new places.
        #expect(moving?.frame == Rect(x: 220, y: 0, width: 100, height: 100), "the model value is the new place")
        s.driver.advance(by: 0.15)
        #expect(completed == nil)
        s.settle()
        #expect(completed == true)
        #expect(deleted?.isHidden == true, "back in the pool once it faded")
        #expect(s.model.cellRequests == 10, "nine at first, one for the inserted item")
    }

    @Test func deletingAtTheEndClampsTheOffset() {
        let model = CollectionModel([CollectionModel.items(90)])
        let s = CollectionStage(model)
        let bottom = s.collection.contentSize.height - 480
        s.collection.contentOffset = Point(x: 0, y: bottom)
        model.sections[0].removeLast(45)
        s.collection.deleteItems(at: (45..<90).map { IndexPath(item: $0, section: 0) })
        // 15 lines now: 15 * 100 + 14 * 10 = 1640.
        #expect(s.collection.contentSize.height == 1640)
        #expect(s.collection.contentOffset.y == 1640 - 480, "clamped, as UIKit does: no gap under the last line")
        s.settle()
        #expect(s.visibleTitles.last == "0.44")
        #expect(s.collection.visibleCells.allSatisfy { !$0.isHidden && $0.frame.maxY <= 1640 })
    }

    @Test func sectionsAreInsertedAndDeleted() {
        let model = CollectionModel([CollectionModel.items(3), CollectionModel.items(3, section: 1)])
        let s = CollectionStage(model, layout: CollectionStage.grid { $0.headerReferenceSize = Size(width: 0, height: 40) })
        model.sections.insert(["fresh"], at: 1)
        s.collection.insertSections([1])
        #expect(s.visibleTitles == ["0.0", "0.1", "0.2", "fresh", "1.0", "1.1", "1.2"])
        #expect(s.frame(0, section: 1)?.minY == 180)
        model.sections.remove(at: 0)
        s.collection.deleteSections([0])
        #expect(s.visibleTitles == ["fresh", "1.0", "1.1", "1.2"])
        #expect(s.frame(0, section: 0)?.minY == 40)
        s.settle()
        let header = s.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(header?.frame == Rect(x: 0, y: 140, width: 320, height: 40), "the moved section's header slid up with it")
        #expect(s.collection.subviews.filter { $0 is TitledSupplementaryView && !$0.isHidden }.count == 2, "the deleted header went")
    }

    @Test func anUpdateThatDoesNotAddUpIsReportedAndReloads() {
        let model = CollectionModel([CollectionModel.items(5)])
        let s = CollectionStage(model)
        model.sections[0].append("extra")
        let messages = collectDiagnostics { s.collection.deleteItems(at: [IndexPath(item: 0, section: 0)]) }
        #expect(messages.count == 1)
        #expect(messages.first?.firstRange(of: "do not explain") != nil)
        #expect(s.visibleTitles.count == 6, "reloaded from the data source")
    }

    @Test func reloadItemsAsksForTheCellAgain() {
        let model = CollectionModel([CollectionModel.items(6)])
        let s = CollectionStage(model)
        model.sections[0][2] = "changed"
        s.collection.reloadItems(at: [IndexPath(item: 2, section: 0)])
        #expect(s.visibleTitles[2] == "changed")
        #expect(s.model.cellRequests == 7)
    }

    // MARK: Selection

    @Test func aHeldItemHighlightsAfterTheDelayAndATapSelects() {
        let s = CollectionStage(CollectionModel([CollectionModel.items(30)]))
        let cell = s.collection.cellForItem(at: IndexPath(item: 4, section: 0))!
        s.driver.touchDown(0, at: s.point(4), in: s.window)
        s.driver.advance(by: 0.149)
        #expect(!cell.isHighlighted, "not before the scroll view's delay")
        s.driver.advance(by: 0.002)
        #expect(cell.isHighlighted)
        s.driver.touchUp(0, in: s.window)
        #expect(!cell.isHighlighted && cell.isSelected)
        #expect(s.model.log == ["highlight 0.4", "unhighlight 0.4", "select 0.4"])
        #expect(s.collection.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        s.driver.tap(at: s.point(7), in: s.window)
        #expect(s.model.log.suffix(4) == ["highlight 0.7", "unhighlight 0.7", "deselect 0.4", "select 0.7"])
        #expect(!cell.isSelected)
        s.collection.deselectItem(at: IndexPath(item: 7, section: 0), animated: true)
        #expect(s.collection.indexPathsForSelectedItems == nil)
        #expect(s.driver.isClean)
    }

    @Test func multipleSelectionTogglesAndSurvivesReuse() {
        let s = CollectionStage(CollectionModel([CollectionModel.items(300)])) { $0.allowsMultipleSelection = true }
        s.driver.tap(at: s.point(1), in: s.window)
        s.driver.tap(at: s.point(2), in: s.window)
        #expect(s.collection.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
        s.driver.tap(at: s.point(1), in: s.window)
        #expect(s.collection.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        #expect(s.model.log.filter { !$0.hasPrefix("highlight") && !$0.hasPrefix("unhighlight") } == ["select 0.1", "select 0.2", "deselect 0.1"])
        // Scrolled away and back, the selected item's (reused) cell shows selected, the others not.
        s.collection.contentOffset = Point(x: 0, y: 2000)
        #expect(s.collection.visibleCells.allSatisfy { !$0.isSelected })
        s.collection.contentOffset = .zero
        #expect(s.collection.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected == true)
        #expect(s.collection.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == false)
        // In code: the delegate hears nothing.
        s.collection.selectItem(at: IndexPath(item: 100, section: 0), animated: false, scrollPosition: .centeredVertically)
        #expect(s.collection.cellForItem(at: IndexPath(item: 100, section: 0))?.isSelected == true)
        s.collection.selectItem(at: nil, animated: false, scrollPosition: [])
        #expect(s.collection.indexPathsForSelectedItems == nil)
        #expect(s.model.log.last == "deselect 0.1")
    }

    @Test func aDragCancelsTheHighlightAndSelectsNothing() {
        let s = CollectionStage(CollectionModel([CollectionModel.items(300)]))
        let start = s.point(4)
        s.driver.touchDown(0, at: start, in: s.window)
        s.driver.advance(by: 0.2)
        #expect(s.collection.cellForItem(at: IndexPath(item: 4, section: 0))?.isHighlighted == true)
        for i in 1...10 {
            s.driver.advance(by: 0.01)
            s.driver.touchMove(0, to: Point(x: start.x, y: start.y - Double(i) * 12), in: s.window)
        }
        s.driver.touchUp(0, in: s.window)
        #expect(s.collection.indexPathsForSelectedItems == nil)
        #expect(s.collection.visibleCells.allSatisfy { !$0.isHighlighted })
        #expect(s.model.log == ["highlight 0.4", "unhighlight 0.4"])
        #expect(s.collection.contentOffset.y > 50)
        s.settle()
    }

    @Test func cellsReadTheirContentAndActivateSelects() {
        let s = CollectionStage(CollectionModel([CollectionModel.items(6)]))
        let cell = s.collection.cellForItem(at: IndexPath(item: 3, section: 0))!
        #expect(!cell.isAccessibilityElement, "as a table cell: its labels are read")
        cell.isAccessibilityElement = true
        cell.accessibilityLabel = "Tile 3"
        #expect(cell.accessibilityTraits == .none)
        #expect(cell.accessibilityActivate())
        #expect(cell.isSelected && cell.accessibilityTraits.contains(.selected))
        #expect(s.model.log == ["select 0.3"])
    }

    // MARK: Scale

    /// 100,000 items: the collection view keeps the visible cells plus about one screen of idle
    /// ones wherever it scrolls, and finds items by offset without walking them.
    @Test func aHundredThousandItemsKeepAboutOneScreenOfCells() {
        let before = TitledCollectionCell.live
        let s = CollectionStage(CollectionModel([CollectionModel.items(100_000)]))
        let lines = (100_000 + 2) / 3
        #expect(s.collection.contentSize.height == Double(lines) * 110 - 10)
        var y = 0.0
        var step = 7.0
        while y < s.collection.contentSize.height - 480 {
            s.collection.contentOffset = Point(x: 0, y: y)
            let alive = TitledCollectionCell.live - before
            let visible = s.collection.visibleCells.count
            #expect(alive <= visible + 18, "at \(y): \(alive) cells alive for \(visible) visible")
            y += step
            step *= 1.3
        }
        s.collection.scrollToItem(at: IndexPath(item: 99_999, section: 0), at: .bottom, animated: false)
        #expect(s.visibleTitles.last == "0.99999")
        #expect(s.collection.indexPathForItem(at: Point(x: 150, y: 110 * 22_222 + 1)) == IndexPath(item: 66_667, section: 0))
        #expect(s.collection.numberOfCellsMade <= 36)
    }
}
