import ResponderKit

/// The visitor check-in screen, laid out by Auto Layout alone: a header, then the form and the
/// list side by side (landscape) or the form above the list (portrait), in a `StackView` whose
/// bottom stays above the on-screen keyboard (`keyboardLayoutGuide`), so the focused field and
/// the Check in button are never covered.
@MainActor
public final class CheckInViewController: ViewController {
    let header = View(frame: .zero)
    let titleLabel = Label(frame: .zero)
    let countLabel = Label(frame: .zero)
    let formPanel = View(frame: .zero)
    let form = CheckInForm(frame: .zero)
    let listTitle = Label(frame: .zero)
    let list = VisitorList(frame: .zero)
    let content: StackView
    let listColumn: StackView
    private var nextBadge = 1
    /// The "Welcome" alert of the latest check-in, while it is presented.
    private(set) var confirmation: AlertController?
    /// Dismisses the confirmation after `confirmationDuration` seconds.
    private var confirmationTimer: TimerQueue.Timer?
    /// Seconds the confirmation stays when nobody taps OK.
    static let confirmationDuration = 3.0
    /// The constraints of each orientation (the root view switches them when its shape changes).
    private var landscapeConstraints: [LayoutConstraint] = []
    private var portraitConstraints: [LayoutConstraint] = []
    private var isPortrait: Bool?
    /// Sets the strings again when the language changes (`CheckInViewController+Localization`).
    private var languageObserver: NotificationCenter.ObserverToken?

    /// Makes the screen with an empty list.
    public override init() {
        listColumn = StackView(arrangedSubviews: [listTitle, list])
        content = StackView(arrangedSubviews: [formPanel, listColumn])
        super.init()
    }

    /// The visitors in the list, newest first.
    public var visitors: [Visitor] { list.visitors }
    /// Whether the confirmation alert is up (presented and not being dismissed).
    public var isConfirmationShowing: Bool {
        guard let confirmation else { return false }
        return presentedViewController === confirmation && !confirmation.isBeingDismissed
    }
    /// The confirmation's title and message.
    public var confirmationText: String {
        guard let confirmation else { return "" }
        return [confirmation.title, confirmation.message].compactMap { $0 }.joined(separator: " ")
    }

    public override func loadView() {
        let root = CheckInRootView(frame: .zero)
        root.onShapeChange = { [unowned self] in applyOrientation(portrait: $0) }
        view = root
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        let root = view
        root.backgroundColor = CheckInPalette.background
        header.backgroundColor = CheckInPalette.header
        titleLabel.text = localized("Visitor check-in")
        titleLabel.font = .boldSystemFont(ofSize: 20)
        titleLabel.textColor = CheckInPalette.headerText
        countLabel.textColor = CheckInPalette.headerText
        countLabel.textAlignment = .right
        updateCount()
        formPanel.backgroundColor = CheckInPalette.panel
        formPanel.layer.cornerRadius = 10
        listTitle.text = localized("Checked in")
        listTitle.font = .boldSystemFont(ofSize: 15)
        listTitle.textColor = CheckInPalette.secondary
        listColumn.axis = .vertical
        listColumn.spacing = 8
        content.spacing = CheckInPalette.margin

        root.addSubview(header)
        header.addSubview(titleLabel)
        header.addSubview(countLabel)
        root.addSubview(content)
        formPanel.addSubview(form)
        for view in [header, titleLabel, countLabel, content, form] as [View] { view.translatesAutoresizingMaskIntoConstraints = false }
        let margin = CheckInPalette.margin
        let safe = root.safeAreaLayoutGuide
        let bottom = content.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -margin)
        bottom.priority = .defaultHigh
        let centered = form.centerYAnchor.constraint(equalTo: formPanel.centerYAnchor)
        centered.priority = .defaultLow
        LayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: safe.topAnchor),
            header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            header.heightAnchor.constraint(equalToConstant: CheckInPalette.headerHeight),
            titleLabel.leadingAnchor.constraint(equalTo: header.leadingAnchor, constant: 16),
            titleLabel.centerYAnchor.constraint(equalTo: header.centerYAnchor),
            countLabel.trailingAnchor.constraint(equalTo: header.trailingAnchor, constant: -16),
            countLabel.centerYAnchor.constraint(equalTo: header.centerYAnchor),
            content.topAnchor.constraint(equalTo: header.bottomAnchor, constant: margin),
            content.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: margin),
            content.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -margin),
            bottom,
            // The keyboard layout guide: the whole content stays above the keyboard.
            content.bottomAnchor.constraint(lessThanOrEqualTo: root.keyboardLayoutGuide.topAnchor, constant: -margin),
            form.leadingAnchor.constraint(equalTo: formPanel.leadingAnchor, constant: margin),
            form.trailingAnchor.constraint(equalTo: formPanel.trailingAnchor, constant: -margin),
            form.topAnchor.constraint(greaterThanOrEqualTo: formPanel.topAnchor, constant: margin),
            form.bottomAnchor.constraint(lessThanOrEqualTo: formPanel.bottomAnchor, constant: -margin),
            centered
        ])
        landscapeConstraints = [formPanel.widthAnchor.constraint(equalTo: content.widthAnchor, multiplier: 0.45)]
        portraitConstraints = [formPanel.heightAnchor.constraint(equalTo: form.heightAnchor, constant: 2 * margin)]
        form.onCheckIn = { [unowned self] in checkIn($0) }
        list.onRemove = { [unowned self] _ in updateCount() }
        languageObserver = observeLanguageChanges()
    }

    /// Side by side when the view is wider than high, else the form above the list.
    func applyOrientation(portrait: Bool) {
        guard portrait != isPortrait else { return }
        isPortrait = portrait
        content.axis = portrait ? .vertical : .horizontal
        LayoutConstraint.deactivate(portrait ? landscapeConstraints : portraitConstraints)
        LayoutConstraint.activate(portrait ? portraitConstraints : landscapeConstraints)
    }

    private func checkIn(_ visitor: Visitor) {
        var numbered = visitor
        numbered.badge = nextBadge
        nextBadge += 1
        list.insert(numbered)
        updateCount()
        let host = numbered.host.isEmpty ? localized("Reception") : numbered.host
        confirm(localized("Welcome, %@!", numbered.name), localized("%@ has been told you are here.", host))
    }

    /// Presents the welcome as an alert with an OK action, and dismisses it after
    /// `confirmationDuration` seconds if nobody tapped OK: a kiosk is unattended, and the next
    /// visitor must find the form, not the previous visitor's welcome. That timer is what a UIKit
    /// kiosk app writes too (`dismiss(animated:)` from a timer); it is `Application.shared`'s, so
    /// under a test's `InputDriver` it fires on the driver's clock.
    private func confirm(_ title: String, _ message: String) {
        let alert = AlertController(title: title, message: message, preferredStyle: .alert)
        alert.addAction(AlertAction(title: localized("OK"), style: .default))
        confirmation = alert
        present(alert, animated: true)
        confirmationTimer?.cancel()
        let application = Application.shared
        confirmationTimer = application.timers.schedule(at: application.clock.now + Self.confirmationDuration) { [weak self, weak alert] _ in
            self?.confirmationTimer = nil
            guard let self, let alert, presentedViewController === alert, !alert.isBeingDismissed else { return }
            alert.dismiss(animated: true)
        }
    }

    func updateCount() {
        let count = list.visitorRows.count
        // The plural form comes from Localizable.stringsdict: "1 visitor", "3 visitors", and
        // Arabic's six forms. With no tables loaded (unit tests) the key is English's plural,
        // so the singular is spelled here.
        let noTables = Localization.directories.isEmpty
        countLabel.text = noTables && count == 1 ? "1 visitor" : localized("%d visitors", count)
    }
}

/// The controller's root view: it tells the controller when its shape changes between portrait
/// and landscape, before its subviews are laid out.
@MainActor
final class CheckInRootView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { CheckInRootView.self }

    var onShapeChange: (@MainActor (_ portrait: Bool) -> Void)?

    override func layoutSubviews() {
        if bounds.width > 0, bounds.height > 0 { onShapeChange?(bounds.height > bounds.width) }
        super.layoutSubviews()
    }
}
