import ResponderKit

/// The whole screen: a title, the move counter, the board (square, centred in what is left) and a
/// "Solved" banner that appears when every tile is home.
public final class PuzzleScreen: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { PuzzleScreen.self }

    public let board: Board
    public let title = Label(frame: .zero)
    public let moves = Label(frame: .zero)
    public let solvedBanner = Label(frame: .zero)

    public init(board: Board) {
        self.board = board
        super.init(frame: .zero)
        backgroundColor = Palette.screen
        title.text = "ResponderKit puzzle"
        title.textColor = Palette.text
        moves.textColor = Palette.text
        moves.textAlignment = .right
        solvedBanner.text = "Solved"
        solvedBanner.textColor = Palette.solved
        solvedBanner.textAlignment = .center
        for view in [title, moves, board, solvedBanner] as [View] { addSubview(view) }
        board.onChange = { [unowned self] _ in update() }
        update()
    }

    /// Refreshes the counter and the banner from the board.
    public func update() {
        let text = "Moves: \(board.swaps)"
        if moves.text?.count != text.count { setNeedsLayout() }  // the bar is shared by width
        moves.text = text
        let wasSolved = !solvedBanner.isHidden
        solvedBanner.isHidden = !board.isSolved
        // Heard as well as seen (EN 301 549: more than one sense): the screen reader says it.
        if board.isSolved, !wasSolved { Accessibility.post(notification: .announcement, argument: "Solved in \(board.swaps) moves") }
    }

    public override func layoutSubviews() {
        let margin = (min(bounds.width, bounds.height) * 0.04).rounded()
        let barHeight = max(32, (bounds.height * 0.08).rounded())
        // The title and the counter share the bar: on a narrow (portrait) screen the font shrinks
        // until both fit side by side.
        var font = Font.systemFont(ofSize: (barHeight * 0.6).rounded(), weight: .semibold)
        title.font = font
        moves.font = font
        let barWidth = bounds.width - 3 * margin
        let needed =
            title.sizeThatFits(Size(width: 10_000, height: barHeight)).width
            + moves.sizeThatFits(Size(width: 10_000, height: barHeight)).width
        if needed > barWidth, needed > 0 {
            font = font.withSize(max(8, (font.pointSize * barWidth / needed).rounded(.down)))
            title.font = font
            moves.font = font
        }
        let movesWidth = moves.sizeThatFits(Size(width: 10_000, height: barHeight)).width.rounded(.up)
        solvedBanner.font = Font.systemFont(ofSize: (barHeight * 0.7).rounded(), weight: .bold)
        title.frame = Rect(x: margin, y: margin, width: max(0, bounds.width - 3 * margin - movesWidth), height: barHeight)
        moves.frame = Rect(x: bounds.width - margin - movesWidth, y: margin, width: movesWidth, height: barHeight)
        let top = margin * 2 + barHeight
        let available = Size(width: bounds.width - 2 * margin, height: bounds.height - top - margin * 2 - barHeight)
        let cell = max(1, min(available.width / Double(board.columns), available.height / Double(board.rows)))
        let size = Size(width: cell * Double(board.columns), height: cell * Double(board.rows))
        board.frame = Rect(x: ((bounds.width - size.width) / 2).rounded(), y: top, width: size.width, height: size.height)
        solvedBanner.frame = Rect(x: margin, y: board.frame.maxY + margin / 2, width: bounds.width - 2 * margin, height: barHeight)
    }
}

/// The app delegate is a Responder, so it is the chain's last link (seed 000's step 7).
public final class PuzzleAppDelegate: Responder, ApplicationDelegate {
    public override init() { super.init() }
}

/// Holds the screen as its root view; in the chain between the Board's screen and the window. The
/// board becomes first responder when the screen appears, so the arrow keys work at once.
public final class PuzzleViewController: ViewController {
    public let board: Board
    public private(set) lazy var screen = PuzzleScreen(board: board)

    public init(board: Board) {
        self.board = board
        super.init()
    }

    public override func loadView() { view = screen }

    public override func viewDidAppear(_ animated: Bool) {
        board.becomeFirstResponder()
    }
}
