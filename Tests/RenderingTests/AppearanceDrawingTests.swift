import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// Issue 24 §4, the pixels of appearance: the system palette as a swatch sheet in light and in
/// dark (the same views, the scene's style switched between the snapshots), and a screen of
/// controls in dark mode; checked at telling pixels and against golden images.
@MainActor
@Suite("Renderer: the system palette and dark mode (issue 24 §4)")
struct AppearanceDrawingTests {
    /// The palette in sheet order: name and colour.
    static let palette: [(String, Color)] = [
        ("systemRed", .systemRed), ("systemOrange", .systemOrange), ("systemYellow", .systemYellow),
        ("systemGreen", .systemGreen), ("systemMint", .systemMint), ("systemTeal", .systemTeal),
        ("systemCyan", .systemCyan), ("systemBlue", .systemBlue), ("systemIndigo", .systemIndigo),
        ("systemPurple", .systemPurple), ("systemPink", .systemPink), ("systemBrown", .systemBrown),
        ("systemGray", .systemGray), ("systemGray2", .systemGray2), ("systemGray3", .systemGray3),
        ("systemGray4", .systemGray4), ("systemGray5", .systemGray5), ("systemGray6", .systemGray6),
        ("label", .label), ("secondaryLabel", .secondaryLabel), ("tertiaryLabel", .tertiaryLabel),
        ("quaternaryLabel", .quaternaryLabel), ("placeholderText", .placeholderText), ("link", .link),
        ("systemFill", .systemFill), ("secondarySystemFill", .secondarySystemFill), ("tertiarySystemFill", .tertiarySystemFill),
        ("quaternarySystemFill", .quaternarySystemFill), ("separator", .separator), ("opaqueSeparator", .opaqueSeparator),
        ("systemBackground", .systemBackground), ("secondarySystemBackground", .secondarySystemBackground),
        ("tertiarySystemBackground", .tertiarySystemBackground), ("systemGroupedBackground", .systemGroupedBackground),
        ("secondarySystemGroupedBackground", .secondarySystemGroupedBackground),
        ("tertiarySystemGroupedBackground", .tertiarySystemGroupedBackground)
    ]
    static let columns = 3, cellWidth = 262.0, cellHeight = 30.0

    /// A window of its own scene, background `systemBackground`.
    func stage(_ width: Double, _ height: Double) -> (WindowScene, Window, InputDriver) {
        Rendering.install()
        let app = Application()
        let scene = WindowScene(application: app, screenBounds: Rect(0, 0, width, height))
        let window = Window(windowScene: scene, frame: Rect(0, 0, width, height))
        window.backgroundColor = .systemBackground
        window.makeKeyAndVisible()
        return (scene, window, InputDriver(application: app))
    }

    /// Where swatch `index` sits: 3 columns of 12 rows, a 40×22 swatch then the name.
    static func swatchRect(_ index: Int) -> Rect {
        let column = index % columns, row = index / columns
        return Rect(Double(column) * cellWidth + 8, Double(row) * cellHeight + 8, 40, 22)
    }

    /// Every palette colour as a swatch (a hairline `separator` border shows the light ones)
    /// with its name in `label`; light, then the same views after the scene turned dark.
    @Test func paletteSheetLightAndDark() {
        let rows = (Self.palette.count + Self.columns - 1) / Self.columns
        let (scene, window, driver) = stage(Double(Self.columns) * Self.cellWidth, Double(rows) * Self.cellHeight + 12)
        for (index, (name, color)) in Self.palette.enumerated() {
            let swatch = View(frame: Self.swatchRect(index))
            swatch.backgroundColor = color
            swatch.layer.cornerRadius = 5
            swatch.layer.borderWidth = 1
            swatch.layer.borderColor = .separator
            window.addSubview(swatch)
            let label = Label(frame: Rect(swatch.frame.maxX + 6, swatch.frame.minY, Self.cellWidth - 56, 22))
            label.text = name
            label.font = .systemFont(ofSize: 11)
            window.addSubview(label)
        }
        let light = window.snapshot()
        scene.traitCollection = TraitCollection(userInterfaceStyle: .dark)
        let dark = window.snapshot()
        func center(_ name: String) -> (Int, Int) {
            let r = Self.swatchRect(Self.palette.firstIndex { $0.0 == name }!)
            return (Int(r.midX), Int(r.midY))
        }
        let red = center("systemRed"), gray6 = center("systemGray6"), label = center("label"), fill = center("systemFill")
        expectPixel(light, red.0, red.1, argb(255, 59, 48), "systemRed, light")
        expectPixel(dark, red.0, red.1, argb(255, 69, 58), "systemRed, dark")
        expectPixel(light, gray6.0, gray6.1, argb(242, 242, 247), "systemGray6, light")
        expectPixel(dark, gray6.0, gray6.1, argb(28, 28, 30), "systemGray6, dark")
        expectPixel(light, label.0, label.1, argb(0, 0, 0), "label is black in light")
        expectPixel(dark, label.0, label.1, argb(255, 255, 255), "and white in dark")
        // systemFill over the background: light 20 % of (120, 120, 128) over white, dark 36 % over black.
        expectPixel(light, fill.0, fill.1, argb(228, 228, 230), tolerance: 3, "systemFill over white")
        expectPixel(dark, fill.0, fill.1, argb(43, 43, 46), tolerance: 3, "systemFill over black")
        expectPixel(light, Int(Self.cellWidth) - 4, 4, argb(255, 255, 255), "systemBackground, light")
        expectPixel(dark, Int(Self.cellWidth) - 4, 4, argb(0, 0, 0), "systemBackground, dark")
        #expect(inkBox(dark, background: argb(0, 0, 0), in: PixelRect(x: 56, y: 8, width: 130, height: 22)) != nil, "the names are drawn in dark too")
        expectGolden(light, "palette-light")
        expectGolden(dark, "palette-dark")
        #expect(driver.isClean)
    }

    /// A check-in screen in dark mode: labels in the label colours, a grouped card, switches, a
    /// segmented control, a slider, text fields and the four button configurations.
    @Test func darkModeControls() {
        let (scene, window, driver) = stage(360, 560)
        scene.traitCollection = TraitCollection(userInterfaceStyle: .dark)
        let title = Label(frame: Rect(16, 16, 328, 30))
        title.text = "Check-in"
        title.font = .boldSystemFont(ofSize: 24)
        window.addSubview(title)
        let subtitle = Label(frame: Rect(16, 48, 328, 20))
        subtitle.text = "Flight RK 24 · Gate 12 · Boarding 14:05"
        subtitle.font = .systemFont(ofSize: 15)
        subtitle.textColor = .secondaryLabel
        window.addSubview(subtitle)

        let card = View(frame: Rect(16, 80, 328, 96))
        card.backgroundColor = .secondarySystemBackground
        card.layer.cornerRadius = 12
        window.addSubview(card)
        for (row, (text, on)) in [("Boarding alerts", true), ("Extra legroom", false)].enumerated() {
            let y = Double(row) * 48
            let label = Label(frame: Rect(16, y + 14, 200, 20))
            label.text = text
            card.addSubview(label)
            let toggle = Switch(frame: Rect(328 - 16 - 51, y + 8, 0, 0))
            toggle.isOn = on
            card.addSubview(toggle)
        }
        let separator = View(frame: Rect(16, 48, 312, 0.5))
        separator.backgroundColor = .separator
        card.addSubview(separator)

        let cabin = SegmentedControl(items: ["Economy", "Business", "First"])
        cabin.frame = Rect(16, 192, 328, 32)
        cabin.selectedSegmentIndex = 1
        window.addSubview(cabin)
        let bags = Slider(frame: Rect(16, 236, 328, 31))
        bags.value = 0.4
        window.addSubview(bags)
        let name = TextField(frame: Rect(16, 280, 328, 40))
        name.borderStyle = .roundedRect
        name.text = "Ada Lovelace"
        window.addSubview(name)
        let passport = TextField(frame: Rect(16, 330, 328, 40))
        passport.borderStyle = .roundedRect
        passport.placeholder = "Passport number"
        window.addSubview(passport)

        let styles: [(Button.Configuration, String)] = [
            (.filled(), "Check in"), (.tinted(), "Seat"), (.gray(), "Later"), (.plain(), "Help")
        ]
        for (index, (style, text)) in styles.enumerated() {
            var configuration = style
            configuration.title = text
            if index == 0 {
                configuration.subtitle = "Seat 14C"
                configuration.cornerStyle = .capsule
            }
            let button = Button(configuration: configuration)
            let size = button.intrinsicContentSize
            let y = index == 0 ? 388.0 : 452.0
            let x = index == 0 ? 16.0 : 16 + Double(index - 1) * 112
            button.frame = Rect(x, y, index == 0 ? 328 : 104, size.height)
            window.addSubview(button)
        }
        let cancel = Button(frame: Rect(16, 504, 100, 36))
        cancel.setTitle("Cancel", for: .normal)
        cancel.contentHorizontalAlignment = .left
        window.addSubview(cancel)
        let stepper = Stepper(frame: Rect(250, 506, 0, 0))
        stepper.value = 2
        window.addSubview(stepper)

        let image = window.snapshot()
        expectPixel(image, 4, 4, argb(0, 0, 0), "the dark systemBackground")
        expectPixel(image, 24, 88, argb(28, 28, 30), "the card in dark secondarySystemBackground")
        #expect(inkBox(image, background: argb(0, 0, 0), threshold: 120, in: PixelRect(x: 16, y: 16, width: 200, height: 30)) != nil, "a light title")
        expectPixel(image, 16 + 328 - 16 - 51 + 6, 80 + 8 + 15, argb(48, 209, 88), tolerance: 3, "the on switch in dark systemGreen")
        expectPixel(image, 30, 236 + 15, argb(10, 132, 255), tolerance: 3, "the slider's minimum track in dark systemBlue")
        expectPixel(image, 300, 388 + 8, argb(10, 132, 255), tolerance: 3, "the filled button in dark systemBlue")
        expectPixel(image, 250 + 70, 506 + 16, argb(255, 255, 255), tolerance: 3, "the stepper's + in white")
        expectGolden(image, "dark-mode-controls")
        #expect(driver.isClean)
    }

    /// Switching the style of a view redraws what it covers, through the damage path the
    /// outputs use: the override damages exactly the panel, and repainting only that damage
    /// shows the dark colours; the window's own override then damages (and repaints) it all.
    @Test func overrideSwitchRedrawsThroughTheDamage() {
        let (_, window, _) = stage(120, 60)
        let panel = View(frame: Rect(10, 10, 100, 40))
        panel.backgroundColor = .secondarySystemBackground
        window.addSubview(panel)
        let buffer = SentinelBuffer(width: 120, height: 60)
        let renderer = Renderer()
        window.layoutIfNeeded()
        _ = window.takeDamage()
        buffer.render(window, renderer, repaint: region(window.bounds))
        #expect(buffer[50, 30] == argb(242, 242, 247))
        panel.overrideUserInterfaceStyle = .dark
        let damage = window.takeDamage()
        #expect(damage.rects == [panel.frame], "the style change damages the panel, got \(damage.rects)")
        buffer.render(window, renderer, repaint: damage)
        #expect(buffer[50, 30] == argb(28, 28, 30), "the panel is dark now")
        #expect(buffer[4, 4] == argb(255, 255, 255), "outside the panel the window stays light")
        window.overrideUserInterfaceStyle = .dark
        let all = window.takeDamage()
        buffer.render(window, renderer, repaint: all)
        #expect(buffer[4, 4] == argb(0, 0, 0), "a window's override reaches its background")
        #expect(buffer[50, 30] == argb(28, 28, 30))
    }

    /// A button's menu shown as its primary action: the popup list under the button, the
    /// destructive action in red, the disabled one grey, the second row highlighted by the keys;
    /// light, then dark.
    @Test func buttonMenuPopup() {
        let (scene, window, driver) = stage(300, 260)
        let button = Button(frame: Rect(20, 20, 120, 44))
        button.setTitle("Seat 14C", for: .normal)
        button.menu = Menu(
            title: "Seat",
            children: [
                Action(title: "Window seat") { _ in },
                Action(title: "Aisle seat") { _ in },
                Action(title: "Exit row", attributes: .disabled) { _ in },
                Action(title: "Cancel booking", attributes: .destructive) { _ in }
            ])
        button.showsMenuAsPrimaryAction = true
        window.addSubview(button)
        driver.tap(at: Point(x: 60, y: 40), in: window)
        let popup = try! #require(button.presentedMenu)
        for _ in 0..<2 { driver.type(Key(keyCode: KeyCode.down, characters: ""), in: window) }
        #expect(popup.highlightedIndex == 1)
        let light = window.snapshot()
        let list = popup.listFrame
        expectPixel(light, Int(list.maxX) - 6, Int(list.minY) + 22, argb(249, 249, 249), "the light list")
        #expect(list.minY >= 64 + MenuPopupView.targetGap, "under the button")
        let red = try! #require(
            inkBox(light, background: argb(249, 249, 249), in: PixelRect(x: Int(list.minX) + 16, y: Int(list.minY) + 3 * 44 + 8, width: 150, height: 28)))
        let ink = channels(light.argb(x: red.x + red.width / 2, y: red.y + red.height / 2))
        #expect(red.width > 60, "Cancel booking is drawn, in \(ink)")
        expectGolden(light, "button-menu-light")
        scene.traitCollection = TraitCollection(userInterfaceStyle: .dark)
        let dark = window.snapshot()
        expectPixel(dark, Int(list.maxX) - 6, Int(list.minY) + 22, argb(37, 37, 37), "the dark list")
        expectGolden(dark, "button-menu-dark")
        driver.type(Key(keyCode: KeyCode.escape, characters: ""), in: window)
        #expect(button.presentedMenu == nil)
        #expect(driver.isClean)
    }
}
