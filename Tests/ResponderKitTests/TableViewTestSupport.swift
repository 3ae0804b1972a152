import ResponderKitTesting
import Testing

@testable import ResponderKit

/// A cell that counts how many of its kind are alive and how often it was reused.
final class CountingCell: TableViewCell {
    @MainActor static var live = 0
    var reuses = 0

    required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        CountingCell.live += 1
    }

    isolated deinit { CountingCell.live -= 1 }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }
}

/// A data source and delegate over an array of row titles per section, recording what the
/// table tells it.
@MainActor
final class TableModel: TableViewDataSource, TableViewDelegate {
    var sections: [[String]]
    var headerTitles: [String?] = []
    var footerTitles: [String?] = []
    var log: [String] = []
    var heights: [IndexPath: Double] = [:]
    var trailingActions: ((IndexPath) -> SwipeActionsConfiguration?)?
    var configure: ((TableViewCell, IndexPath) -> Void)?

    init(_ sections: [[String]]) { self.sections = sections }

    static func rows(_ count: Int, section: Int = 0) -> [String] { (0..<count).map { "\(section).\($0)" } }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = sections[indexPath.section][indexPath.row]
        configure?(cell, indexPath)
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        section < headerTitles.count ? headerTitles[section] : nil
    }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        section < footerTitles.count ? footerTitles[section] : nil
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { heights[indexPath] ?? tableView.rowHeight }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { log.append("select \(indexPath.section).\(indexPath.row)") }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { log.append("deselect \(indexPath.section).\(indexPath.row)") }
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) { log.append("highlight \(indexPath.section).\(indexPath.row)") }
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {
        log.append("unhighlight \(indexPath.section).\(indexPath.row)")
    }
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        trailingActions?(indexPath)
    }
}

/// A 320×480 table filling a window on a manual clock (60 Hz frames while something animates).
@MainActor
final class TableStage {
    let app = Application()
    let driver: InputDriver
    let window: Window
    let table: TableView
    let model: TableModel

    init(_ model: TableModel, style: TableView.Style = .plain, configure: (TableView) -> Void = { _ in }) {
        driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 320, height: 480))
        window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        self.model = model
        table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480), style: style)
        table.register(CountingCell.self, forCellReuseIdentifier: "row")
        table.dataSource = model
        table.delegate = model
        configure(table)
        window.addSubview(table)
        window.layoutIfNeeded()
    }

    /// Frames until nothing animates.
    func settle() {
        var left = 600
        while app.animator.isRunning, left > 0 {
            driver.advance(by: 1.0 / 60)
            left -= 1
        }
    }

    /// The titles of the visible rows, top to bottom.
    var visibleTitles: [String] { table.visibleCells.compactMap { $0.textLabel?.text } }

    /// A point in the window inside a row (x from its left edge).
    func point(_ row: Int, section: Int = 0, x: Double = 40) -> Point {
        let rect = table.rectForRow(at: IndexPath(row: row, section: section))
        return table.convert(Point(x: x, y: rect.midY), to: window)
    }

    /// A drag by (dx, dy) in `steps` moves 10 ms apart, lifted at the end.
    func drag(from start: Point, by dx: Double, _ dy: Double, steps: Int = 10) {
        driver.touchDown(0, at: start, in: window)
        for i in 1...steps {
            driver.advance(by: 0.01)
            driver.touchMove(0, to: Point(x: start.x + dx * Double(i) / Double(steps), y: start.y + dy * Double(i) / Double(steps)), in: window)
        }
        driver.touchUp(0, in: window)
    }
}
