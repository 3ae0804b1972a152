import ResponderKit

/// The calibration's only screen: a crosshair per target in turn, then the check — every target
/// crosshair, a dot where the new matrix puts the finger, and Done / Again buttons. It fills the
/// window; touches anywhere but on the buttons count.
@MainActor
public final class CalibrationScreen: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { CalibrationScreen.self }

    /// Called with the window size when the screen is first laid out, and again if it changes
    /// (a compositor's configure): the owner makes a fresh session for that size.
    var onSize: (Size) -> Void = { _ in }
    /// Called with a lifted touch's window location while collecting.
    var onCollect: (Touch) -> Void = { _ in }
    /// Called with each corrected touch-down location on the check screen.
    var onCheckTouch: (Point) -> Void = { _ in }

    var session: CalibrationSession? { didSet { refresh() } }
    /// Where the check screen's dot is (window points), nil while no finger is down.
    private(set) var dot: Point?

    let instructions = Label(frame: .zero)
    let doneButton = Button(frame: .zero)
    let againButton = Button(frame: .zero)
    private var laidOutSize: Size?

    static let background = Color(white: 0.08)
    static let active = Color.white
    static let inactive = Color(white: 0.35)
    /// The check screen's dot: a green no panel draws by accident (tests look for it).
    public static let dotColor = Color(red: 0.1, green: 0.9, blue: 0.3)
    /// The dot's radius in points.
    public static let dotRadius = 10.0

    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = Self.background
        instructions.textColor = .white
        instructions.textAlignment = .center
        instructions.numberOfLines = 0
        for (button, title) in [(doneButton, "Done"), (againButton, "Again")] {
            button.setTitle(title, for: .normal)
            button.setTitleColor(.white, for: .normal)
            button.backgroundColor = Color(white: 0.25)
            button.isHidden = true
        }
        for view in [instructions, doneButton, againButton] as [View] { addSubview(view) }
    }

    public override func layoutSubviews() {
        let size = bounds.size
        let line = max(14, (min(size.width, size.height) * 0.04).rounded())
        instructions.font = .systemFont(ofSize: line)
        // Between the top and the centre targets, clear of both crosshairs.
        instructions.frame = Rect(x: size.width * 0.2, y: size.height * 0.2, width: size.width * 0.6, height: size.height * 0.2)
        let buttonSize = Size(width: max(88, size.width * 0.16), height: max(44, line * 2.2))
        let y = size.height * 0.62
        againButton.frame = Rect(x: size.width / 2 - buttonSize.width - line, y: y, width: buttonSize.width, height: buttonSize.height)
        doneButton.frame = Rect(x: size.width / 2 + line, y: y, width: buttonSize.width, height: buttonSize.height)
        if size.width > 0, size.height > 0, laidOutSize != size {
            laidOutSize = size
            onSize(size)
        }
    }

    /// Updates the words and buttons for the session's phase and redraws.
    func refresh() {
        dot = nil
        guard let session else { return }
        switch session.phase {
        case let .collecting(index):
            var text = "Touch the centre of the crosshair (\(index + 1) of \(session.targets.count))"
            if let error = session.lastError { text = "Try again: \(error)\n" + text }
            instructions.text = text
            doneButton.isHidden = true
            againButton.isHidden = true
        case .checking:
            instructions.text = "Check: the dot should sit under your finger. Done keeps this calibration; Again starts over."
            doneButton.isHidden = false
            againButton.isHidden = false
        }
        setNeedsDisplay()
    }

    public override func draw(_ rect: Rect) {
        guard let session, let context = GraphicsContext.current else { return }
        let arm = max(12, min(bounds.width, bounds.height) * 0.04)
        func crosshair(_ p: Point, _ color: Color) {
            context.setStrokeColor(color)
            context.setLineWidth(2)
            let path = BezierPath()
            path.move(to: Point(x: p.x - arm, y: p.y))
            path.addLine(to: Point(x: p.x + arm, y: p.y))
            path.move(to: Point(x: p.x, y: p.y - arm))
            path.addLine(to: Point(x: p.x, y: p.y + arm))
            context.stroke(path)
            context.strokeEllipse(in: Rect(x: p.x - arm / 2, y: p.y - arm / 2, width: arm, height: arm))
        }
        switch session.phase {
        case let .collecting(index):
            for (i, target) in session.targets.enumerated() where i != index { crosshair(target, Self.inactive) }
            crosshair(session.targets[index], Self.active)
        case .checking:
            for target in session.targets { crosshair(target, Self.active) }
            if let dot {
                context.setFillColor(Self.dotColor)
                let r = Self.dotRadius
                context.fillEllipse(in: Rect(x: dot.x - r, y: dot.y - r, width: 2 * r, height: 2 * r))
            }
        }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, case let .checking(result)? = session?.phase else { return }
        let corrected = result.correction.apply(touch.location(in: self))
        move(dot: corrected)
        onCheckTouch(corrected)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, case let .checking(result)? = session?.phase else { return }
        move(dot: result.correction.apply(touch.location(in: self)))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, case .collecting? = session?.phase else { return }
        onCollect(touch)
    }

    private func move(dot new: Point) {
        let r = Self.dotRadius + 2
        if let old = dot { setNeedsDisplay(Rect(x: old.x - r, y: old.y - r, width: 2 * r, height: 2 * r)) }
        dot = new
        setNeedsDisplay(Rect(x: new.x - r, y: new.y - r, width: 2 * r, height: 2 * r))
    }
}
