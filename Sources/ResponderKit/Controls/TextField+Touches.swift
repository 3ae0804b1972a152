/// Touches and clicks on a text field: caret placement, word and full selection, drag selection,
/// the clear button and the long press that shows the edit menu.
extension TextField {
    /// What the tracked touch does.
    enum TouchMode: Equatable {
        case none
        /// A tap: on lift inside, focus and put the caret at the lift point.
        case tap
        /// Moves one end of the selection; the other end (`anchor`) stays.
        case dragSelection(anchor: Range<Int>)
        /// Began on the clear button: clears on lift inside it.
        case clearButton
    }

    /// How far (points) from a selection's end a touch may begin and still drag that end.
    public static let selectionHandleReach = 22.0

    // MARK: Tracking (Control's hooks, overridden in the class body)

    func trackingBegan(_ touch: Touch) -> Bool {
        let point = touch.location(in: self)
        if isClearButtonVisible, clearButtonRect(forBounds: bounds).insetBy(dx: -8, dy: -8).contains(point) {
            touchMode = .clearButton
            return true
        }
        let isPointer = touch.type == .indirectPointer
        let index = characterIndex(closestTo: point)
        switch touch.tapCount {
        case 1 where isPointer:
            // A click focuses and places the caret at once; dragging selects from there.
            guard becomeFirstResponder() else { touchMode = .none; return true }
            setSelection(index..<index)
            touchMode = .dragSelection(anchor: index..<index)
        case 1:
            if isFirstResponder, !selection.isEmpty, let fixed = selectionEndToDrag(from: point) {
                touchMode = .dragSelection(anchor: fixed..<fixed)
                pendingTapIndex = index
            } else {
                touchMode = .tap
            }
        case 2:
            guard isFirstResponder || becomeFirstResponder() else { touchMode = .none; return true }
            let word = wordRange(around: characterIndex(under: point))
            setSelection(word)
            touchMode = .dragSelection(anchor: word)
        default:
            guard isFirstResponder || becomeFirstResponder() else { touchMode = .none; return true }
            setSelection(0..<characters.count)
            touchMode = .none
        }
        return true
    }

    func trackingMoved(_ touch: Touch) -> Bool {
        if case .dragSelection(let anchor) = touchMode {
            pendingTapIndex = nil
            let index = characterIndex(closestTo: touch.location(in: self))
            let lower = min(anchor.lowerBound, index), upper = max(anchor.upperBound, index)
            let fixed = index < anchor.lowerBound ? anchor.upperBound : anchor.lowerBound
            setSelection(lower..<upper, anchor: fixed)
        }
        return true
    }

    /// A tap that lifts inside focuses the field and puts the caret at the lift point.
    func trackingEnded(_ touch: Touch?) {
        let mode = touchMode
        touchMode = .none
        guard let touch, isTouchInside else { pendingTapIndex = nil; return }
        let point = touch.location(in: self)
        switch mode {
        case .tap:
            guard becomeFirstResponder() else { return }
            let index = characterIndex(closestTo: point)
            setSelection(index..<index)
        case .dragSelection:
            // A touch on a selection's end that did not move is a tap: it places the caret.
            if let index = pendingTapIndex { setSelection(index..<index) }
        case .clearButton:
            if clearButtonRect(forBounds: bounds).insetBy(dx: -8, dy: -8).contains(point) {
                if !isFirstResponder, !becomeFirstResponder() { return }
                clear()
            }
        case .none: break
        }
        pendingTapIndex = nil
    }

    func trackingCancelled() {
        touchMode = .none
        pendingTapIndex = nil
    }

    /// The fixed end when a touch at `point` grabs the nearer end of the selection, or nil when
    /// the touch is not near either end.
    private func selectionEndToDrag(from point: Point) -> Int? {
        let lower = caretRect(at: selection.lowerBound).midX, upper = caretRect(at: selection.upperBound).midX
        let reach = TextField.selectionHandleReach
        let toLower = abs(point.x - lower), toUpper = abs(point.x - upper)
        guard min(toLower, toUpper) <= reach || (point.x > lower && point.x < upper) else { return nil }
        return toLower < toUpper ? selection.upperBound : selection.lowerBound
    }

    /// The character whose glyph contains `point.x` (the last one past the end).
    func characterIndex(under point: Point) -> Int {
        guard !characters.isEmpty else { return 0 }
        let boundary = characterIndex(closestTo: point)
        let x = caretRect(at: boundary).minX
        let index = x > point.x ? boundary - 1 : boundary
        return min(max(0, index), characters.count - 1)
    }

    // MARK: The long press and the edit menu

    /// Adds the long press that shows the edit menu (direct touches only: a held mouse button
    /// click-drags instead).
    func installMenuPress() {
        let press = EditMenuLongPress { [unowned self] recognizer in
            guard recognizer.state == .began else { return }
            longPressed(at: recognizer.location(in: self))
        }
        press.name = "TextField.editMenu"
        addGestureRecognizer(press)
        menuPress = press
    }

    /// A long press at `point`: focus, keep a selection the press is on (else put the caret at
    /// the press) and show the edit menu there.
    func longPressed(at point: Point) {
        guard isFirstResponder || becomeFirstResponder() else { return }
        let index = characterIndex(closestTo: point)
        if selection.isEmpty || !(selection.lowerBound...selection.upperBound).contains(index) {
            setSelection(index..<index)
        }
        showEditMenu()
    }

    /// The edit menu this field presents.
    public var editMenuInteraction: EditMenuInteraction {
        if let editMenu { return editMenu }
        let interaction = EditMenuInteraction()
        addInteraction(interaction)
        editMenu = interaction
        return interaction
    }

    /// Shows the edit menu for the selection (or at the caret), above it or, without room, below.
    public func showEditMenu() {
        let target = selectionRect
        var configuration = EditMenuConfiguration(identifier: "TextField", sourcePoint: Point(x: target.midX, y: target.minY))
        configuration.targetRect = target
        editMenuInteraction.presentEditMenu(with: configuration)
    }

    /// The selection's (or the caret's) rectangle in the field's coordinates, clipped to the text area.
    public var selectionRect: Rect {
        let start = caretRect(at: selection.lowerBound), end = caretRect(at: selection.upperBound)
        let rect = Rect(x: start.minX, y: start.minY, width: max(TextField.caretWidth, end.maxX - start.minX), height: start.height)
        let area = textRect(forBounds: bounds)
        let minX = min(max(rect.minX, area.minX), area.maxX), maxX = max(min(rect.maxX, area.maxX), minX)
        return Rect(x: minX, y: rect.minY, width: maxX - minX, height: rect.height)
    }
}

/// The text field's long press: like any, but it ignores pointer touches (a held mouse button
/// selects by dragging; it does not open the menu).
@MainActor
final class EditMenuLongPress: LongPressGestureRecognizer {
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        var direct: Set<Touch> = []
        for touch in touches {
            if touch.type == .indirectPointer { ignore(touch, for: event) } else { direct.insert(touch) }
        }
        if !direct.isEmpty { super.touchesBegan(direct, with: event) }
    }
}
