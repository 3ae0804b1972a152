import ResponderKit

/// The form: name, company and host fields (typed on the on-screen keyboard), the kind of visit,
/// the parking switch and the Check in button, stacked top to bottom by a `StackView`. It knows
/// nothing of the list: `onCheckIn` hands the visitor out. Every control runs closures
/// (`addAction(Action { … }, for:)`), so a misspelt action is a compile error, not a run-time one.
@MainActor
final class CheckInForm: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { CheckInForm.self }

    let nameField = CheckInForm.field(localized("Name"))
    let companyField = CheckInForm.field(localized("Company"))
    let hostField = CheckInForm.field(localized("Who are you visiting?"))
    let kindControl = SegmentedControl(items: Visitor.Kind.allCases.map(\.title))
    let parkingSwitch = Switch(frame: .zero)
    let parkingLabel = Label(frame: .zero)
    let checkInButton = Button(frame: .zero)
    let stack: StackView
    /// Called with the form's visitor (badge 0: the list numbers it) when Check in is tapped.
    var onCheckIn: (@MainActor (Visitor) -> Void)?

    override init(frame: Rect) {
        parkingLabel.text = localized("Needs a parking pass")
        parkingLabel.textColor = CheckInPalette.title
        let parkingRow = StackView(arrangedSubviews: [parkingLabel, parkingSwitch])
        parkingRow.axis = .horizontal
        parkingRow.alignment = .center
        parkingRow.spacing = 12
        stack = StackView(arrangedSubviews: [nameField, companyField, hostField, kindControl, parkingRow, checkInButton])
        stack.axis = .vertical
        stack.spacing = CheckInPalette.formSpacing
        super.init(frame: frame)
        addSubview(stack)
        stack.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: topAnchor),
            stack.leadingAnchor.constraint(equalTo: leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: bottomAnchor)
        ])
        for control in [nameField, companyField, hostField, kindControl, checkInButton] as [View] {
            control.heightAnchor.constraint(equalToConstant: CheckInPalette.controlHeight).isActive = true
        }
        kindControl.selectedSegmentIndex = 0
        checkInButton.setTitleColor(.white, for: .normal)
        checkInButton.backgroundColor = CheckInPalette.disabled
        checkInButton.layer.cornerRadius = 8
        checkInButton.titleLabel?.font = .boldSystemFont(ofSize: 17)
        checkInButton.isEnabled = false
        checkInButton.addAction(Action(title: localized("Check in")) { [unowned self] _ in checkIn() }, for: .primaryActionTriggered)
        checkInButton.setTitle(localized("Check in"), for: .normal)
        nameField.returnKeyType = .next
        companyField.returnKeyType = .next
        hostField.returnKeyType = .done
        for field in [nameField, companyField, hostField] {
            field.addAction(Action { [unowned self] _ in updateButton() }, for: .editingChanged)
        }
        nameField.addAction(Action { [unowned self] _ in _ = companyField.becomeFirstResponder() }, for: .editingDidEndOnExit)
        companyField.addAction(Action { [unowned self] _ in _ = hostField.becomeFirstResponder() }, for: .editingDidEndOnExit)
        hostField.addAction(Action { [unowned self] _ in checkIn() }, for: .editingDidEndOnExit)
    }

    private static func field(_ placeholder: String) -> TextField {
        let field = TextField(frame: .zero)
        field.placeholder = placeholder
        field.borderStyle = .roundedRect
        field.autocapitalizationType = .words
        field.backgroundColor = .white
        return field
    }

    /// The name with spaces trimmed at both ends.
    private var trimmedName: String { Self.trimmed(nameField.text) }

    static func trimmed(_ text: String) -> String {
        String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }

    /// Check in is enabled once a name is typed.
    private func updateButton() {
        checkInButton.isEnabled = !trimmedName.isEmpty
        checkInButton.backgroundColor = checkInButton.isEnabled ? CheckInPalette.accent : CheckInPalette.disabled
    }

    /// Hands the visitor out, then empties the form and puts the keyboard away.
    func checkIn() {
        guard !trimmedName.isEmpty else { return }
        let kind = Visitor.Kind(rawValue: kindControl.selectedSegmentIndex) ?? .guest
        let visitor = Visitor(
            badge: 0, name: trimmedName, company: Self.trimmed(companyField.text), host: Self.trimmed(hostField.text), kind: kind,
            needsParking: parkingSwitch.isOn)
        for field in [nameField, companyField, hostField] { field.text = "" }
        kindControl.selectedSegmentIndex = 0
        parkingSwitch.setOn(false, animated: false)
        updateButton()
        endEditing(true)
        onCheckIn?(visitor)
    }
}
