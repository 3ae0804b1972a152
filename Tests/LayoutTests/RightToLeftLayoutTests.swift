import Testing

@testable import ResponderKit

/// Issue 24 §5, right-to-left layout: leading and trailing resolve by the view's effective
/// direction (its scene's, the language's, or the nearest `semanticContentAttribute` that fixes
/// one), left and right never flip, horizontal stacks run from the leading edge, directional
/// margins follow, natural alignment resolves, and a direction change relays everything out.
/// Every window here sets its scene's direction, so no test depends on the process's language.
@MainActor
@Suite("Right-to-left layout")
struct RightToLeftLayoutTests {
    final class SizedView: View {
        let size: Size
        init(_ width: Double, _ height: Double) {
            size = Size(width: width, height: height)
            super.init(frame: .zero)
        }
        override var intrinsicContentSize: Size { size }
    }

    final class TraitRecordingView: View {
        var changes: [TraitCollection?] = []
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            changes.append(previousTraitCollection)
        }
    }

    /// A visible 400×300 window whose scene lays out in `direction`.
    func window(_ direction: TraitEnvironmentLayoutDirection) -> Window {
        let app = Application()
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300))
        scene.traitCollection = TraitCollection(userInterfaceStyle: .light, layoutDirection: direction)
        let window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        return window
    }

    /// A 100×40 view 10 points from `window`'s leading edge, 20 from the top.
    func leadingBox(in window: Window) -> View {
        let box = View(frame: .zero)
        window.addSubview(box)
        box.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
            box.widthAnchor.constraint(equalToConstant: 100), box.heightAnchor.constraint(equalToConstant: 40)
        ])
        return box
    }

    @Test func leadingIsLeftInLeftToRightAndRightInRightToLeft() {
        let ltr = window(.leftToRight)
        let a = leadingBox(in: ltr)
        ltr.layoutIfNeeded()
        #expect(a.frame == Rect(x: 10, y: 20, width: 100, height: 40))
        #expect(a.effectiveUserInterfaceLayoutDirection == .leftToRight)

        let rtl = window(.rightToLeft)
        let b = leadingBox(in: rtl)
        rtl.layoutIfNeeded()
        // Leading is the right edge: the box's right edge 10 points inside the window's.
        #expect(b.frame == Rect(x: 290, y: 20, width: 100, height: 40))
        #expect(b.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(b.traitCollection.layoutDirection == .rightToLeft)
    }

    @Test func trailingMirrorsAndLeftAndRightAnchorsNeverFlip() {
        let rtl = window(.rightToLeft)
        let trailing = View(frame: .zero)
        let left = View(frame: .zero)
        for view in [trailing, left] {
            rtl.addSubview(view)
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        LayoutConstraint.activate([
            trailing.trailingAnchor.constraint(equalTo: rtl.trailingAnchor, constant: -30),
            trailing.topAnchor.constraint(equalTo: rtl.topAnchor), trailing.widthAnchor.constraint(equalToConstant: 50),
            trailing.heightAnchor.constraint(equalToConstant: 10),
            left.leftAnchor.constraint(equalTo: rtl.leftAnchor, constant: 30),
            left.topAnchor.constraint(equalTo: rtl.topAnchor), left.widthAnchor.constraint(equalToConstant: 50),
            left.heightAnchor.constraint(equalToConstant: 10)
        ])
        rtl.layoutIfNeeded()
        // Trailing is the left edge in right to left: `trailing == window.trailing - 30` puts
        // the view's left edge 30 points inside the window's left edge.
        #expect(trailing.frame.minX == 30)
        #expect(left.frame.minX == 30)
    }

    @Test func aHorizontalStackRunsFromTheLeadingEdge() {
        func arranged(_ direction: TraitEnvironmentLayoutDirection) -> [Double] {
            let w = window(direction)
            let views = [SizedView(50, 20), SizedView(60, 20), SizedView(70, 20)]
            let stack = StackView(arrangedSubviews: views)
            stack.axis = .horizontal
            stack.spacing = 10
            w.addSubview(stack)
            stack.translatesAutoresizingMaskIntoConstraints = false
            LayoutConstraint.activate([
                stack.leadingAnchor.constraint(equalTo: w.leadingAnchor), stack.topAnchor.constraint(equalTo: w.topAnchor)
            ])
            w.layoutIfNeeded()
            #expect(stack.frame.width == 200)
            return views.map { $0.convert($0.bounds, to: w).minX }
        }
        #expect(arranged(.leftToRight) == [0, 60, 130])
        // The first arranged view at the right edge, the last one leftmost (UIKit's order).
        #expect(arranged(.rightToLeft) == [350, 280, 200])
    }

    @Test func semanticContentAttributeForcesADirectionOnItsSubtree() {
        let rtl = window(.rightToLeft)
        let phone = View(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        rtl.addSubview(phone)
        let inner = View(frame: .zero)
        phone.addSubview(inner)
        inner.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: phone.leadingAnchor, constant: 10),
            inner.topAnchor.constraint(equalTo: phone.topAnchor), inner.widthAnchor.constraint(equalToConstant: 100),
            inner.heightAnchor.constraint(equalToConstant: 40)
        ])
        rtl.layoutIfNeeded()
        #expect(inner.frame.minX == 290)
        phone.semanticContentAttribute = .forceLeftToRight
        #expect(phone.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight, "inherited from the forcing ancestor")
        rtl.layoutIfNeeded()
        #expect(inner.frame.minX == 10)
        for attribute in [SemanticContentAttribute.playback, .spatial] {
            phone.semanticContentAttribute = attribute
            #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight)
        }
        phone.semanticContentAttribute = .unspecified
        rtl.layoutIfNeeded()
        #expect(inner.frame.minX == 290)

        let ltr = window(.leftToRight)
        let box = leadingBox(in: ltr)
        ltr.semanticContentAttribute = .forceRightToLeft
        ltr.layoutIfNeeded()
        #expect(box.frame.minX == 290)
        #expect(View.userInterfaceLayoutDirection(for: .forceRightToLeft, relativeTo: .leftToRight) == .rightToLeft)
        #expect(View.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
        #expect(View.userInterfaceLayoutDirection(for: .playback, relativeTo: .rightToLeft) == .leftToRight)
    }

    @Test func directionalLayoutMarginsFollowTheDirection() {
        let w = window(.rightToLeft)
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        w.addSubview(container)
        container.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 40, bottom: 0, trailing: 5)
        #expect(container.layoutMargins == EdgeInsets(top: 0, left: 5, bottom: 0, right: 40))
        let content = View(frame: .zero)
        container.addSubview(content)
        content.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: container.layoutMarginsGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: container.layoutMarginsGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: container.topAnchor), content.heightAnchor.constraint(equalToConstant: 10)
        ])
        w.layoutIfNeeded()
        #expect(content.frame == Rect(x: 5, y: 0, width: 355, height: 10))
        // The scene turns left to right: the margins swap and the content moves.
        w.windowScene?.traitCollection = TraitCollection(userInterfaceStyle: .light, layoutDirection: .leftToRight)
        #expect(container.layoutMargins == EdgeInsets(top: 0, left: 40, bottom: 0, right: 5))
        w.layoutIfNeeded()
        #expect(content.frame == Rect(x: 40, y: 0, width: 355, height: 10))
        // Margins set as left and right stay where they are.
        container.layoutMargins = EdgeInsets(top: 0, left: 1, bottom: 0, right: 2)
        w.windowScene?.traitCollection = TraitCollection(userInterfaceStyle: .light, layoutDirection: .rightToLeft)
        #expect(container.layoutMargins == EdgeInsets(top: 0, left: 1, bottom: 0, right: 2))
        #expect(container.directionalLayoutMargins == DirectionalEdgeInsets(top: 0, leading: 2, bottom: 0, trailing: 1))
    }

    @Test func naturalAlignmentResolvesByDirection() {
        let rtl = window(.rightToLeft)
        let label = Label(frame: .zero)
        rtl.addSubview(label)
        #expect(label.textAlignment == .natural)
        #expect(label.textAttributes.alignment == .right)
        label.semanticContentAttribute = .forceLeftToRight
        #expect(label.textAttributes.alignment == .left)
        label.semanticContentAttribute = .unspecified
        label.textAlignment = .left
        #expect(label.textAttributes.alignment == .left, "an explicit alignment never flips")
        label.textAlignment = .center
        #expect(label.textAttributes.alignment == .center)
        #expect(TextAlignment.natural.resolved(for: .leftToRight) == .left)
        #expect(TextAlignment.natural.resolved(for: .rightToLeft) == .right)
        #expect(TextAlignment.justified.resolved(for: .rightToLeft) == .justified)
    }

    @Test func aDirectionChangeRelaysOutRedrawsAndTellsTheViews() {
        let w = window(.leftToRight)
        let box = leadingBox(in: w)
        let observer = TraitRecordingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        w.addSubview(observer)
        w.layoutIfNeeded()
        #expect(box.frame.minX == 10)
        w.windowScene?.traitCollection = TraitCollection(userInterfaceStyle: .light, layoutDirection: .rightToLeft)
        #expect(w.layoutPassRequested, "the window asks for a layout pass")
        w.layoutIfNeeded()
        #expect(box.frame.minX == 290)
        #expect(observer.changes.count == 1)
        #expect(observer.changes.first??.layoutDirection == .leftToRight)
        #expect(observer.traitCollection.layoutDirection == .rightToLeft)
        // Setting the same direction again changes nothing.
        w.windowScene?.traitCollection = TraitCollection(userInterfaceStyle: .light, layoutDirection: .rightToLeft)
        #expect(observer.changes.count == 1)
    }

    @Test func segmentsRunFromTheLeadingEdge() {
        let w = window(.rightToLeft)
        let control = SegmentedControl(items: ["A", "B", "C"])
        control.frame = Rect(x: 0, y: 0, width: 300, height: 32)
        w.addSubview(control)
        #expect(control.rectForSegment(at: 0) == Rect(x: 200, y: 0, width: 100, height: 32))
        #expect(control.rectForSegment(at: 2) == Rect(x: 0, y: 0, width: 100, height: 32))
        control.semanticContentAttribute = .forceLeftToRight
        #expect(control.rectForSegment(at: 0) == Rect(x: 0, y: 0, width: 100, height: 32))
    }

    @Test func aSliderHasItsMinimumAndASwitchItsOffEndAtTheLeadingEdge() {
        let w = window(.rightToLeft)
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 34))
        w.addSubview(slider)
        slider.value = slider.minimumValue
        let atMinimum = slider.thumbRect.midX
        slider.value = slider.maximumValue
        #expect(atMinimum > slider.thumbRect.midX, "the minimum is at the right")
        let toggle = Switch(frame: .zero)
        w.addSubview(toggle)
        w.layoutIfNeeded()
        #expect(toggle.thumbCenter == 35.5, "off is at the right in right to left")
        toggle.setOn(true, animated: false)
        #expect(toggle.thumbCenter == 15.5, "on is at the left")
        w.windowScene?.traitCollection = TraitCollection(userInterfaceStyle: .light, layoutDirection: .leftToRight)
        #expect(toggle.thumbCenter == 35.5, "the thumb moves to the right end for left to right")
    }
}
