import Testing

@testable import ResponderKit

/// Plain style's floating section headers (issue 24 §1, UIKit's behaviour): the header of the
/// section at the top pins to the top while its rows scroll under it, the next section's header
/// pushes it up, touches on it reach the header and not the row under it; grouped styles do
/// not float. Geometry: headers 28 pt, rows 44 pt, a 320×480 table.
@MainActor
@Suite("Table view floating headers")
struct TableViewFloatingHeaderTests {
    /// Three sections of 20 rows with titled headers: section s starts at s × (28 + 20 × 44).
    func stage(style: TableView.Style = .plain) -> TableStage {
        let model = TableModel([TableModel.rows(20), TableModel.rows(20, section: 1), TableModel.rows(20, section: 2)])
        model.headerTitles = ["First", "Second", "Third"]
        return TableStage(model, style: style)
    }

    static let sectionHeight = 28.0 + 20 * 44

    func headerFrame(_ s: TableStage, _ section: Int) -> Rect? { s.table.headerView(forSection: section)?.frame }

    @Test func theTopHeaderPinsWhileItsRowsScrollUnderIt() {
        let s = stage()
        #expect(headerFrame(s, 0) == Rect(x: 0, y: 0, width: 320, height: 28), "at rest: its own place")
        for offset in [10.0, 100, 300, 500] {
            s.table.contentOffset = Point(x: 0, y: offset)
            #expect(headerFrame(s, 0) == Rect(x: 0, y: offset, width: 320, height: 28), "offset \(offset)")
            #expect(s.table.subviews.last === s.table.headerView(forSection: 0), "in front of the rows")
        }
        // The rows keep their places under it.
        #expect(abs((s.table.cellForRow(at: IndexPath(row: 11, section: 0))?.frame.minY ?? 0) - (28 + 11 * 44)) < 1e-6)
        // Far down the section, with the header's natural slot long gone from the screen.
        s.table.contentOffset = Point(x: 0, y: 600)
        #expect(headerFrame(s, 0)?.minY == 600)
        #expect(s.table.indexPathsForVisibleRows?.first == IndexPath(row: 13, section: 0), "(600 − 28) / 44 = row 13")
    }

    @Test func theNextHeaderPushesItUpThenTakesOver() {
        let s = stage()
        let second = Self.sectionHeight  // where section 1's header sits
        // 10 pt before the second header reaches the top: the first is pushed 18 pt up.
        s.table.contentOffset = Point(x: 0, y: second - 10)
        #expect(headerFrame(s, 0)?.minY == second - 28, "its bottom meets the second header")
        #expect(headerFrame(s, 1)?.minY == second)
        // Past it: the second floats, the first is gone.
        s.table.contentOffset = Point(x: 0, y: second + 200)
        #expect(headerFrame(s, 0) == nil)
        #expect(headerFrame(s, 1)?.minY == second + 200)
        // And back up: the first floats again.
        s.table.contentOffset = Point(x: 0, y: 250)
        #expect(headerFrame(s, 0)?.minY == 250)
        #expect(headerFrame(s, 1) == nil)
    }

    @Test func aFlingThroughTheSectionsAlwaysShowsOneHeaderAtTheTop() {
        let s = stage()
        var offset = 0.0
        let end = 3 * Self.sectionHeight - 480
        while offset <= end {
            s.table.contentOffset = Point(x: 0, y: offset)
            let top = (0..<3).compactMap { headerFrame(s, $0) }.map(\.minY).min()
            #expect(top.map { $0 <= offset + 1e-9 && $0 > offset - 28 } == true, "offset \(offset)")
            offset += 37
        }
        #expect(s.table.numberOfCellsMade <= 13, "floating reuses the cells as before")
    }

    @Test func aTapOnTheFloatingHeaderHitsTheHeaderNotTheRowUnderIt() {
        let s = stage()
        s.table.contentOffset = Point(x: 0, y: 300)
        let point = Point(x: 100, y: 10)  // window coordinates: inside the pinned header
        let header = s.table.headerView(forSection: 0)!
        let hit = s.window.hitTest(point, with: nil)
        #expect(hit === header || hit?.isDescendant(of: header) == true)
        #expect(s.window.hitTest(point, with: nil) === s.window.referenceHitTest(point, with: nil))
        let under = s.table.indexPathForRow(at: s.table.convert(point, from: s.window))
        #expect(under == IndexPath(row: 6, section: 0), "a row lies under the header")
        s.driver.tap(at: point, in: s.window)
        s.settle()
        #expect(!s.model.log.contains("select 0.6"), "the row under the header is not selected: \(s.model.log)")
        #expect(s.table.indexPathForSelectedRow == nil)
        // Below the header the row is tapped as ever.
        s.driver.tap(at: Point(x: 100, y: 100), in: s.window)
        s.settle()
        #expect(s.table.indexPathForSelectedRow != nil)
    }

    @Test func groupedStylesDoNotFloat() {
        for style in [TableView.Style.grouped, .insetGrouped] {
            let s = stage(style: style)
            let natural = s.table.headerView(forSection: 0)!.frame
            s.table.contentOffset = Point(x: 0, y: 10)
            #expect(headerFrame(s, 0) == natural, "\(style)")
            s.table.contentOffset = Point(x: 0, y: 300)
            #expect(headerFrame(s, 0) == nil, "scrolled away with its section")
        }
    }

    @Test func aPlainTableWithoutHeadersFloatsNothing() {
        let s = TableStage(TableModel([TableModel.rows(30), TableModel.rows(30, section: 1)]))
        s.table.contentOffset = Point(x: 0, y: 300)
        #expect(s.table.headerView(forSection: 0) == nil)
        #expect(s.table.floatingHeaderView == nil)
        #expect(s.visibleTitles.first == "0.6")
    }
}
