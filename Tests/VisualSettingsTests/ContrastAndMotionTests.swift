import ResponderKit
import ResponderKitTesting
import Testing

/// High contrast and reduce motion (issue 26 §5): the system colours' increased-contrast variants,
/// and animations that become short cross-fades; both change at run time and notify.
@MainActor
@Suite struct ContrastAndMotionTests {
    func rgb(_ color: Color) -> [Int] { [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) } }

    @Test func highContrastResolvesTheSystemColoursToTheirAccessibleVariants() throws {
        try OwnProcess.run(suite: "ContrastAndMotionTests", test: "highContrastResolvesTheSystemColoursToTheirAccessibleVariants") {
            let light = TraitCollection(userInterfaceStyle: .light)
            #expect(light.accessibilityContrast == .normal)
            #expect(rgb(Color.systemBlue.resolvedColor(with: light)) == [0, 122, 255])
            var notified = 0
            let token = NotificationCenter.default.addObserver(
                forName: Accessibility.darkerSystemColorsStatusDidChangeNotification, object: nil
            ) { _ in notified += 1 }
            defer { NotificationCenter.default.removeObserver(token) }
            Accessibility.isDarkerSystemColorsEnabled = true
            #expect(notified == 1)
            let high = TraitCollection(userInterfaceStyle: .light)
            let highDark = TraitCollection(userInterfaceStyle: .dark)
            #expect(high.accessibilityContrast == .high)
            #expect(high.hasDifferentColorAppearance(comparedTo: light))
            #expect(rgb(Color.systemBlue.resolvedColor(with: high)) == [0, 64, 221])
            #expect(rgb(Color.systemBlue.resolvedColor(with: highDark)) == [84, 166, 255])  // raised for 4.5:1 (HighContrastTextTests)
            #expect(rgb(Color.systemRed.resolvedColor(with: high)) == [215, 0, 21])
            #expect(rgb(Color.systemGreen.resolvedColor(with: high)) == [36, 138, 61])
            #expect(Color.secondaryLabel.resolvedColor(with: high).alpha == 0.85)
            // Colours that are no system colour, and black and white, stay as they are.
            #expect(rgb(Color(red: 0.2, green: 0.4, blue: 0.6).resolvedColor(with: high)) == [51, 102, 153])
            #expect(rgb(Color.label.resolvedColor(with: high)) == [0, 0, 0])
            // A trait collection may ask for normal contrast while the setting is on.
            var normal = high
            normal.accessibilityContrast = .normal
            #expect(rgb(Color.systemBlue.resolvedColor(with: normal)) == [0, 122, 255])
            Accessibility.isDarkerSystemColorsEnabled = false
            #expect(rgb(Color.systemBlue.resolvedColor(with: TraitCollection(userInterfaceStyle: .light))) == [0, 122, 255])
        }
    }

    /// A view slid 200 points over one second: with reduce motion it is drawn at its new place at
    /// once and fades in there over 0.2 s; alpha-only animations keep animating, shortened.
    @Test func reduceMotionTurnsMovesIntoShortCrossFades() throws {
        try OwnProcess.run(suite: "ContrastAndMotionTests", test: "reduceMotionTurnsMovesIntoShortCrossFades") {
            let app = Application()
            let driver = InputDriver(application: app)
            let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300))
            let window = Window(windowScene: scene)
            window.makeKeyAndVisible()
            let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(card)
            let badge = View(frame: Rect(x: 0, y: 200, width: 50, height: 50))
            window.addSubview(badge)
            @MainActor func frame(at time: Double) {
                driver.advance(by: time - driver.now)
                app.animator.tick(now: driver.now)
            }
            var notified = 0
            let token = NotificationCenter.default.addObserver(forName: Accessibility.reduceMotionStatusDidChangeNotification, object: nil) {
                _ in notified += 1
            }
            defer { NotificationCenter.default.removeObserver(token) }

            // Full motion first: half way, the card is half way.
            View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { card.center = Point(x: 250, y: 50) })
            frame(at: 0.5)
            #expect(card.presentation.center.x == 150)
            frame(at: 1.1)

            Accessibility.isReduceMotionEnabled = true
            #expect(notified == 1)
            var finished: Bool?
            View.animate(
                withDuration: 1, delay: 0, options: [.curveLinear], animations: { card.center = Point(x: 50, y: 50) },
                completion: { finished = $0 })
            frame(at: 1.2)
            #expect(card.presentation.center == Point(x: 50, y: 50), "drawn at its new place at once")
            #expect(card.presentation.alpha > 0 && card.presentation.alpha < 1, "fading in: \(card.presentation.alpha)")
            frame(at: 1.32)
            #expect(card.presentation.alpha == 1)
            #expect(!card.hasAnimations)
            frame(at: 1.4)
            #expect(finished == true)

            // Not motion: an alpha change still animates, in at most 0.2 s.
            View.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: { badge.alpha = 0 })
            frame(at: 1.5)
            #expect(badge.presentation.alpha > 0 && badge.presentation.alpha < 1)
            frame(at: 1.65)
            #expect(badge.presentation.alpha == 0)
            Accessibility.isReduceMotionEnabled = false
            #expect(notified == 2)
        }
    }
}
