// The table case of scrollbench: a 100,000-row TableView (reused cells) scrolled frame by frame.
import Rendering
import ResponderKit

/// Rows whose titles exist before the timing (the table's work is what is measured).
@MainActor
final class BenchRows: TableViewDataSource {
    let titles: [String]
    init(count: Int) { titles = (0..<count).map { "Message \($0)" } }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = titles[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}

/// A 100,000-row plain table of title-and-chevron cells, scrolled by `runReusingList`.
@MainActor
func runTable(steps: Int) -> Int32 {
    Rendering.install()
    let size = Size(width: 480, height: 800)
    let window = Window(windowScene: WindowScene(application: Application(), screenBounds: Rect(origin: .zero, size: size)))
    window.backgroundColor = .white
    let rowCount = 100_000
    let rows = BenchRows(count: rowCount)
    let table = TableView(frame: Rect(origin: .zero, size: size), style: .plain)
    table.showsVerticalScrollIndicator = false
    table.register(TableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = rows
    let bench = ReusingListCase(
        name: "table", description: "\(rowCount) rows (TableViewCell, title + chevron)", list: table, reload: { table.reloadData() },
        lookup: { i in blackHole(table.indexPathForRow(at: Point(x: 10, y: Double(i &* 7919 % rowCount) * 44 + 5))) },
        lookupName: "indexPathForRow(at:)", cells: { (table.numberOfCellsMade, table.visibleCells.count) })
    return withExtendedLifetime(rows) { runReusingList(bench, window: window, steps: steps) }
}
