import CMallocCounter
import Foundation
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 24 §1: a 100,000-row `TableView` scrolled frame by frame allocates nothing once warm:
/// rows leave for the reuse pool and come back from it, the geometry is a prefix-sum index, the
/// index paths are stored inline. Counted by interposing malloc, in an optimized build only
/// (see `ZeroAllocationTests`; `Tools/test.sh` runs this target with `-c release`).
@MainActor
@Suite(
    .enabled(if: optimizedBuild, "allocation counts need an optimized build (swift test -c release)"),
    .enabled(if: mc_available() != 0, "a sanitizer owns malloc in this build, so allocations are not counted"))
struct TableZeroAllocationTests {
    /// Rows whose titles exist before the count starts (a data source that allocates per row
    /// would be counted too; the table's own work is what is measured).
    final class Rows: TableViewDataSource {
        let titles = (0..<100_000).map { "Row \($0)" }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = titles[indexPath.row]
            return cell
        }
    }

    @Test func scrollingAHundredThousandRowsAllocatesNothingPerFrame() {
        let app = Application()
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 480, height: 800))
        let window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        let rows = Rows()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 480, height: 800), style: .plain)
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        window.addSubview(table)
        window.layoutIfNeeded()
        // Warm up: a long scroll down and back fills the pool and every array's capacity.
        var y = 0.0
        for _ in 0..<4000 {
            y += 7
            table.contentOffset = Point(x: 0, y: y)
        }
        for _ in 0..<4000 {
            y -= 7
            table.contentOffset = Point(x: 0, y: y)
        }
        let made = table.numberOfCellsMade
        let before = mc_thread_allocs()
        var i = 0
        while i < 6000 {
            y += i < 3000 ? 9 : -9
            table.contentOffset = Point(x: 0, y: y)
            i += 1
        }
        let allocations = mc_thread_allocs() - before
        #expect(table.numberOfCellsMade == made, "no cell made after the warm-up")
        #expect(table.visibleCells.count >= 18)
        #expect(allocations == 0, "\(allocations) allocations over 6000 scroll frames (\(6000 * 9 / 44) rows through the screen each way)")
    }
}
