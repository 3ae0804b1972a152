// scroll-list: a fullscreen list of 10,000 rows, each a title and a subtitle, in a `TableView`
// that reuses its cells — the app the touch-scrolling comparison with Qt's `QListView` and GTK's
// `GtkListView` runs (Tools/Benchmarks/scroll-peers). Nothing else: no header, no search.
//   scroll-list [--rows N] [kiosk options]     (--help lists the kiosk options)
import Kiosk
import KioskWayland
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// The rows: "Row N" over "Subtitle of row N", made once so that scrolling formats nothing.
@MainActor
final class ScrollListRows: TableViewDataSource {
    let titles: [String]
    let subtitles: [String]

    init(count: Int) {
        titles = (0..<count).map { "Row \($0)" }
        subtitles = (0..<count).map { "Subtitle of row \($0)" }
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: ScrollListController.reuseIdentifier, for: indexPath)
        cell.textLabel?.text = titles[indexPath.row]
        cell.detailTextLabel?.text = subtitles[indexPath.row]
        return cell
    }
}

/// Subtitle cells: the table registers this class so that every cell it makes has a detail label.
final class SubtitleCell: TableViewCell {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { SubtitleCell.self }

    required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }
}

/// The root controller: its view is the table.
@MainActor
final class ScrollListController: ViewController {
    static let reuseIdentifier = "row"
    let rows: ScrollListRows
    let table = TableView(frame: .zero, style: .plain)

    init(rows: Int) {
        self.rows = ScrollListRows(count: rows)
        super.init()
    }

    override func loadView() {
        table.backgroundColor = .white
        table.rowHeight = 64
        table.register(SubtitleCell.self, forCellReuseIdentifier: Self.reuseIdentifier)
        table.dataSource = rows
        view = table
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var rowCount = 10_000
if let index = arguments.firstIndex(of: "--rows") {
    guard index + 1 < arguments.count, let n = Int(arguments[index + 1]), (1...1_000_000).contains(n) else {
        let message = "scroll-list: --rows wants a number from 1 to 1000000\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
    rowCount = n
    arguments.removeSubrange(index...index + 1)
}
exit(
    MainActor.assumeIsolated {
        // Headless, with no script given: a 400-point flick, then the list at rest.
        let script = "drag 640 600 640 200 0.15\nsettle\nsnapshot scrolled\n"
        let app = KioskApp(name: "scroll-list", defaultScript: script) { ScrollListController(rows: rowCount) }
        return Kiosk.main(app, arguments: arguments, backends: [.wayland, .drm, .framebuffer])
    })
