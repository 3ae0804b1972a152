import Foundation
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 24 §1: `TableView` — data source and delegate, sections, reuse, updates with
/// animation and the offset clamp, highlight and selection through the scroll view's touch
/// delay, swipe actions, self-sizing rows, and a 100,000-row table that keeps one screen of
/// cells. Driven through `InputDriver` on the manual clock.
@MainActor
@Suite("TableView")
struct TableViewTests {
    // MARK: Data and geometry

    /// This file imports Foundation and ResponderKit: `IndexPath(row:section:)` is Foundation's
    /// one type with UIKit's extension, not an ambiguous pair.
    @Test func indexPathIsFoundationsWithRowAndSection() {
        let path = IndexPath(row: 3, section: 1)
        let foundation: Foundation.IndexPath = path
        #expect(foundation == IndexPath(indexes: [1, 3]))
        #expect(path.row == 3 && path.section == 1)
        #expect(IndexPath(item: 2, section: 0).item == 2)
    }

    @Test func showsOnlyTheVisibleRows() {
        let s = TableStage(TableModel([TableModel.rows(100)]))
        #expect(s.table.contentSize.height == 100 * 44)
        // 480 / 44 = 10.9: rows 0…10.
        #expect(s.visibleTitles == (0...10).map { "0.\($0)" })
        #expect(s.table.indexPathsForVisibleRows == (0...10).map { IndexPath(row: $0, section: 0) })
        #expect(s.table.cellForRow(at: IndexPath(row: 3, section: 0))?.frame == Rect(x: 0, y: 132, width: 320, height: 44))
        #expect(s.table.cellForRow(at: IndexPath(row: 50, section: 0)) == nil)
        #expect(s.table.indexPathForRow(at: Point(x: 10, y: 140)) == IndexPath(row: 3, section: 0))
        #expect(s.table.indexPathForRow(at: Point(x: 10, y: 100 * 44 + 1)) == nil)
        #expect(s.table.numberOfCellsMade == 11)
    }

    @Test func scrollingReusesCells() {
        let s = TableStage(TableModel([TableModel.rows(1000)]))
        s.table.contentOffset = Point(x: 0, y: 44 * 500 + 10)
        #expect(s.visibleTitles.first == "0.500")
        #expect(s.visibleTitles.count == 12, "row 500 partly, 501…511")
        #expect(s.table.numberOfCellsMade == 12, "the 11 cells of the first screen came back, one more for the partial row")
        let reused = s.table.visibleCells.compactMap { $0 as? CountingCell }.filter { $0.reuses > 0 }
        #expect(reused.count == 11)
        for cell in s.table.visibleCells { #expect(!cell.isHidden) }
        // Every row under a point is the row the geometry says, and the cell is there.
        let cell = s.window.hitTest(Point(x: 100, y: 200), with: nil)
        let row = s.table.indexPathForRow(at: s.table.convert(Point(x: 100, y: 200), from: s.window))!
        #expect(cell?.isDescendant(of: s.table.cellForRow(at: row)!) == true)
        #expect(s.window.hitTest(Point(x: 100, y: 200), with: nil) === s.window.referenceHitTest(Point(x: 100, y: 200), with: nil))
    }

    @Test func sectionsHaveHeadersAndFooters() {
        let model = TableModel([TableModel.rows(3), TableModel.rows(2, section: 1)])
        model.headerTitles = ["First", "Second"]
        model.footerTitles = [nil, "End"]
        let s = TableStage(model)
        // header 28, 3 rows, no footer, header 28, 2 rows, footer 28.
        #expect(s.table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 28)
        #expect(s.table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 28 + 3 * 44 + 28)
        #expect(s.table.contentSize.height == 28 * 3 + 5 * 44)
        let header = s.table.headerView(forSection: 1) as? TableViewHeaderFooterView
        #expect(header?.textLabel.text == "Second")
        #expect(abs((header?.frame.minY ?? 0) - (28 + 3 * 44)) < 1e-9)
        #expect((s.table.footerView(forSection: 1) as? TableViewHeaderFooterView)?.textLabel.text == "End")
        #expect(s.table.footerView(forSection: 0) == nil)
        #expect(s.table.indexPathForRow(at: Point(x: 10, y: 10)) == nil, "a header is not a row")
    }

    @Test func groupedStylesSeparateSections() {
        let s = TableStage(TableModel([TableModel.rows(2), TableModel.rows(2, section: 1)]), style: .insetGrouped)
        #expect(s.table.rectForRow(at: IndexPath(row: 0, section: 0)) == Rect(x: 16, y: 35, width: 288, height: 44))
        #expect(s.table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 35 + 88 + 18 + 18)
    }

    @Test func heightsFromTheDelegateAndEstimates() {
        let model = TableModel([TableModel.rows(100)])
        model.heights[IndexPath(row: 1, section: 0)] = 100
        let s = TableStage(model) { $0.estimatedRowHeight = 44 }
        #expect(s.table.rectForRow(at: IndexPath(row: 2, section: 0)).minY == 144, "row 1 was shown, so asked")
        model.heights[IndexPath(row: 60, section: 0)] = 200
        #expect(s.table.contentSize.height == 99 * 44 + 100, "row 60 is still an estimate")
        s.table.scrollToRow(at: IndexPath(row: 59, section: 0), at: .top, animated: false)
        #expect(s.table.contentSize.height == 98 * 44 + 300, "measured when it showed")
        #expect(s.table.rectForRow(at: IndexPath(row: 61, section: 0)).minY == s.table.rectForRow(at: IndexPath(row: 60, section: 0)).maxY)
    }

    @Test func selfSizingRowsUseAutoLayout() {
        let model = TableModel([TableModel.rows(20)])
        model.configure = { cell, indexPath in
            guard cell.contentView.subviews.count == 1 else { return }  // the text label only: first use
            let box = View(frame: .zero)
            box.translatesAutoresizingMaskIntoConstraints = false
            box.tag = 7
            cell.contentView.addSubview(box)
            LayoutConstraint.activate([
                box.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 10),
                box.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor),
                box.widthAnchor.constraint(equalToConstant: 20),
                // 999, UIKit's idiom: the row starts at its estimate, where a required bottom
                // would conflict with the box's height and be broken (left out of the solver).
                {
                    let bottom = box.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -10)
                    bottom.priority = LayoutPriority(rawValue: 999)
                    return bottom
                }(),
                box.heightAnchor.constraint(equalToConstant: 60)
            ])
        }
        let s = TableStage(model) { $0.rowHeight = TableView.automaticDimension }
        #expect(s.table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 80, "10 + 60 + 10 from the constraints")
        #expect(s.table.rectForRow(at: IndexPath(row: 1, section: 0)).minY == 80)
        #expect(s.table.visibleCells.count == 6, "480 / 80")
    }

    // MARK: Touches

    @Test func aRowHeldStillHighlightsAfterTheDelayAndATapSelects() {
        let s = TableStage(TableModel([TableModel.rows(50)]))
        let cell = s.table.cellForRow(at: IndexPath(row: 2, section: 0))!
        s.driver.touchDown(0, at: s.point(2), in: s.window)
        s.driver.advance(by: 0.149)
        #expect(!cell.isHighlighted, "not before the scroll view's delay")
        s.driver.advance(by: 0.002)
        #expect(cell.isHighlighted)
        s.driver.touchUp(0, in: s.window)
        #expect(!cell.isHighlighted && cell.isSelected)
        #expect(s.model.log == ["highlight 0.2", "unhighlight 0.2", "select 0.2"])
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        s.driver.tap(at: s.point(4), in: s.window)
        #expect(s.model.log.suffix(4) == ["highlight 0.4", "unhighlight 0.4", "deselect 0.2", "select 0.4"])
        s.table.deselectRow(at: IndexPath(row: 4, section: 0), animated: true)
        #expect(s.table.indexPathForSelectedRow == nil)
        #expect(s.table.cellForRow(at: IndexPath(row: 4, section: 0))?.isSelected == false)
        #expect(s.driver.isClean)
    }

    @Test func aDragCancelsTheHighlightAndSelectsNothing() {
        let s = TableStage(TableModel([TableModel.rows(50)]))
        let cell = s.table.cellForRow(at: IndexPath(row: 3, section: 0))!
        s.driver.touchDown(0, at: s.point(3), in: s.window)
        s.driver.advance(by: 0.2)
        #expect(cell.isHighlighted)
        let start = s.point(3)
        for i in 1...10 {
            s.driver.advance(by: 0.016)
            s.driver.touchMove(0, to: Point(x: start.x, y: start.y - 6 * Double(i)), in: s.window)
        }
        #expect(s.table.isDragging)
        #expect(!cell.isHighlighted)
        s.driver.touchUp(0, in: s.window)
        s.settle()
        #expect(s.model.log == ["highlight 0.3", "unhighlight 0.3"])
        #expect(s.table.indexPathForSelectedRow == nil)
        #expect(s.driver.isClean)
    }

    @Test func multipleSelectionTogglesAndSelectionCanBeOff() {
        let s = TableStage(TableModel([TableModel.rows(20)])) { $0.allowsMultipleSelection = true }
        s.driver.tap(at: s.point(1), in: s.window)
        s.driver.tap(at: s.point(2), in: s.window)
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
        s.driver.tap(at: s.point(1), in: s.window)
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
        #expect(s.model.log.last == "deselect 0.1")
        s.table.allowsSelection = false
        s.driver.tap(at: s.point(5), in: s.window)
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
        s.table.selectRow(at: IndexPath(row: 9, section: 0), animated: false, scrollPosition: .none)
        #expect(s.table.cellForRow(at: IndexPath(row: 9, section: 0))?.isSelected == true)
        s.table.selectRow(at: nil, animated: false, scrollPosition: .none)
        #expect(s.table.indexPathsForSelectedRows == nil)
        #expect(s.driver.isClean)
    }

    // MARK: Updates

    @Test func deleteSlidesTheRowsBelowAndRemovesTheCell() {
        let s = TableStage(TableModel([TableModel.rows(30)]))
        let gone = s.table.cellForRow(at: IndexPath(row: 1, section: 0))!
        let below = s.table.cellForRow(at: IndexPath(row: 2, section: 0))!
        s.model.sections[0].remove(at: 1)
        var finished = false
        s.table.performBatchUpdates({ s.table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade) }, completion: { finished = $0 })
        #expect(gone.superview == nil)
        #expect(below.frame.minY == 44, "the model at once")
        #expect(below.presentation.center.y == 2 * 44 + 22, "drawn where it was until the animation runs")
        #expect(s.table.cellForRow(at: IndexPath(row: 1, section: 0)) === below)
        #expect(s.table.contentSize.height == 29 * 44)
        s.settle()
        #expect(finished)
        #expect(below.presentation.center.y == 44 + 22)
        #expect(s.visibleTitles == (0...11).filter { $0 != 1 }.map { "0.\($0)" })
    }

    @Test func deletionsClampTheOffset() {
        let s = TableStage(TableModel([TableModel.rows(30)]))
        s.table.contentOffset = Point(x: 0, y: 30 * 44 - 480)
        s.model.sections[0].removeLast(5)
        s.table.deleteRows(at: (25..<30).map { IndexPath(row: $0, section: 0) }, with: .automatic)
        #expect(s.table.contentOffset.y == 25 * 44 - 480, "no gap under the last row")
        #expect(s.visibleTitles.last == "0.24")
        s.settle()
        s.model.sections[0].removeLast(20)
        s.table.deleteRows(at: (5..<25).map { IndexPath(row: $0, section: 0) }, with: .none)
        #expect(s.table.contentOffset.y == 0, "content shorter than the table: back to the top")
        #expect(s.visibleTitles == (0..<5).map { "0.\($0)" })
    }

    @Test func insertAndMoveRows() {
        let s = TableStage(TableModel([TableModel.rows(10)]))
        s.model.sections[0].insert("new", at: 0)
        s.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        let inserted = s.table.cellForRow(at: IndexPath(row: 0, section: 0))!
        #expect(inserted.textLabel?.text == "new")
        #expect(inserted.presentation.alpha == 0, "fades in")
        s.settle()
        #expect(inserted.presentation.alpha == 1)
        #expect(s.visibleTitles.prefix(3) == ["new", "0.0", "0.1"])
        let moving = s.table.cellForRow(at: IndexPath(row: 1, section: 0))!
        s.model.sections[0].insert(s.model.sections[0].remove(at: 1), at: 4)
        s.table.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 4, section: 0))
        #expect(s.table.cellForRow(at: IndexPath(row: 4, section: 0)) === moving, "the cell goes with its row")
        #expect(moving.frame.minY == 4 * 44)
        s.settle()
        #expect(s.visibleTitles.prefix(5) == ["new", "0.1", "0.2", "0.3", "0.0"])
    }

    @Test func batchUpdatesUseOldIndexesForDeletesAndNewForInserts() {
        let s = TableStage(TableModel([TableModel.rows(6)]))
        s.table.selectRow(at: IndexPath(row: 5, section: 0), animated: false, scrollPosition: .none)
        s.model.sections[0] = ["0.0", "x", "0.2", "0.3", "0.5", "y"]
        s.table.performBatchUpdates {
            s.table.deleteRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 4, section: 0)], with: .fade)
            s.table.insertRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 5, section: 0)], with: .fade)
        }
        #expect(s.visibleTitles == ["0.0", "x", "0.2", "0.3", "0.5", "y"])
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 4, section: 0), "the selection follows its row")
        s.settle()
    }

    @Test func anUpdateThatDoesNotAddUpIsReportedAndReloads() {
        let s = TableStage(TableModel([TableModel.rows(6)]))
        s.model.sections[0].removeLast(2)
        let messages = collectDiagnostics {
            s.table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("section 0 had 6 rows and has 4") == true)
        #expect(s.visibleTitles == (0..<4).map { "0.\($0)" }, "reloaded instead")
        let bad = collectDiagnostics { s.table.deleteRows(at: [IndexPath(row: 9, section: 3)], with: .automatic) }
        #expect(bad.count == 1)
    }

    @Test func anUnregisteredIdentifierIsReported() {
        let s = TableStage(TableModel([TableModel.rows(3)]))
        let messages = collectDiagnostics {
            _ = s.table.dequeueReusableCell(withIdentifier: "nobody", for: IndexPath(row: 0, section: 0))
        }
        #expect(messages.first?.contains("no class registered for the reuse identifier \"nobody\"") == true)
    }

    // MARK: Swipe actions

    func swipeStage(performed: @escaping (String) -> Void) -> TableStage {
        let model = TableModel([TableModel.rows(20)])
        let s = TableStage(model)
        model.trailingActions = { [unowned s] indexPath in
            let delete = ContextualAction(style: .destructive, title: "Delete") { _, _, done in
                performed("delete \(indexPath.row)")
                s.model.sections[0].remove(at: indexPath.row)
                s.table.deleteRows(at: [indexPath], with: .automatic)
                done(true)
            }
            let flag = ContextualAction(style: .normal, title: "Flag") { _, _, done in
                performed("flag \(indexPath.row)")
                done(false)
            }
            return SwipeActionsConfiguration(actions: [delete, flag])
        }
        return s
    }

    @Test func swipeLeftRevealsTheActionsAndATapPerformsOne() {
        var performed: [String] = []
        let s = swipeStage { performed.append($0) }
        let cell = s.table.cellForRow(at: IndexPath(row: 2, section: 0))!
        s.drag(from: s.point(2, x: 250), by: -120, 0)
        s.settle()
        #expect(s.table.indexPathForRevealedSwipeActions == IndexPath(row: 2, section: 0))
        #expect(cell.contentView.frame.minX == -160, "two 80 pt buttons")
        #expect(s.table.contentOffset.y == 0, "a sideways swipe does not scroll")
        #expect(s.model.log.isEmpty, "nor highlight or select")
        // Flag is the inner button (160…240 from the right edge: x 160…240).
        s.driver.tap(at: s.table.convert(Point(x: 200, y: s.table.rectForRow(at: IndexPath(row: 2, section: 0)).midY), to: s.window), in: s.window)
        #expect(performed == ["flag 2"])
        s.settle()
        #expect(s.table.indexPathForRevealedSwipeActions == nil, "done(false) closes the row")
        #expect(cell.contentView.frame.minX == 0)
        #expect(s.driver.isClean)
    }

    @Test func aTouchElsewhereClosesTheActionsWithoutSelecting() {
        let s = swipeStage { _ in }
        s.drag(from: s.point(2, x: 250), by: -120, 0)
        s.settle()
        s.driver.tap(at: s.point(6), in: s.window)
        s.settle()
        #expect(s.table.indexPathForRevealedSwipeActions == nil)
        #expect(s.table.indexPathForSelectedRow == nil)
    }

    @Test func aFullSwipePerformsTheFirstDestructiveAction() {
        var performed: [String] = []
        let s = swipeStage { performed.append($0) }
        s.drag(from: s.point(3, x: 300), by: -280, 0, steps: 14)
        #expect(performed == ["delete 3"])
        #expect(s.model.sections[0].count == 19)
        s.settle()
        #expect(s.visibleTitles.prefix(4) == ["0.0", "0.1", "0.2", "0.4"])
        #expect(s.table.indexPathForRevealedSwipeActions == nil)
        #expect(s.driver.isClean)
    }

    @Test func aVerticalDragScrollsInsteadOfSwiping() {
        let s = swipeStage { _ in }
        s.drag(from: s.point(5), by: -10, -150)
        #expect(s.table.indexPathForRevealedSwipeActions == nil)
        #expect(s.table.contentOffset.y > 100)
        s.settle()
    }

    // MARK: Scale

    /// 100,000 rows: the table keeps the visible cells plus at most one screen of idle ones,
    /// wherever it scrolls, and finds rows by offset without walking them.
    @Test func aHundredThousandRowsKeepOneScreenOfCells() {
        let before = CountingCell.live
        let s = TableStage(TableModel([TableModel.rows(100_000)]))
        #expect(s.table.contentSize.height == 100_000 * 44)
        var y = 0.0
        var step = 7.0
        while y < 100_000 * 44 - 480 {
            s.table.contentOffset = Point(x: 0, y: y)
            let alive = CountingCell.live - before
            let visible = s.table.visibleCells.count
            #expect(alive <= visible + 12, "at \(y): \(alive) cells alive for \(visible) visible")
            y += step
            step *= 1.3
        }
        s.table.contentOffset = Point(x: 0, y: 44 * 99_990)
        #expect(s.visibleTitles.first == "0.99990")
        #expect(s.table.indexPathForRow(at: Point(x: 1, y: 44 * 77_777 + 1)) == IndexPath(row: 77_777, section: 0))
        #expect(s.table.numberOfCellsMade <= 24)
    }
}
