import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Several windows in one scene, as UIKit stacks them: by `windowLevel`, the window shown last in
/// front within a level. The hosts name the window their output shows (here `base`, as the test
/// driver does); a touch, a click or a wheel over a window stacked above it lands in that window,
/// in its coordinates, unless its `hitTest` answers nil; a window below takes what the main window
/// lets through; keys go to an overlay window made key.
@MainActor
@Suite("Window stacking: input lands in the frontmost window")
struct WindowStackingTests {
    /// A view that can be first responder, so presses reach it.
    final class KeyTarget: RecordingView {
        override var canBecomeFirstResponder: Bool { true }
    }

    /// A window that lets through every point none of its subviews takes (UIKit's pass-through
    /// overlay window: `hitTest` answers nil for the window itself).
    final class PassThroughWindow: Window {
        override func hitTest(_ point: Point, with event: Event?) -> View? {
            let hit = super.hitTest(point, with: event)
            return hit === self ? nil : hit
        }
    }

    struct Stage {
        let app: Application
        let driver: InputDriver
        let scene: WindowScene
        let base: Window
        let baseView: RecordingView
        let log: Log
    }

    /// A 400×300 scene whose main window is filled by a recording view.
    func stage() -> Stage {
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let log = Log()
        let base = Window(windowScene: scene)
        let baseView = RecordingView("Base", frame: base.bounds, log: log)
        base.addSubview(baseView)
        base.makeKeyAndVisible()
        return Stage(app: app, driver: driver, scene: scene, base: base, baseView: baseView, log: log)
    }

    /// A window of `scene` at `frame`, filled by a recording view named `name`, shown (not key).
    func overlay(
        _ name: String, _ frame: Rect, level: WindowLevel = .normal, in stage: Stage, window: Window? = nil
    ) -> (Window, RecordingView) {
        let window = window ?? Window(windowScene: stage.scene, frame: frame)
        window.frame = frame
        window.windowLevel = level
        let view = RecordingView(name, frame: window.bounds, log: stage.log)
        window.addSubview(view)
        window.isHidden = false
        return (window, view)
    }

    /// Taps `point` (the main window's coordinates, as a host names it) and expects the view
    /// named `name` to take the tap.
    func expectTap(at point: Point, landsIn name: String, _ stage: Stage, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        stage.log.clear()
        stage.driver.tap(at: point, in: stage.base)
        #expect(stage.log.entries == ["\(name).touchesBegan", "\(name).touchesEnded"], comment, sourceLocation: sourceLocation)
    }

    @Test func aTouchOverAWindowStackedAboveLandsInItInItsCoordinates() {
        let s = stage()
        let (panel, panelView) = overlay("Panel", Rect(x: 100, y: 50, width: 200, height: 100), in: s)
        s.driver.touchDown(1, at: Point(x: 150, y: 80), in: s.base)
        #expect(s.log.entries == ["Panel.touchesBegan"])
        let touch = panelView.lastTouches.first
        #expect(touch?.window === panel)
        #expect(touch?.location(in: nil) == Point(x: 50, y: 30), "the panel window's coordinates")
        s.driver.touchMove(1, to: Point(x: 170, y: 110), in: s.base)
        #expect(panelView.lastTouches.first?.location(in: nil) == Point(x: 70, y: 60), "moves too, in the window it went down in")
        s.driver.touchUp(1, in: s.base)
        #expect(s.log.entries == ["Panel.touchesBegan", "Panel.touchesMoved", "Panel.touchesEnded"])

        expectTap(at: Point(x: 20, y: 20), landsIn: "Base", s, "outside the panel: the main window")
        #expect(s.baseView.lastTouches.first?.location(in: nil) == Point(x: 20, y: 20))
        panel.isHidden = true
        expectTap(at: Point(x: 150, y: 80), landsIn: "Base", s, "a hidden window takes nothing")
        #expect(s.driver.isClean)
    }

    @Test func aHigherLevelIsInFrontWhateverWasShownLast() {
        let s = stage()
        let frame = Rect(x: 0, y: 0, width: 200, height: 200)
        let (alert, _) = overlay("Alert", frame, level: .alert, in: s)
        let (first, _) = overlay("First", frame, in: s)
        let (second, _) = overlay("Second", frame, in: s)
        #expect(
            s.scene.stackedWindows.map { $0 === s.base ? "base" : $0 === alert ? "alert" : $0 === first ? "first" : "second" }
                == ["base", "first", "second", "alert"])
        let point = Point(x: 10, y: 10)
        expectTap(at: point, landsIn: "Alert", s)
        alert.isHidden = true
        expectTap(at: point, landsIn: "Second", s, "same level: the one shown last")
        first.makeKeyAndVisible()
        #expect(first.isStacked(above: second), "makeKeyAndVisible orders the window front")
        expectTap(at: point, landsIn: "First", s)
        second.isHidden = true
        second.isHidden = false
        expectTap(at: point, landsIn: "Second", s, "shown again: in front again")
        #expect(s.driver.isClean)
    }

    @Test func aPassThroughWindowLetsThroughWhatNoneOfItsViewsTakes() {
        let s = stage()
        let hud = PassThroughWindow(windowScene: s.scene)
        hud.windowLevel = .statusBar
        let button = RecordingView("HUDButton", frame: Rect(x: 10, y: 10, width: 40, height: 40), log: s.log)
        hud.addSubview(button)
        hud.isHidden = false
        expectTap(at: Point(x: 20, y: 20), landsIn: "HUDButton", s)
        expectTap(at: Point(x: 200, y: 200), landsIn: "Base", s, "through the HUD to the main window")
        #expect(s.driver.isClean)
    }

    @Test func twoFingersInTwoWindowsAreOneFrameEach() {
        let s = stage()
        let (panel, panelView) = overlay("Panel", Rect(x: 200, y: 0, width: 200, height: 300), in: s)
        s.driver.touchDown(1, at: Point(x: 50, y: 50), in: s.base)
        s.driver.touchDown(2, at: Point(x: 250, y: 50), in: s.base)
        #expect(s.baseView.lastTouches.first?.window === s.base)
        #expect(panelView.lastTouches.first?.window === panel)
        #expect(panelView.lastTouches.first?.location(in: nil) == Point(x: 50, y: 50))
        s.driver.touchUp(1, in: s.base)
        s.driver.touchUp(2, in: s.base)
        #expect(s.log.entries(endingWith: "touchesEnded") == ["Base.touchesEnded", "Panel.touchesEnded"])
        #expect(s.driver.isClean)
    }

    @Test func theCursorClickAndWheelLandInTheWindowUnderIt() {
        let s = stage()
        let (_, panelView) = overlay("Panel", Rect(x: 100, y: 100, width: 100, height: 100), in: s)
        s.driver.pointerMove(to: Point(x: 150, y: 150), in: s.base)
        #expect(s.log.entries.contains("Panel.hover.entered"))
        #expect(panelView.lastHover?.locationInWindow == Point(x: 50, y: 50))
        s.driver.pointerButton(pressed: true, in: s.base)
        s.driver.pointerButton(pressed: false, in: s.base)
        #expect(s.log.entries(endingWith: "touchesEnded") == ["Panel.touchesEnded"])
        s.driver.scroll(dy: 3, in: s.base)
        #expect(panelView.lastScroll != nil, "the wheel scrolls what is under the cursor")
        #expect(s.baseView.lastScroll == nil)

        s.driver.pointerMove(to: Point(x: 20, y: 20), in: s.base)
        #expect(s.baseView.lastHover?.locationInWindow == Point(x: 20, y: 20), "back over the main window")
        s.driver.click(at: Point(x: 20, y: 20), in: s.base)
        #expect(s.log.entries(endingWith: "touchesEnded") == ["Panel.touchesEnded", "Base.touchesEnded"])
        #expect(s.driver.isClean)
    }

    @Test func keysGoToAnOverlayWindowMadeKeyAndBackWhenItHides() {
        let s = stage()
        let baseField = KeyTarget("BaseField", frame: Rect(x: 0, y: 0, width: 10, height: 10), log: s.log)
        s.base.addSubview(baseField)
        #expect(baseField.becomeFirstResponder())
        let dialog = Window(windowScene: s.scene, frame: Rect(x: 50, y: 50, width: 300, height: 200))
        let dialogField = KeyTarget("DialogField", frame: Rect(x: 0, y: 0, width: 10, height: 10), log: s.log)
        dialog.addSubview(dialogField)
        dialog.makeKeyAndVisible()
        #expect(dialogField.becomeFirstResponder())

        s.driver.type(USKeyboard.key(for: "a")!, in: s.base)
        #expect(s.log.entries(endingWith: "pressesBegan") == ["DialogField.pressesBegan"], "the key window takes the keys")

        s.log.clear()
        dialog.isHidden = true
        s.driver.type(USKeyboard.key(for: "a")!, in: s.base)
        #expect(s.log.entries(endingWith: "pressesBegan") == ["BaseField.pressesBegan"], "a hidden key window takes none")
        #expect(s.driver.isClean)
    }

    @Test func aWindowWhoseFrameIsNotFiniteTakesNoTouch() {
        let s = stage()
        let (panel, _) = overlay("Panel", Rect(x: 0, y: 0, width: 400, height: 300), in: s)
        for bad in [Double.nan, .infinity] {
            panel.frame = Rect(x: bad, y: 0, width: 400, height: 300)
            expectTap(at: Point(x: 20, y: 20), landsIn: "Base", s, "x = \(bad)")
        }
        #expect(s.driver.isClean)
    }

    /// A window stacked below the main one (a lower level, or shown before it) is under it: it
    /// takes a touch only where the main window's `hitTest` answers nil — the main window hidden,
    /// or not taking touches — as in UIKit, and in its own coordinates.
    @Test func aWindowBelowTakesWhatTheMainWindowLetsThrough() {
        let s = stage()
        let (backdrop, backdropView) = overlay("Backdrop", Rect(x: 100, y: 0, width: 300, height: 300), level: WindowLevel(rawValue: -1), in: s)
        #expect(s.base.isStacked(above: backdrop))
        expectTap(at: Point(x: 150, y: 20), landsIn: "Base", s, "the main window covers it")
        s.base.isUserInteractionEnabled = false
        expectTap(at: Point(x: 150, y: 20), landsIn: "Backdrop", s, "the main window takes no touches")
        #expect(backdropView.lastTouches.first?.location(in: nil) == Point(x: 50, y: 20), "the backdrop window's coordinates")
        s.log.clear()
        s.driver.tap(at: Point(x: 20, y: 20), in: s.base)
        #expect(s.log.entries.isEmpty, "outside the backdrop, nothing below answers: the main window keeps it (and takes nothing)")
        s.base.isUserInteractionEnabled = true
        s.base.isHidden = true
        expectTap(at: Point(x: 150, y: 20), landsIn: "Backdrop", s, "the main window is hidden")
        s.base.isHidden = false
        expectTap(at: Point(x: 150, y: 20), landsIn: "Base", s)
        #expect(s.driver.isClean)
    }
}
