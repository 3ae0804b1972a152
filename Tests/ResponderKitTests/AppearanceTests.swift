import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Issue 24 §4, appearance: the system palette with UIKit's light and dark values, dynamic colours
// resolved through traitCollection.userInterfaceStyle (scene, window, view and controller
// overrides), the inherited tintColor, and the controls that follow them.

/// 0…255 components as a plain colour.
func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color { Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a) }

let lightTraits = TraitCollection(userInterfaceStyle: .light)
let darkTraits = TraitCollection(userInterfaceStyle: .dark)

/// A view that counts its appearance callbacks.
@MainActor
final class AppearanceCountingView: View {
    var tintChanges = 0
    var traitChanges: [UserInterfaceStyle?] = []
    override func tintColorDidChange() { tintChanges += 1 }
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        traitChanges.append(previousTraitCollection?.userInterfaceStyle)
    }
}

/// A controller that counts its trait changes.
@MainActor
final class TraitCountingController: ViewController {
    var traitChanges = 0
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) { traitChanges += 1 }
}

@MainActor
@Suite("Appearance: the system palette and dynamic colours (issue 24 §4)")
struct PaletteTests {
    /// UIKit's documented values, light and dark.
    @Test func paletteValues() {
        let expected: [(Color, Color, Color)] = [
            (.systemRed, rgb(255, 59, 48), rgb(255, 69, 58)),
            (.systemGreen, rgb(52, 199, 89), rgb(48, 209, 88)),
            (.systemBlue, rgb(0, 122, 255), rgb(10, 132, 255)),
            (.systemGray, rgb(142, 142, 147), rgb(142, 142, 147)),
            (.systemGray6, rgb(242, 242, 247), rgb(28, 28, 30)),
            (.label, rgb(0, 0, 0), rgb(255, 255, 255)),
            (.secondaryLabel, rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6)),
            (.systemBackground, rgb(255, 255, 255), rgb(0, 0, 0)),
            (.secondarySystemBackground, rgb(242, 242, 247), rgb(28, 28, 30)),
            (.systemGroupedBackground, rgb(242, 242, 247), rgb(0, 0, 0)),
            (.separator, rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6)),
            (.opaqueSeparator, rgb(198, 198, 200), rgb(56, 56, 58)),
            (.link, rgb(0, 122, 255), rgb(9, 132, 255)),
            (.systemFill, rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36))
        ]
        for (color, light, dark) in expected {
            #expect(color.resolvedColor(with: lightTraits) == light)
            #expect(color.resolvedColor(with: darkTraits) == dark)
            #expect(color.resolvedColor(with: TraitCollection()) == light, "unspecified resolves as light")
        }
        #expect(Color.systemGray.isDynamic == false && Color.label.isDynamic)
        #expect(Color.systemBlue.red == 0 && Color.systemBlue.blue == 1, "components read the light value")
    }

    /// init(dynamicProvider:) asks for both styles; withAlphaComponent keeps a colour dynamic;
    /// setting a component sets it in both appearances.
    @Test func dynamicProviderAndAlpha() {
        var asked: [UserInterfaceStyle] = []
        let color = Color { traits in
            asked.append(traits.userInterfaceStyle)
            return traits.userInterfaceStyle == .dark ? .white : .black
        }
        #expect(asked == [.light, .dark])
        #expect(color.resolvedColor(with: darkTraits) == .white && color.resolvedColor(with: lightTraits) == .black)
        let faded = Color.label.withAlphaComponent(0.5)
        #expect(faded.resolvedColor(with: darkTraits) == Color(white: 1, alpha: 0.5))
        #expect(faded.resolvedColor(with: lightTraits) == Color(white: 0, alpha: 0.5))
        var edited = Color.label
        edited.red = 0.5
        #expect(edited.resolvedColor(with: darkTraits).red == 0.5 && edited.resolvedColor(with: lightTraits).red == 0.5)
        #expect(edited.resolvedColor(with: darkTraits).green == 1, "the other components stay dynamic")
    }

    /// The style comes from the scene, then the nearest override on a view or its controller.
    @Test func styleInheritance() {
        let h = Harness(log: Log())
        let outer = AppearanceCountingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = AppearanceCountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        h.window.addSubview(outer)
        outer.addSubview(inner)
        #expect(inner.traitCollection.userInterfaceStyle == .light, "scenes start light")
        h.scene.traitCollection = darkTraits
        #expect(inner.traitCollection.userInterfaceStyle == .dark)
        #expect(outer.traitChanges == [.light] && inner.traitChanges == [.light], "the scene's change reaches the views")
        outer.overrideUserInterfaceStyle = .light
        #expect(inner.traitCollection.userInterfaceStyle == .light && outer.traitChanges.count == 2 && inner.traitChanges.count == 2)
        inner.overrideUserInterfaceStyle = .dark
        #expect(inner.traitCollection.userInterfaceStyle == .dark && outer.traitChanges.count == 2)
        outer.overrideUserInterfaceStyle = .dark
        #expect(inner.traitChanges.count == 3, "a view with its own override is not told of its ancestor's change")
        #expect(outer.traitChanges.count == 3)
        outer.overrideUserInterfaceStyle = .unspecified
        #expect(outer.traitChanges.count == 3, "dark from the scene: nothing changed")
    }

    /// A controller's override applies to its view; moving a view into a tree of another style
    /// tells it; a style change marks the whole subtree for redisplay.
    @Test func controllerOverrideAndMoves() {
        let h = Harness(log: Log())
        let controller = TraitCountingController()
        controller.overrideUserInterfaceStyle = .dark
        #expect(controller.traitCollection.userInterfaceStyle == .dark)
        h.window.addSubview(controller.view)
        #expect(controller.view.traitCollection.userInterfaceStyle == .dark)
        let child = AppearanceCountingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(child)
        #expect(child.traitChanges.isEmpty)
        controller.view.addSubview(child)
        #expect(child.traitChanges == [.light], "moved under a dark controller")
        controller.overrideUserInterfaceStyle = .unspecified
        #expect(controller.traitChanges == 1 && child.traitChanges.count == 2)
        #expect(child.traitCollection.userInterfaceStyle == .light)
        h.window.layoutIfNeeded()
        child.dirtyRect = .null
        controller.view.dirtyRect = .null
        controller.overrideUserInterfaceStyle = .dark
        #expect(!child.dirtyRect.isNull && !controller.view.dirtyRect.isNull, "switching the style redraws the subtree")
    }
}

@MainActor
@Suite("Appearance: tintColor, inherited (issue 24 §4)")
struct TintColorTests {
    /// nil inherits; the default is system blue; setting calls tintColorDidChange on the views
    /// that inherit it, not on those with their own.
    @Test func tintInheritance() {
        let h = Harness(log: Log())
        let outer = AppearanceCountingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = AppearanceCountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let own = AppearanceCountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        h.window.addSubview(outer)
        outer.addSubview(inner)
        outer.addSubview(own)
        #expect(inner.tintColor == .systemBlue)
        own.tintColor = .systemPink
        #expect(own.tintChanges == 1)
        outer.tintColor = .systemOrange
        #expect(inner.tintColor == .systemOrange && own.tintColor == .systemPink)
        #expect(outer.tintChanges == 1 && inner.tintChanges == 1 && own.tintChanges == 1)
        outer.tintColor = nil
        #expect(inner.tintColor == .systemBlue && inner.tintChanges == 2)
        h.window.tintColor = .systemRed
        #expect(inner.tintColor == .systemRed && outer.tintChanges == 3)
        let loose = AppearanceCountingView(frame: .zero)
        outer.addSubview(loose)
        #expect(loose.tintChanges == 1, "moving under another tint tells the view")
    }

    /// Button titles, the slider's minimum track and the text field's caret follow the tint.
    @Test func controlsFollowTheTint() {
        let h = Harness(log: Log())
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.window.addSubview(container)
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        button.setTitle("Go", for: .normal)
        let slider = Slider(frame: Rect(x: 0, y: 50, width: 200, height: 31))
        container.addSubview(button)
        container.addSubview(slider)
        #expect(button.currentTitleColor == .systemBlue && slider.minimumTrackView.backgroundColor == .systemBlue)
        container.tintColor = .systemPurple
        #expect(button.currentTitleColor == .systemPurple && button.titleLabel?.textColor == .systemPurple)
        #expect(slider.minimumTrackView.backgroundColor == .systemPurple)
        button.setTitleColor(.systemRed, for: .normal)
        #expect(button.currentTitleColor == .systemRed, "a set title colour wins over the tint")
        button.isHighlighted = true
        #expect(button.currentTitleColor == Color.systemRed.withAlphaComponent(0.2))
        slider.minimumTrackTintColor = .systemGreen
        container.tintColor = .systemTeal
        #expect(slider.minimumTrackView.backgroundColor == .systemGreen)
    }
}

@MainActor
@Suite("Controls: configuration, title attributes, switch size (issue 24 §4)")
struct AppearanceControlTests {
    /// Button(configuration:primaryAction:): the action's title when the configuration has
    /// none, sizes from the content plus contentInsets, colours by style.
    @Test func buttonConfiguration() {
        let h = Harness(log: Log())
        var taps = 0
        var configuration = Button.Configuration.filled()
        configuration.contentInsets = DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
        let button = Button(configuration: configuration, primaryAction: Action(title: "Check in") { _ in taps += 1 })
        #expect(button.currentTitle == "Check in")
        let size = button.intrinsicContentSize
        let text = Drawing.textEngine.size(of: "Check in", attributes: TextAttributes(font: .systemFont(ofSize: 17), numberOfLines: 1), width: nil)
        #expect(size.width == (text.width + 40).rounded(.up) && size.height == (text.height + 20).rounded(.up))
        configuration.subtitle = "Gate 12"
        configuration.title = "Board"
        button.configuration = configuration
        #expect(button.currentTitle == "Board")
        #expect(button.intrinsicContentSize.height > size.height, "a subtitle adds a line")
        button.frame = Rect(origin: Point(x: 10, y: 10), size: button.intrinsicContentSize)
        h.window.addSubview(button)
        h.window.layoutIfNeeded()
        let title = try! #require(button.titleLabel), subtitle = try! #require(button.subtitleLabel)
        #expect(subtitle.text == "Gate 12" && subtitle.frame.minY >= title.frame.maxY)
        #expect(title.textColor == .white, "filled: a white title")
        h.tap(20, 20)
        #expect(taps == 1)
        #expect(Button.Configuration.filled().backgroundColor(for: .normal, tint: .systemBlue) == .systemBlue)
        #expect(Button.Configuration.tinted().backgroundColor(for: .normal, tint: .systemBlue) == Color.systemBlue.withAlphaComponent(0.15))
        #expect(Button.Configuration.plain().backgroundColor(for: .normal, tint: .systemBlue) == nil)
        #expect(Button.Configuration.gray().foregroundColor(for: .normal, tint: .systemBlue) == .systemBlue)
        #expect(Button.Configuration.filled().foregroundColor(for: .disabled, tint: .systemBlue) == .tertiaryLabel)
        var capsule = Button.Configuration.gray()
        capsule.cornerStyle = .capsule
        #expect(capsule.cornerRadius(height: 50) == 25)
        #expect(h.driver.isClean)
    }

    /// setTitleTextAttributes: the font per state sets the size; colours per state, falling
    /// back to .normal's.
    @Test func segmentedTitleAttributes() {
        let control = SegmentedControl(items: ["One", "Two"])
        let small = control.intrinsicContentSize
        #expect(small.height == SegmentedControl.defaultHeight)
        control.setTitleTextAttributes([.font: Font.systemFont(ofSize: 26), .foregroundColor: Color.systemRed], for: .normal)
        let large = control.intrinsicContentSize
        #expect(large.width > small.width * 1.3 && large.height > SegmentedControl.defaultHeight, "\(small) → \(large)")
        #expect(control.titleFont(for: .normal).pointSize == 26)
        #expect(control.titleFont(for: .selected).pointSize == 26 && control.titleFont(for: .selected).weight == .semibold)
        #expect(control.titleColor(for: .selected) == .systemRed, "selected falls back to normal's colour")
        control.setTitleTextAttributes([.foregroundColor: Color.systemGreen], for: .selected)
        #expect(control.titleColor(for: .selected) == .systemGreen && control.titleColor(for: .normal) == .systemRed)
        #expect(control.titleColor(for: .disabled) == SegmentedControl.disabledTitleColor)
        #expect(control.titleTextAttributes(for: .selected)?[.foregroundColor] as? Color == .systemGreen)
        control.setTitleTextAttributes(nil, for: .normal)
        #expect(control.intrinsicContentSize == small)
    }

    /// A switch is UIKit's 51×31 times its scale; a tap and a drag work at scale 2 through the
    /// same input path; a bad scale is refused.
    @Test func switchScale() {
        let h = Harness(log: Log())
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 0, height: 0))
        #expect(toggle.intrinsicContentSize == Size(width: 51, height: 31))
        toggle.scale = 2
        #expect(toggle.intrinsicContentSize == Size(width: 102, height: 62))
        toggle.sizeToFit()
        h.window.addSubview(toggle)
        h.tap(90, 40)
        #expect(toggle.isOn)
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Point(x: 90, y: 40), in: h.window)
        h.driver.advance(by: 0.02)
        h.driver.touchMove(0, to: Point(x: 40, y: 40), in: h.window)
        h.driver.advance(by: 0.02)
        h.driver.touchUp(0, in: h.window)
        #expect(!toggle.isOn, "dragged off")
        let messages = collectDiagnostics { toggle.scale = -1 }
        #expect(toggle.scale == 2 && messages.contains { $0.contains("Switch.scale") })
        h.driver.advance(by: 1)
        #expect(h.driver.isClean)
    }

    /// A configured image sits before the title (after it when trailing), with imagePadding,
    /// and counts in the size.
    @Test func buttonConfigurationImage() {
        let pixels = [UInt32](repeating: 0xFF00_0000, count: 20 * 20)
        let image = try! #require(Image(width: 20, height: 20, pixels: pixels))
        var configuration = Button.Configuration.tinted()
        configuration.title = "Bags"
        configuration.image = image
        configuration.imagePadding = 8
        let button = Button(configuration: configuration)
        let withImage = button.intrinsicContentSize
        configuration.image = nil
        button.configuration = configuration
        #expect(button.intrinsicContentSize.width == withImage.width - 28)
        configuration.image = image
        button.configuration = configuration
        button.frame = Rect(x: 0, y: 0, width: 200, height: 44)
        button.layoutIfNeeded()
        let imageView = try! #require(button.configurationImageView)
        let title = try! #require(button.titleLabel)
        #expect(imageView.frame.maxX + 8 == title.frame.minX && imageView.frame.size == Size(width: 20, height: 20))
        configuration.imagePlacement = .trailing
        button.configuration = configuration
        button.layoutIfNeeded()
        #expect(title.frame.maxX + 8 == imageView.frame.minX)
        button.configuration = nil
        #expect(imageView.isHidden && button.intrinsicContentSize.height < withImage.height + 20)
    }
}
