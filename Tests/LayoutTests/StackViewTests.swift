import Testing

@testable import ResponderKit

/// StackView on constraints: distributions, alignments, spacing, margins and hidden views.
@MainActor
@Suite("Stack view")
struct StackViewTests {
    final class SizedView: View {
        let size: Size
        init(_ width: Double, _ height: Double) {
            size = Size(width: width, height: height)
            super.init(frame: .zero)
        }
        override var intrinsicContentSize: Size { size }
    }

    /// A window holding `stack` at (0, 0, 300, 100), pinned by constraints.
    func host(_ stack: StackView, width: Double = 300, height: Double = 100) -> Window {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(stack)
        LayoutConstraint.activate([
            stack.leftAnchor.constraint(equalTo: window.leftAnchor), stack.topAnchor.constraint(equalTo: window.topAnchor),
            stack.widthAnchor.constraint(equalToConstant: width), stack.heightAnchor.constraint(equalToConstant: height)
        ])
        window.layoutIfNeeded()
        return window
    }

    @Test func fillEquallyWithSpacingAndCustomSpacing() {
        let views = [SizedView(10, 10), SizedView(50, 10), SizedView(20, 10)]
        let stack = StackView(arrangedSubviews: views)
        stack.distribution = .fillEqually
        stack.spacing = 10
        stack.setCustomSpacing(40, after: views[1])
        let window = host(stack)
        // (300 - 10 - 40) / 3 each, with 10 after the first and 40 after the second.
        let width = 250.0 / 3
        let expected = [0, width + 10, 2 * width + 50]
        #expect(zip(views, expected).allSatisfy { abs($0.frame.minX - $1) < 1e-9 })
        #expect(views.allSatisfy { abs($0.frame.width - width) < 1e-9 && $0.frame.height == 100 })
        #expect(stack.customSpacing(after: views[0]) == 10)
        _ = window
    }

    @Test func hiddenViewsCollapseAndComeBack() {
        let views = [SizedView(10, 10), SizedView(50, 10), SizedView(20, 10)]
        let stack = StackView(arrangedSubviews: views)
        stack.distribution = .fillEqually
        stack.spacing = 10
        let window = host(stack)
        views[1].isHidden = true
        window.layoutIfNeeded()
        #expect(views[0].frame == Rect(x: 0, y: 0, width: 145, height: 100))
        #expect(views[2].frame == Rect(x: 155, y: 0, width: 145, height: 100))
        #expect(views[1].frame.width == 0)
        views[1].isHidden = false
        window.layoutIfNeeded()
        #expect(views.allSatisfy { abs($0.frame.width - 280.0 / 3) < 1e-9 })
    }

    @Test func fillLetsTheLowestHuggingStretch() {
        let label = SizedView(60, 20)
        let field = SizedView(100, 20)
        field.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        let stack = StackView(arrangedSubviews: [label, field])
        stack.spacing = 8
        stack.alignment = .center
        let window = host(stack)
        #expect(label.frame == Rect(x: 0, y: 40, width: 60, height: 20))
        #expect(field.frame == Rect(x: 68, y: 40, width: 232, height: 20))
        _ = window
    }

    @Test func verticalAlignmentsAndMargins() {
        let a = SizedView(100, 20)
        let b = SizedView(60, 30)
        let stack = StackView(arrangedSubviews: [a, b])
        b.setContentHuggingPriority(.defaultLow - 1, for: .vertical)  // b, not a, takes the extra height
        stack.axis = .vertical
        stack.alignment = .trailing
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        let window = host(stack, width: 300, height: 200)
        #expect(a.frame == Rect(x: 190, y: 5, width: 100, height: 20))
        // b hugs less: it takes the rest of the height (fill distribution along the axis).
        #expect(b.frame.minX == 230 && b.frame.minY == 25 && b.frame.maxY == 195)
        stack.alignment = .leading
        window.layoutIfNeeded()
        #expect(a.frame.minX == 10 && b.frame.minX == 10)
    }

    @Test func equalSpacingAndEqualCentering() {
        let views = [SizedView(20, 10), SizedView(40, 10), SizedView(60, 10)]
        let stack = StackView(arrangedSubviews: views)
        stack.distribution = .equalSpacing
        let window = host(stack)
        // 300 - 120 = 180 of space in two equal gaps.
        #expect(views.map(\.frame.minX) == [0, 110, 240])
        stack.distribution = .equalCentering
        window.layoutIfNeeded()
        // Centres equally apart: first at 10, last at 270, middle at 140.
        #expect(views.map(\.frame.midX) == [10, 140, 270])
        stack.distribution = .fillProportionally
        window.layoutIfNeeded()
        #expect(views.map(\.frame.width) == [50, 100, 150])
    }

    @Test func removingAnArrangedSubviewRearranges() {
        let views = [SizedView(20, 10), SizedView(40, 10)]
        let stack = StackView(arrangedSubviews: views)
        stack.distribution = .fillEqually
        let window = host(stack)
        views[0].removeFromSuperview()
        window.layoutIfNeeded()
        #expect(stack.arrangedSubviews.count == 1)
        #expect(views[1].frame == Rect(x: 0, y: 0, width: 300, height: 100))
    }
}
