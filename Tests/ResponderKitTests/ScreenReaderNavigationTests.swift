import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// The reader's gaps closed (issue 26 §2): custom actions through a rotor of vertical swipes, a
/// table row's hidden swipe actions offered as custom actions, right-to-left reading order, and
/// focus moves that scroll off-screen content into view with the page count still right.
@MainActor
@Suite struct ScreenReaderNavigationTests {
    /// A window of `size` with the reader running and a recording voice.
    @MainActor final class Stage {
        let h: Harness
        let voice = RecordingSpeechSynthesizer()
        let fingers: ScreenReaderFingers
        var reader: ScreenReader { h.app.screenReader }

        init(size: Size = Size(width: 400, height: 800), scene: (Application) -> WindowScene? = { _ in nil }, build: (Window) -> Void) {
            let app = Application()
            let made = scene(app)
            h = Harness(size: size, application: app, scene: made)
            build(h.window)
            h.window.layoutIfNeeded()
            fingers = ScreenReaderFingers(driver: h.driver, window: h.window)
            h.app.screenReader.synthesizer = voice
            h.app.screenReader.start()
            voice.clear()
        }
    }

    @Test func verticalSwipesChooseACustomActionAndADoubleTapPerformsIt() {
        var performed: [String] = []
        var taps = 0
        let mail = Button(frame: Rect(x: 20, y: 100, width: 360, height: 60))
        let stage = Stage { window in
            mail.setTitle("Message from Anna", for: .normal)
            mail.accessibilityCustomActions = ["Archive", "Delete"].map { name in
                AccessibilityCustomAction(name: name) { _ in
                    performed.append(name)
                    return true
                }
            }
            _ = mail.addAction(for: .touchUpInside) { _ in taps += 1 }
            window.addSubview(mail)
        }
        stage.fingers.next()
        stage.fingers.swipe(dx: 0, dy: 150)  // down: the first action
        stage.fingers.swipe(dx: 0, dy: 150)  // the second
        stage.fingers.swipe(dx: 0, dy: 150)  // past the end: back to the default
        stage.fingers.swipe(dx: 0, dy: -150)  // up: the last action again
        #expect(stage.reader.selectedCustomActionIndex == 1)
        stage.fingers.doubleTap()
        #expect(performed == ["Delete"])
        #expect(taps == 0)
        #expect(stage.reader.selectedCustomActionIndex == nil)
        // With the default chosen, a double-tap activates as always.
        stage.fingers.doubleTap()
        #expect(taps == 1)
        #expect(
            stage.voice.texts == [
                "Message from Anna, button, actions available", "Archive", "Delete", "Activate", "Delete",
                "Message from Anna, button, actions available", "Message from Anna, button"
            ])
    }

    @Test func aTableRowsHiddenSwipeActionsAreCustomActionsUntilRevealed() {
        let model = TableModel([TableModel.rows(30)])
        var deleted: [Int] = []
        model.trailingActions = { indexPath in
            SwipeActionsConfiguration(actions: [
                ContextualAction(style: .destructive, title: "Delete") { _, _, done in
                    deleted.append(indexPath.row)
                    done(true)
                }
            ])
        }
        let stage = TableStage(model)
        let voice = RecordingSpeechSynthesizer()
        stage.app.screenReader.synthesizer = voice
        stage.app.screenReader.start()
        voice.clear()
        let fingers = ScreenReaderFingers(driver: stage.driver, window: stage.window)
        fingers.next()
        fingers.next()  // row 1
        #expect(voice.texts == ["0.0, actions available", "0.1, actions available"])
        #expect(stage.table.cellForRow(at: IndexPath(row: 1, section: 0))?.accessibilityCustomActions?.map(\.name) == ["Delete"])
        fingers.swipe(dx: 0, dy: 150)
        fingers.doubleTap()
        #expect(deleted == [1])
        #expect(voice.texts.suffix(2) == ["Delete", "0.1, actions available"])
        // Revealed by a real swipe, the row's buttons are read and it offers no custom action.
        stage.app.screenReader.stop()
        stage.drag(from: stage.point(2, x: 300), by: -100, 0)
        stage.settle()
        let cell = stage.table.cellForRow(at: IndexPath(row: 2, section: 0))
        #expect(stage.table.indexPathForRevealedSwipeActions == IndexPath(row: 2, section: 0))
        #expect(cell?.accessibilityCustomActions == nil)
        #expect(stage.app.screenReader.elements.contains { ($0 as? Button)?.accessibilityLabel == "Delete" })
    }

    @Test func rightToLeftScreensReadFromTheRight() {
        let first = Button(frame: Rect(x: 220, y: 100, width: 160, height: 60))
        let second = Button(frame: Rect(x: 20, y: 100, width: 160, height: 60))
        let below = Label(frame: Rect(x: 20, y: 200, width: 360, height: 40))
        let stage = Stage(
            scene: { app in
                let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 400, height: 800))
                scene.traitCollection = TraitCollection(userInterfaceStyle: .light, layoutDirection: .rightToLeft)
                return scene
            },
            build: { window in
                first.setTitle("ادفع", for: .normal)
                second.setTitle("إلغاء", for: .normal)
                below.text = "المجموع"
                for view in [second, first, below] as [View] { window.addSubview(view) }
            })
        #expect(stage.reader.elements.map { ObjectIdentifier($0) } == [first, second, below].map { ObjectIdentifier($0) })
        stage.fingers.next()
        stage.fingers.next()
        stage.fingers.next()
        stage.fingers.previous()
        #expect(stage.voice.texts == ["ادفع, button", "إلغاء, button", "المجموع", "إلغاء, button"])
        // The same screen left to right reads the left button first.
        stage.h.scene.traitCollection = TraitCollection(userInterfaceStyle: .light, layoutDirection: .leftToRight)
        #expect(stage.reader.elements.map { ObjectIdentifier($0) } == [second, first, below].map { ObjectIdentifier($0) })
    }

    @Test func movingToAnOffScreenElementScrollsItIntoViewAndThePageStaysRight() {
        let scroll = ScrollView(frame: Rect(x: 0, y: 100, width: 400, height: 200))
        var rows: [Label] = []
        let stage = Stage { window in
            scroll.contentSize = Size(width: 400, height: 1000)
            for i in 0..<10 {
                let row = Label(frame: Rect(x: 0, y: Double(i) * 100, width: 400, height: 40))
                row.text = "Row \(i + 1)"
                scroll.addSubview(row)
                rows.append(row)
            }
            window.addSubview(scroll)
        }
        for _ in 0..<4 { stage.fingers.next() }
        #expect(stage.reader.focusedElement === rows[3])
        // Row 4 (content y 300…340) is shown at the bottom of the 200-point window.
        #expect(scroll.contentOffset.y == 140)
        #expect(scroll.screenRect(scroll.bounds).contains(rows[3].accessibilityFrame))
        stage.fingers.swipe(dx: 0, dy: -200, fingers: 3)
        #expect(scroll.contentOffset.y == 340)
        #expect(stage.voice.texts.last == "page 3 of 5")
        // Back to the first row: scrolled back to the top.
        for _ in 0..<3 { stage.fingers.previous() }
        #expect(stage.reader.focusedElement === rows[0])
        #expect(scroll.contentOffset.y == 0)
        #expect(stage.voice.texts == ["Row 1", "Row 2", "Row 3", "Row 4", "page 3 of 5", "Row 3", "Row 2", "Row 1"])
    }

    @Test func swipingPastTheLastVisibleRowOfATableScrollsTheNextRowIn() {
        let stage = TableStage(TableModel([TableModel.rows(40)]))
        let voice = RecordingSpeechSynthesizer()
        stage.app.screenReader.synthesizer = voice
        stage.app.screenReader.start()
        voice.clear()
        let fingers = ScreenReaderFingers(driver: stage.driver, window: stage.window)
        for _ in 0..<20 { fingers.next() }
        #expect(voice.texts == (0..<20).map { "0.\($0)" })
        let focused = try? #require(stage.app.screenReader.focusedElement)
        #expect(stage.table.contentOffset.y > 0)
        #expect(stage.table.screenRect(stage.table.bounds).contains(focused?.accessibilityFrame ?? .zero))
        for _ in 0..<20 { fingers.previous() }
        #expect(voice.texts.last == "0.0")
        #expect(stage.table.contentOffset.y == 0)
    }
}
