import Testing

@testable import ResponderKit

/// The Auto Layout API on views: anchors, activation, incremental constant and priority changes,
/// intrinsic sizes with hugging and compression resistance, guides, autoresizing, and the
/// diagnostics for unsatisfiable and ambiguous layouts.
@MainActor
@Suite("Layout constraints")
struct LayoutConstraintTests {
    /// A view with a fixed intrinsic size.
    final class SizedView: View {
        var size: Size
        init(_ size: Size) {
            self.size = size
            super.init(frame: .zero)
        }
        override var intrinsicContentSize: Size { size }
    }

    func makeWindow() -> Window { Window(frame: Rect(x: 0, y: 0, width: 400, height: 300)) }

    /// Collects layout diagnostics while `body` runs.
    func diagnostics(_ body: () -> Void) -> [String] {
        var collected: [String] = []
        let saved = ResponderDiagnostics.handler
        ResponderDiagnostics.handler = { message in
            if case let .layout(text) = message { collected.append(text) }
        }
        body()
        ResponderDiagnostics.handler = saved
        return collected
    }

    @Test func edgesPinnedWithConstantsPlaceTheView() {
        let window = makeWindow()
        let view = View()
        window.addSubview(view)
        #expect(view.translatesAutoresizingMaskIntoConstraints)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            view.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -30),
            view.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            view.heightAnchor.constraint(equalToConstant: 44)
        ])
        #expect(!view.translatesAutoresizingMaskIntoConstraints)
        #expect(window.constraints.count == 3)
        #expect(view.constraints.count == 1)
        window.layoutIfNeeded()
        #expect(view.frame == Rect(x: 20, y: 10, width: 350, height: 44))
    }

    @Test func constantAndActivationChangesReSolve() {
        let window = makeWindow()
        let view = View()
        window.addSubview(view)
        let left = view.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 5)
        let width = view.widthAnchor.constraint(equalTo: window.widthAnchor, multiplier: 0.5)
        LayoutConstraint.activate([left, width, view.topAnchor.constraint(equalTo: window.topAnchor), view.heightAnchor.constraint(equalToConstant: 10)])
        window.layoutIfNeeded()
        #expect(view.frame == Rect(x: 5, y: 0, width: 200, height: 10))
        left.constant = 50
        window.layoutIfNeeded()
        #expect(view.frame.minX == 50)
        // A weaker constraint yields while the required one holds, and wins once it is gone.
        let weak = view.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 100)
        weak.priority = .defaultLow
        weak.isActive = true
        window.layoutIfNeeded()
        #expect(view.frame.minX == 50)
        left.isActive = false
        #expect(!left.isActive)
        window.layoutIfNeeded()
        #expect(view.frame.minX == 100)
        // The window grows: the width follows its multiplier.
        window.frame = Rect(x: 0, y: 0, width: 800, height: 300)
        window.layoutIfNeeded()
        #expect(view.frame.width == 400)
    }

    @Test func huggingAndCompressionResistanceShareARow() {
        let window = makeWindow()
        let label = SizedView(Size(width: 120, height: 20))
        let field = SizedView(Size(width: 100, height: 20))
        window.addSubview(label)
        window.addSubview(field)
        field.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
            field.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            label.topAnchor.constraint(equalTo: window.topAnchor),
            field.firstBaselineAnchor.constraint(equalTo: label.firstBaselineAnchor)
        ])
        window.layoutIfNeeded()
        // The label hugs its 120; the field, hugging less, takes the rest; heights are intrinsic.
        #expect(label.frame == Rect(x: 0, y: 0, width: 120, height: 20))
        #expect(field.frame == Rect(x: 128, y: 0, width: 272, height: 20))
        // Too narrow: the lower compression resistance gives way first.
        field.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        window.frame = Rect(x: 0, y: 0, width: 200, height: 300)
        window.layoutIfNeeded()
        #expect(label.frame.width == 120)
        #expect(field.frame.width == 72)
        // A larger intrinsic size is read again once invalidated.
        label.size = Size(width: 150, height: 20)
        label.invalidateIntrinsicContentSize()
        window.layoutIfNeeded()
        #expect(label.frame.width == 150)
    }

    @Test func unsatisfiableRequiredConstraintIsReportedAndBroken() {
        let window = makeWindow()
        let view = View()
        window.addSubview(view)
        let width = view.widthAnchor.constraint(equalToConstant: 100)
        width.identifier = "fixed-width"
        LayoutConstraint.activate([
            view.leftAnchor.constraint(equalTo: window.leftAnchor), view.topAnchor.constraint(equalTo: window.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 10), width
        ])
        let conflicting = view.rightAnchor.constraint(equalTo: window.rightAnchor)
        conflicting.identifier = "to-the-edge"
        let reports = diagnostics {
            conflicting.isActive = true
            window.layoutIfNeeded()
        }
        #expect(reports.count == 1)
        let report = reports.first ?? ""
        #expect(report.contains("Unable to simultaneously satisfy constraints"))
        #expect(report.contains("'fixed-width'"))
        #expect(report.contains("'to-the-edge'"))
        #expect(report.contains("AutoresizingMaskLayoutConstraint Window.width == 400.0"))
        #expect(report.contains("Will attempt to recover by breaking constraint\n<LayoutConstraint 'to-the-edge'"))
        // Layout goes on without the broken one; removing the other lets it hold.
        #expect(view.frame == Rect(x: 0, y: 0, width: 100, height: 10))
        width.isActive = false
        conflicting.isActive = false
        conflicting.isActive = true
        window.layoutIfNeeded()
        #expect(view.frame.width == 400)
    }

    @Test func ambiguityIsDetectedAndExercised() {
        let window = makeWindow()
        let view = View()
        window.addSubview(view)
        LayoutConstraint.activate([
            view.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 10),
            view.widthAnchor.constraint(equalToConstant: 50), view.heightAnchor.constraint(equalToConstant: 20)
        ])
        window.layoutIfNeeded()
        #expect(view.hasAmbiguousLayout)  // nothing says where its top is
        let before = view.frame
        view.exerciseAmbiguityInLayout()
        window.layoutIfNeeded()
        #expect(view.frame.minY != before.minY)
        #expect(view.frame.minX == 10 && view.frame.size == Size(width: 50, height: 20))
        view.topAnchor.constraint(equalTo: window.topAnchor, constant: 7).isActive = true
        window.layoutIfNeeded()
        #expect(!view.hasAmbiguousLayout)
        #expect(view.frame.minY == 7)
    }

    @Test func guidesFollowMarginsAndCustomGuidesSpaceViews() {
        let window = makeWindow()
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        window.addSubview(container)
        container.layoutMargins = EdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        let a = View()
        let b = View()
        container.addSubview(a)
        container.addSubview(b)
        let gap = LayoutGuide()
        container.addLayoutGuide(gap)
        let margins = container.layoutMarginsGuide
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: margins.leadingAnchor), a.topAnchor.constraint(equalTo: margins.topAnchor),
            a.widthAnchor.constraint(equalToConstant: 100), a.heightAnchor.constraint(equalToConstant: 30),
            gap.leadingAnchor.constraint(equalTo: a.trailingAnchor), gap.widthAnchor.constraint(equalToConstant: 16),
            gap.topAnchor.constraint(equalTo: a.topAnchor), gap.heightAnchor.constraint(equalToConstant: 1),
            b.leadingAnchor.constraint(equalTo: gap.trailingAnchor), b.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            b.bottomAnchor.constraint(equalTo: container.safeAreaLayoutGuide.bottomAnchor), b.heightAnchor.constraint(equalToConstant: 30)
        ])
        window.layoutIfNeeded()
        #expect(container.translatesAutoresizingMaskIntoConstraints)  // only its children were given constraints
        #expect(a.frame == Rect(x: 20, y: 10, width: 100, height: 30))
        #expect(gap.layoutFrame == Rect(x: 120, y: 10, width: 16, height: 1))
        #expect(b.frame == Rect(x: 136, y: 270, width: 244, height: 30))
        // The container's frame is set in code: the constraints follow it.
        container.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        window.layoutIfNeeded()
        #expect(b.frame == Rect(x: 136, y: 170, width: 144, height: 30))
        container.layoutMargins = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        window.layoutIfNeeded()
        #expect(a.frame.origin == Point(x: 0, y: 0))
    }

    @Test func constraintsMadeOffWindowAreSolvedInTheWindow() {
        let container = View(frame: Rect(x: 10, y: 10, width: 200, height: 100))
        let inner = View()
        container.addSubview(inner)
        LayoutConstraint.activate([
            inner.centerXAnchor.constraint(equalTo: container.centerXAnchor), inner.centerYAnchor.constraint(equalTo: container.centerYAnchor),
            inner.widthAnchor.constraint(equalToConstant: 40), inner.heightAnchor.constraint(equalToConstant: 20)
        ])
        let window = makeWindow()
        window.addSubview(container)
        window.layoutIfNeeded()
        #expect(inner.frame == Rect(x: 80, y: 40, width: 40, height: 20))
        #expect(LayoutEngine.existing(of: inner) === window.layoutState?.engine)
        // Leaving the window, then resizing and coming back.
        container.removeFromSuperview()
        container.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        window.addSubview(container)
        window.layoutIfNeeded()
        #expect(inner.frame == Rect(x: 30, y: 40, width: 40, height: 20))
    }

    @Test func viewsWithoutConstraintsKeepTheirFramesAndMasksResize() {
        let window = makeWindow()
        let manual = View(frame: Rect(x: 5, y: 6, width: 70, height: 80))
        let stretchy = View(frame: Rect(x: 10, y: 10, width: 380, height: 50))
        stretchy.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        window.addSubview(manual)
        window.addSubview(stretchy)
        window.layoutIfNeeded()
        #expect(window.layoutState?.engine == nil)
        #expect(manual.frame == Rect(x: 5, y: 6, width: 70, height: 80))
        window.frame = Rect(x: 0, y: 0, width: 500, height: 400)
        #expect(stretchy.frame == Rect(x: 10, y: 110, width: 480, height: 50))
        #expect(manual.frame == Rect(x: 5, y: 6, width: 70, height: 80))
    }

    @Test func labelsAlignOnTheirBaselines() {
        let window = makeWindow()
        let big = Label()
        big.text = "Name"
        big.font = .systemFont(ofSize: 30)
        let small = Label()
        small.text = "optional"
        window.addSubview(big)
        window.addSubview(small)
        LayoutConstraint.activate([
            big.leftAnchor.constraint(equalTo: window.leftAnchor), big.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
            small.leftAnchor.constraint(equalTo: big.rightAnchor, constant: 8),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor)
        ])
        window.layoutIfNeeded()
        let bigBaseline = big.frame.midY + big.baselineOffsetFromCenter(last: false)
        let smallBaseline = small.frame.midY + small.baselineOffsetFromCenter(last: false)
        #expect(abs(bigBaseline - smallBaseline) < 1e-9)
        #expect(small.frame.maxY < big.frame.maxY)  // a smaller font sits higher than the bottoms would put it
        #expect(!small.hasAmbiguousLayout)
    }
}
