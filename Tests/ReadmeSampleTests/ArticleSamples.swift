// swift-format-ignore-file
// The DocC articles' Swift samples (Sources/*/*.docc), each verbatim in the function or type below
// that names its article (ArticleSampleTests checks that the articles still show exactly this
// code), compiled here so they cannot drift from the API. The functions are not run: the Kiosk one
// would take over the test process; `Counter` is run by InputDriverArticleSample.
import Glibc
import Kiosk
import KioskWayland
import ResponderKit

// PortingFromUIKit.md
final class Counter: ViewController {
    var count = 0
    let label = Label(frame: Rect(x: 20, y: 20, width: 200, height: 40))
    override func viewDidLoad() {
        let button = Button(frame: Rect(x: 20, y: 80, width: 120, height: 44))
        button.setTitle("Add", for: .normal)
        button.addTarget(self, action: "add:", for: .touchUpInside)
        implement("add:") { [unowned self] _ in count += 1; label.text = "\(count)" }
        view.addSubview(label)
        view.addSubview(button)
    }
}

// HitTestingPerformance.md
final class Tile: View {
    var taps = 0
    override class var standardHitTestingClass: View.Type { Tile.self }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { taps += 1 }
}

// ResponderKit.md
@MainActor
func responderKitArticleSample() -> ViewController {
    final class Greeting: ViewController {
        override func viewDidLoad() {
            let label = Label(frame: Rect(x: 40, y: 40, width: 400, height: 60))
            label.text = "Touch to start"
            view.addSubview(label)
        }
    }
    return Greeting()
}

// Kiosk.md (`Greeting` as in ResponderKit.md)
@MainActor
func kioskArticleSample() {
    final class Greeting: ViewController {}
    let app = KioskApp(name: "greeting", defaultScript: "tap-at 100 70\nsnapshot touched") { Greeting() }
    exit(MainActor.assumeIsolated { Kiosk.main(app, backends: [.wayland, .drm, .framebuffer]) })
}

// HowATouchTravels.md
@MainActor
func howATouchTravelsArticleSample() {
    ChainTrace.observer = { step in
        switch step {
        case let .start(responder): print("start at \(type(of: responder))")
        case let .forward(from, to): print("  \(type(of: from)) → \(type(of: to))")
        }
    }
}

// Appearance.md
final class CheckIn: ViewController {
    let status = Label(frame: Rect(x: 20, y: 20, width: 300, height: 30))

    override func viewDidLoad() {
        view.backgroundColor = .systemBackground
        view.tintColor = .systemIndigo
        status.textColor = .secondaryLabel
        var configuration = Button.Configuration.filled()
        configuration.title = "Check in"
        configuration.subtitle = "Gate 12"
        let checkIn = Button(configuration: configuration, primaryAction: Action { [unowned self] _ in
            status.text = "Checked in"
        })
        checkIn.frame = Rect(x: 20, y: 70, width: 200, height: 56)
        let seat = Button(frame: Rect(x: 20, y: 140, width: 200, height: 44))
        seat.setTitle("Seat", for: .normal)
        seat.menu = Menu(title: "Seat", children: [
            Action(title: "Window") { [unowned self] _ in status.text = "Window seat" },
            Action(title: "Aisle") { [unowned self] _ in status.text = "Aisle seat" },
        ])
        seat.showsMenuAsPrimaryAction = true
        for subview in [status, checkIn, seat] { view.addSubview(subview) }
    }
}

// Appearance.md
@MainActor
func darkKiosk(_ scene: WindowScene, _ receipt: ViewController) {
    scene.traitCollection = TraitCollection(userInterfaceStyle: .dark)  // the whole screen
    receipt.overrideUserInterfaceStyle = .light  // but the receipt stays light
    let accent = Color { traits in traits.userInterfaceStyle == .dark ? .systemYellow : .systemOrange }
    receipt.view.tintColor = accent
}

// DrawingAndAnimation.md: a layout change animated (`detailsRow` is an arranged subview of `stack`)
@MainActor
func drawingAndAnimationArticleSample(view: View, stack: StackView, detailsRow: View, heightConstraint: LayoutConstraint) {
    View.animate(withDuration: 0.3) {
        detailsRow.isHidden = true      // an arranged subview of a StackView
        stack.spacing = 12
        heightConstraint.constant = 200
        view.layoutIfNeeded()           // the engine solves here; the frames it sets are animated
    }
}

// Alerts.md
@MainActor
func confirmCheckOut(of name: String, from presenter: ViewController, checkOut: @escaping @MainActor () -> Void) {
    let alert = AlertController(title: "Check out \(name)?", message: "The badge stops working.", preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    alert.addAction(AlertAction(title: "Check out", style: .destructive) { _ in checkOut() })
    alert.addTextField { field in field.placeholder = "Note (optional)" }
    alert.preferredAction = alert.actions[1]
    presenter.present(alert, animated: true)
}

// Text.md
@MainActor
func welcomeLabel(name: String, host: String) -> Label {
    var paragraph = ParagraphStyle()
    paragraph.lineSpacing = 4
    var text = AttributedText("Welcome, ", attributes: [.font: Font.systemFont(ofSize: 20), .paragraphStyle: paragraph])
    text.append(AttributedText(name, attributes: [.font: Font.boldSystemFont(ofSize: 20), .foregroundColor: Color.systemBlue]))
    text.append(AttributedText(". \(host) has been told.", attributes: [.font: Font.systemFont(ofSize: 20)]))
    text.addAttributes([.underlineStyle: UnderlineStyle.single], range: 9..<(9 + name.count))
    let label = Label(frame: .zero)
    label.numberOfLines = 0
    label.attributedText = text
    return label
}

// LocalizingAKiosk.md
@MainActor
enum LocalizationArticleSample {
    final class WelcomeScreen: ViewController {
        let greeting = Label(frame: .zero)
        let start = Button(frame: .zero)
        var languageObserver: NotificationCenter.ObserverToken?

        override func viewDidLoad() {
            for subview in [greeting, start] as [View] {
                view.addSubview(subview)
                subview.translatesAutoresizingMaskIntoConstraints = false
            }
            LayoutConstraint.activate([
                greeting.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 40),
                greeting.topAnchor.constraint(equalTo: view.topAnchor, constant: 40),
                start.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -40),
                start.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -40)
            ])
            applyStrings()
            languageObserver = NotificationCenter.default.addObserver(
                forName: Localization.languageDidChangeNotification, object: nil
            ) { [weak self] _ in self?.applyStrings() }
        }

        func applyStrings() {
            greeting.text = localized("Welcome to Terminal %@", "2")
            start.setTitle(localized("Start"), for: .normal)
        }
    }

    func pickArabic() throws {
        try Localization.setLanguage("ar")  // the greeting moves to the right, Start to the left
    }

    static func testing(_ scene: WindowScene) {
        scene.traitCollection = TraitCollection(userInterfaceStyle: .light, layoutDirection: .rightToLeft)
    }
}

// AccessibleKiosks.md
final class Seat: View {
    override class var standardHitTestingClass: View.Type { Seat.self }
    var isTaken = false
    init(row: Int, letter: String) {
        super.init(frame: .zero)
        isAccessibilityElement = true
        accessibilityLabel = "Seat \(row)\(letter)"
        accessibilityHint = "Chooses this seat"
    }
    override var accessibilityTraits: AccessibilityTraits {
        get { isTaken ? [.button, .notEnabled] : .button }
        set { super.accessibilityTraits = newValue }
    }
}

// Lists.md
final class VisitorsController: ViewController, TableViewDataSource, TableViewDelegate {
    var names = ["Ada Lovelace", "Grace Hopper", "Edsger Dijkstra"]
    let table = TableView(frame: .zero, style: .insetGrouped)

    override func viewDidLoad() {
        table.frame = view.bounds
        table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        table.register(TableViewCell.self, forCellReuseIdentifier: "visitor")
        table.dataSource = self
        table.delegate = self
        view.addSubview(table)
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "visitor", for: indexPath)
        cell.textLabel?.text = names[indexPath.row]
        return cell
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
    }

    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let remove = ContextualAction(style: .destructive, title: "Remove") { [unowned self] _, _, done in
            names.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .automatic)
            done(true)
        }
        return SwipeActionsConfiguration(actions: [remove])
    }
}

/// LocalizingAKiosk.md, "Plurals": a count through a `.stringsdict` entry.
@MainActor
func pluralsArticleSample(countLabel: Label, count: Int) {
    countLabel.text = localized("%d visitors", count)  // "1 visitor", "3 visitors", "زائران"
}
