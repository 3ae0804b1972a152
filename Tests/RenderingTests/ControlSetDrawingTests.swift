import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// Issue 9, the pixels of the control set: Switch, Slider, Stepper and SegmentedControl in their
/// normal, highlighted, selected (on / chosen) and disabled looks, checked at telling pixels and
/// against golden images.
@MainActor
@Suite("Renderer: switches, sliders, steppers, segmented controls")
struct ControlSetDrawingTests {
    static let white = argb(255, 255, 255)
    static let green = argb(52, 199, 89)

    /// A white window of its own application on a manual clock (so touches can press controls).
    func stage(_ width: Double, _ height: Double) -> (Window, InputDriver) {
        Rendering.install()
        let app = Application()
        let window = Window(windowScene: WindowScene(application: app), frame: Rect(0, 0, width, height))
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        return (window, InputDriver(application: app))
    }

    /// Off, on, touched (the thumb stretched), disabled and on (dimmed).
    @Test func switches() {
        let (window, driver) = stage(280, 40)
        var toggles: [Switch] = []
        for i in 0..<4 {
            let toggle = Switch(frame: Rect(Double(i) * 70 + 5, 5, 0, 0))
            window.addSubview(toggle)
            toggles.append(toggle)
        }
        toggles[1].isOn = true
        toggles[2].isHighlighted = true
        toggles[3].isOn = true
        toggles[3].isEnabled = false
        let image = window.snapshot()
        expectPixel(image, 5 + 40, 5 + 15, argb(233, 233, 235), tolerance: 3, "the off track, right of the thumb")
        expectPixel(image, 5 + 15, 5 + 15, Self.white, tolerance: 3, "the off thumb at the left")
        expectPixel(image, 75 + 6, 5 + 15, Self.green, tolerance: 3, "the on track")
        expectPixel(image, 75 + 35, 5 + 15, Self.white, tolerance: 3, "the on thumb at the right")
        expectPixel(image, 75 + 52, 5 + 15, Self.white, tolerance: 0, "nothing beyond 51 pt")
        expectPixel(image, 145 + 30, 5 + 15, Self.white, tolerance: 3, "the touched thumb is stretched to 33 pt")
        expectPixel(image, 145 + 36, 5 + 15, argb(233, 233, 235), tolerance: 3, "…but no further")
        let dimmed = channels(image.argb(x: 215 + 6, y: 5 + 15))
        #expect(dimmed[1] > 52 + 60 && dimmed[2] > 199 && dimmed[3] > 89 + 60, "disabled: the green faded towards white, \(dimmed)")
        expectGolden(image, "switches")
        #expect(driver.isClean)
    }

    /// Value 0.3, highlighted, custom tints at 0.8, disabled at 0.5.
    @Test func sliders() {
        let (window, driver) = stage(240, 140)
        var sliders: [Slider] = []
        for i in 0..<4 {
            let slider = Slider(frame: Rect(10, Double(i) * 34 + 2, 220, 31))
            window.addSubview(slider)
            sliders.append(slider)
        }
        sliders[0].value = 0.3
        sliders[1].value = 0.3
        sliders[1].isHighlighted = true
        sliders[2].value = 0.8
        sliders[2].minimumTrackTintColor = .red
        sliders[2].maximumTrackTintColor = .green
        sliders[2].thumbTintColor = .yellow
        sliders[3].value = 0.5
        sliders[3].isEnabled = false
        let image = window.snapshot()
        // Slider 0: thumb centre at 10 + 14 + 0.3 × 192 = 81.6; track at y 2 + 15.5.
        expectPixel(image, 30, 17, argb(0, 122, 255), tolerance: 3, "the minimum track in system blue")
        expectPixel(image, 180, 17, argb(227, 227, 232), tolerance: 3, "the maximum track in light grey")
        expectPixel(image, 81, 10, Self.white, tolerance: 3, "the white thumb")
        expectPixel(image, 30, 24, Self.white, tolerance: 0, "the track is 4 pt high")
        expectPixel(image, 30, 2 * 34 + 17, argb(255, 0, 0), tolerance: 3, "a red minimum track")
        expectPixel(image, 81, 34 + 10, argb(255, 255, 255), tolerance: 12, "the highlighted thumb stays white")
        expectPixel(image, 215, 2 * 34 + 17, argb(0, 255, 0), tolerance: 3, "right of the thumb (at 0.8 ≈ x 178)")
        expectPixel(image, 178, 2 * 34 + 10, argb(255, 255, 0), tolerance: 3, "the yellow thumb")
        let faded = channels(image.argb(x: 30, y: 3 * 34 + 17))
        #expect(faded[1] > 100 && faded[3] == 255 && faded[2] > 170, "disabled: the blue track faded, \(faded)")
        expectGolden(image, "sliders")
        #expect(driver.isClean)
    }

    /// At the minimum (− greyed), + pressed, in the middle, disabled.
    @Test func steppers() {
        let (window, driver) = stage(420, 42)
        var steppers: [Stepper] = []
        for i in 0..<4 {
            let stepper = Stepper(frame: Rect(Double(i) * 104 + 5, 5, 0, 0))
            window.addSubview(stepper)
            steppers.append(stepper)
        }
        steppers[1].value = 5
        steppers[2].value = 5
        steppers[3].value = 5
        steppers[3].isEnabled = false
        driver.touchDown(0, at: Point(x: 109 + 70, y: 21), in: window)
        #expect(steppers[1].value == 6 && steppers[1].highlightedHalf == .increment)
        let image = window.snapshot()
        expectPixel(image, 5 + 10, 5 + 5, argb(238, 238, 239), tolerance: 3, "the light grey background")
        expectPixel(image, 5 + 23, 5 + 16, argb(196, 196, 199), tolerance: 3, "− greyed at the minimum")
        expectPixel(image, 5 + 70, 5 + 16, argb(0, 0, 0), tolerance: 3, "+ in black")
        expectPixel(image, 5 + 70, 5 + 10, argb(0, 0, 0), tolerance: 3, "+ has a vertical bar")
        expectPixel(image, 5 + 23, 5 + 10, argb(238, 238, 239), tolerance: 3, "− has none")
        expectPixel(image, 109 + 60, 5 + 5, argb(209, 209, 214), tolerance: 3, "the pressed half darker")
        expectPixel(image, 109 + 30, 5 + 5, argb(238, 238, 239), tolerance: 3, "the other half not")
        expectPixel(image, 213 + 23, 5 + 16, argb(0, 0, 0), tolerance: 3, "− enabled above the minimum")
        let dimmed = channels(image.argb(x: 317 + 23, y: 5 + 16))
        #expect(dimmed[1] > 100 && dimmed[1] < 200, "disabled: the symbol faded, \(dimmed)")
        expectPixel(image, 5, 5, Self.white, tolerance: 12, "rounded corners")
        expectGolden(image, "steppers")
        driver.touchUp(0, in: window)
        #expect(driver.isClean)
    }

    /// Selected "Two", a pressed segment, a disabled segment, the whole control disabled.
    @Test func segmentedControls() {
        let (window, driver) = stage(250, 180)
        var controls: [SegmentedControl] = []
        for i in 0..<4 {
            let control = SegmentedControl(items: ["One", "Two", "Three"])
            control.frame = Rect(10, Double(i) * 42 + 8, 230, 32)
            window.addSubview(control)
            controls.append(control)
        }
        for control in controls { control.selectedSegmentIndex = 1 }
        controls[1].selectedSegmentIndex = 0
        controls[2].setEnabled(false, forSegmentAt: 2)
        controls[3].isEnabled = false
        driver.touchDown(0, at: Point(x: 10 + 200, y: 42 + 20), in: window)
        #expect(controls[1].highlightedSegmentIndex == 2)
        let image = window.snapshot()
        let third = 230.0 / 3
        expectPixel(image, 10 + 10, 8 + 4, argb(238, 238, 239), tolerance: 3, "the grey background")
        expectPixel(image, Int(10 + third + 6), 8 + 5, Self.white, tolerance: 3, "the selected segment's white pill")
        expectPixel(image, Int(10 + third) + 4, 8 + 16, Self.white, tolerance: 3, "the pill spans the segment, inset 2 pt")
        expectPixel(image, Int(10 + third) - 10, 8 + 4, argb(238, 238, 239), tolerance: 3, "not the segment before")
        expectPixel(image, Int(10 + 2 * third + 6), 42 + 8 + 4, argb(218, 218, 221), tolerance: 3, "the pressed segment darker")
        let ink = inkBox(
            image, background: argb(238, 238, 239), threshold: 40, in: PixelRect(x: Int(10 + 2 * third + 4), y: 2 * 42 + 10, width: Int(third) - 8, height: 28))
        #expect(ink != nil, "the disabled segment's title is drawn")
        if let ink {
            var darkest = 255
            for y in ink.y..<ink.maxY { for x in ink.x..<ink.maxX { darkest = min(darkest, channels(image.argb(x: x, y: y))[1]) } }
            #expect(darkest > 150, "…in grey, darkest channel \(darkest)")
        }
        let faded = channels(image.argb(x: 10 + 10, y: 3 * 42 + 8 + 4))
        #expect(faded[1] > 240, "disabled: the background faded towards white, \(faded)")
        expectGolden(image, "segmented-controls")
        driver.touchUp(0, in: window)
        #expect(driver.isClean)
    }

    /// State changes damage the control.
    @Test func stateChangesDamage() {
        let (window, driver) = stage(300, 120)
        let slider = Slider(frame: Rect(0, 0, 200, 31))
        let stepper = Stepper(frame: Rect(0, 40, 0, 0))
        let segmented = SegmentedControl(items: ["A", "B"])
        segmented.frame = Rect(0, 80, 120, 32)
        let toggle = Switch(frame: Rect(200, 40, 0, 0))
        for view in [slider, stepper, segmented, toggle] as [View] { window.addSubview(view) }
        _ = window.snapshot()
        _ = window.takeDamage()
        slider.value = 0.5
        #expect(!window.takeDamage().isEmpty, "slider value")
        stepper.value = 3
        #expect(!window.takeDamage().isEmpty, "stepper value")
        segmented.selectedSegmentIndex = 1
        #expect(!window.takeDamage().isEmpty, "segment selection")
        toggle.isOn = true
        #expect(!window.takeDamage().isEmpty, "switch state")
        stepper.isEnabled = false
        #expect(!window.takeDamage().isEmpty, "disabling")
        #expect(driver.isClean)
    }
}
