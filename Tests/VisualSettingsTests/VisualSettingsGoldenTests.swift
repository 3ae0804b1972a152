import Rendering
import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing

/// A check-in screen drawn at the default text size and normal contrast, then at the largest
/// accessibility size with bold text and high contrast: the golden images show the title, the
/// wrapped instructions, the button and the field grown, and the system colours' accessible
/// variants.
@MainActor
@Suite struct VisualSettingsGoldenTests {
    static let goldens = GoldenImages(besideSourceFile: #filePath)

    /// The screen: a title, instructions that wrap, a filled button and a text field, each with a
    /// preferred font that adjusts, laid out top to bottom by their sizes.
    @MainActor
    final class CheckInScreen {
        let window: Window
        let title = Label()
        let instructions = Label()
        let button = Button(frame: Rect(x: 0, y: 0, width: 0, height: 0))
        let field = TextField()
        let note = Label()

        init(height: Double = 640) {
            Rendering.install()
            let application = Application()
            let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 360, height: height))
            window = Window(windowScene: scene)
            window.backgroundColor = .systemBackground
            window.makeKeyAndVisible()
            title.text = "Check-in"
            title.font = .preferredFont(forTextStyle: .largeTitle)
            instructions.text = "Touch Begin, then type the name of the person you are visiting."
            instructions.numberOfLines = 0
            instructions.textColor = .secondaryLabel
            instructions.font = .preferredFont(forTextStyle: .body)
            button.setTitle("Begin", for: .normal)
            button.backgroundColor = .systemBlue
            button.setTitleColor(.white, for: .normal)
            button.titleLabel?.font = .preferredFont(forTextStyle: .headline)
            field.placeholder = "Name"
            field.borderStyle = .roundedRect
            field.font = .preferredFont(forTextStyle: .body)
            note.text = "Help is at the desk"
            note.textColor = .systemRed
            note.font = .preferredFont(forTextStyle: .footnote)
            for label in [title, instructions, note] { label.adjustsFontForContentSizeCategory = true }
            button.titleLabel?.adjustsFontForContentSizeCategory = true
            field.adjustsFontForContentSizeCategory = true
            for view in [title, instructions, button, field, note] as [View] { window.addSubview(view) }
            layOut()
        }

        /// Stacks the views at their fitting heights, 16 points apart.
        func layOut() {
            var y = 16.0
            let width = 328.0
            for view in [title, instructions, button, field, note] as [View] {
                let height: Double
                if view === button {
                    height = button.intrinsicContentSize.height + 12
                } else if view === field {
                    height = field.intrinsicContentSize.height + 8
                } else {
                    height = view.sizeThatFits(Size(width: width, height: .infinity)).height
                }
                view.frame = Rect(x: 16, y: y, width: width, height: height)
                y += height + 16
            }
        }
    }

    @Test func theCheckInScreenAtTheDefaultSize() throws {
        try OwnProcess.run(suite: "VisualSettingsGoldenTests", test: "theCheckInScreenAtTheDefaultSize") {
            let screen = CheckInScreen()
            let image = screen.window.snapshot()
            Self.goldens.expect(image, "check-in-default", tolerance: 3)
        }
    }

    @Test func theCheckInScreenAtTheLargestAccessibilitySizeInHighContrast() throws {
        try OwnProcess.run(suite: "VisualSettingsGoldenTests", test: "theCheckInScreenAtTheLargestAccessibilitySizeInHighContrast") {
            // Tall enough for everything at the largest size (an app would scroll).
            let screen = CheckInScreen(height: 1200)
            let small = screen.instructions.frame.height
            var settings = VisualSettings()
            settings.contentSizeCategory = .accessibilityExtraExtraExtraLarge
            settings.isBoldTextEnabled = true
            settings.isHighContrastEnabled = true
            Accessibility.visualSettings = settings
            screen.layOut()
            #expect(screen.instructions.frame.height > small * 3, "the instructions wrap onto more lines")
            #expect(screen.title.font.pointSize == 60 && screen.title.font.weight == .bold)
            let image = screen.window.snapshot()
            // The button's fill is the high-contrast system blue (0, 64, 221).
            let button = screen.button.frame
            let pixel = image.argb(x: Int(button.minX + 6), y: Int(button.minY + 4))
            #expect(PixelDiff.channelDifference(pixel, 0xFF00_40DD) <= 3, "button fill \(PixelDiff.hex(pixel))")
            Self.goldens.expect(image, "check-in-ax5-bold-high-contrast", tolerance: 3)
        }
    }
}
