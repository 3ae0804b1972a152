/// The touch screen reader (VoiceOver's gestures for a kiosk): while it runs, it takes every
/// touch before the gesture recognizers, speaks the element under a finger, moves between
/// elements by swipes and activates by a double-tap that it turns into a tap at the element's
/// activation point through the normal routing, so apps need no change.
///
/// The application owns one (`Application.screenReader`) and shows it each input event before
/// routing (`Application.handle`). It can be started without sight: a three-finger triple tap,
/// the host's configured key (`toggleKeyCode`) or a headset plugged into the jack
/// (`InputEvent.Kind.switchToggled(.headphoneInsert, …)`) — each says aloud what it did.
///
/// Speech goes to `synthesizer` (the host installs the speech module's; tests a recording one).
/// Timers (the hint after a pause, the single tap's wait) run on the application's clock.
@MainActor
public final class ScreenReader {
    unowned let application: Application
    /// Where the words go; nil speaks nothing (the reader still moves focus and acts).
    public var synthesizer: SpeechSynthesizer?
    /// Whether the reader runs (takes touches and speaks).
    public private(set) var isRunning = false
    /// The element the reader is on.
    public private(set) var focusedElement: AccessibilityNode?
    /// The evdev key code that toggles the reader (the host's `--screen-reader-key`); nil for none.
    public var toggleKeyCode: Int?
    /// Whether plugging a headset into the jack starts the reader (`SW_HEADPHONE_INSERT`; on by
    /// default: it is one of the ways to start it without sight).
    public var startsOnHeadphoneInsert = true
    /// Whether pulling the headset out stops it (the host's `--screen-reader auto`).
    public var stopsOnHeadphoneRemoval = false
    /// The app's language (BCP 47) for elements that name none; nil leaves the voice's default.
    public var language: String?
    /// Seconds on an element before its hint is spoken.
    public var hintDelay = 1.5
    /// Draws the focus ring around the focused element while the reader runs.
    public var showsFocusRing = true
    /// Every utterance this reader produced, in order (what a log or a test reads); the last 256.
    public private(set) var spokenHistory: [String] = []
    /// The custom action a vertical swipe chose on the focused element (an index into its
    /// `accessibilityCustomActions`), which the next double-tap performs; nil is its default
    /// activation. VoiceOver's actions rotor; a new focus resets it.
    public internal(set) var selectedCustomActionIndex: Int?

    /// The reader started last and still running (where posts without a view go).
    static weak var running: ScreenReader?
    let gestures = ScreenReaderGestures()
    private var hintTimer: TimerQueue.Timer?
    var isActivating = false
    var announcementsDuringActivation: [String] = []
    var focusRing: FocusRingView?

    init(application: Application) {
        self.application = application
    }

    // MARK: On and off

    /// Starts the reader and says "Screen reader on"; the focus goes to the first element.
    public func start() {
        guard !isRunning else { return }
        isRunning = true
        ScreenReader.running = self
        speak("Screen reader on", priority: .important)
        focusedElement = nil
        updateFocusRing()
    }

    /// Stops the reader, says "Screen reader off" and gives touches back to the app.
    public func stop() {
        guard isRunning else { return }
        isRunning = false
        if ScreenReader.running === self { ScreenReader.running = nil }
        hintTimer?.cancel()
        hintTimer = nil
        gestures.reset(application: application)
        synthesizer?.stopSpeaking()
        speak("Screen reader off", priority: .important)
        focusedElement = nil
        updateFocusRing()
    }

    /// Whether the reader waits on the application's clock: a gesture not yet decided (a single tap
    /// waiting out the double-tap interval, a resting finger before it explores) or a hint still to
    /// be spoken. A scripted run lets these pass before it ends (the headless `settle`), as it lets
    /// animations end: they are the consequence of input already given, not input left open.
    public var hasPendingTimers: Bool { hintTimer != nil || gestures.hasPendingTimers }

    /// Starts it when off, stops it when on.
    public func toggle() { if isRunning { stop() } else { start() } }

    /// Whether the reader takes `input` before routing (its gestures, its toggle key), and what a
    /// headset plugged in or out does. Called by `Application.handle` for every event.
    /// - Complexity: O(1) per event unless a gesture completes.
    func intercepts(_ input: InputEvent) -> Bool {
        if case let .switchToggled(inputSwitch, isOn) = input.kind {
            if inputSwitch == .headphoneInsert {
                if isOn, startsOnHeadphoneInsert { start() } else if !isOn, stopsOnHeadphoneRemoval { stop() }
            }
            return false
        }
        return gestures.intercepts(input, reader: self)
    }

    // MARK: Focus

    /// The elements of the shown windows in reading order (`AccessibilityReadingOrder`).
    /// - Complexity: O(v + e log e) for v views and e elements.
    public var elements: [AccessibilityNode] { AccessibilityReadingOrder.elements(of: application) }

    /// The front-most element whose frame holds `point` (screen coordinates): the smallest one.
    /// - Complexity: O(v + e log e).
    public func element(at point: Point) -> AccessibilityNode? {
        var best: AccessibilityNode?
        var bestArea = Double.infinity
        for node in elements {
            let frame = node.accessibilityFrame
            guard frame.contains(point) else { continue }
            let area = frame.width * frame.height
            if area <= bestArea { best = node; bestArea = area }
        }
        return best
    }

    /// Moves the focus to `node` and speaks it (interrupting); the hint follows after `hintDelay`.
    public func focus(_ node: AccessibilityNode?) {
        focusedElement = node
        selectedCustomActionIndex = nil
        updateFocusRing()
        hintTimer?.cancel()
        hintTimer = nil
        guard let node else { return }
        speak(spokenOnFocus(node), language: node.accessibilityLanguage, priority: .interrupt)
        if let hint = node.accessibilityHint, !hint.isEmpty {
            let deadline = application.clock.now + hintDelay
            hintTimer = application.timers.schedule(at: deadline) { [unowned self] _ in
                self.hintTimer = nil
                self.speak(hint, language: node.accessibilityLanguage, priority: .notification)
            }
        }
    }

    /// Focuses the next (`by: 1`) or previous (`by: -1`) element in reading order; at either end
    /// the focus stays and nothing is spoken but a click would be (VoiceOver's boundary sound).
    /// An element outside its scroll view's visible part is scrolled into view first, and at the
    /// last visible element of a scroll view that has more content (a table's rows not made yet)
    /// the scroll view moves on by that element's height, so the next one exists
    /// (`ScreenReader+ScrollIntoView`).
    /// - Complexity: O(v + e log e).
    public func moveFocus(by step: Int) {
        var all = elements
        guard !all.isEmpty else { return }
        if revealMoreContent(beyond: focusedElement, step: step, in: all) { all = elements }
        let index = focusedElement.flatMap { focused in all.firstIndex { $0 === focused } }
        let target: Int
        if let index {
            target = index + step
        } else {
            target = step >= 0 ? 0 : all.count - 1
        }
        guard all.indices.contains(target) else { return }
        scrollIntoView(all[target])
        focus(all[target])
    }

    /// Activates the focused element: `accessibilityActivate()` first; when it returns false, a
    /// tap at its activation point through the normal routing (as UIKit's VoiceOver). Speaks the
    /// element again afterwards, since its value or state may have changed.
    /// Announcements the app posts while acting (a "Solved" after the winning tap) are spoken
    /// after the element's new state, so that interrupting utterance does not drop them.
    public func activateFocused() {
        guard let node = focusedElement else { return }
        if let index = selectedCustomActionIndex, case let actions = customActions(of: node), actions.indices.contains(index) {
            performCustomAction(actions[index], of: node)
            return
        }
        isActivating = true
        if !node.accessibilityActivate() { tap(atScreenPoint: node.accessibilityActivationPoint) }
        isActivating = false
        if !node.accessibilityTraits.contains(.startsMediaSession), stillShown(node) {
            speak(node.spokenDescription, language: node.accessibilityLanguage, priority: .interrupt)
        }
        let held = announcementsDuringActivation
        announcementsDuringActivation.removeAll()
        for text in held { speak(text, priority: .announcement) }
        updateFocusRing()
    }

    /// Swipe up or down on an adjustable element: changes its value and speaks the new one. On an
    /// element with custom actions it chooses the previous or next action instead
    /// (`ScreenReader+CustomActions`).
    func adjustFocused(up: Bool) {
        guard let node = focusedElement else { return }
        guard node.accessibilityTraits.contains(.adjustable) else {
            chooseCustomAction(forward: !up)
            return
        }
        if up { node.accessibilityIncrement() } else { node.accessibilityDecrement() }
        let defaults = node as? AccessibilityDefaults
        if let value = node.accessibilityValue {
            speak(defaults?.spokenAccessibilityValue(value) ?? value, language: node.accessibilityLanguage, priority: .interrupt)
        }
    }

    /// Two-finger tap: pauses speech, or resumes it when paused.
    func togglePause() {
        guard let synthesizer else { return }
        if synthesizer.isPaused { synthesizer.continueSpeaking() } else { synthesizer.pauseSpeaking() }
    }

    /// Two-finger swipe up (from the top) or down (from the focus): reads every element in turn,
    /// queued, leaving the focus on the last.
    func readAll(fromTop: Bool) {
        let all = elements
        var start = 0
        if !fromTop, let focused = focusedElement, let index = all.firstIndex(where: { $0 === focused }) { start = index }
        guard start < all.count else { return }
        synthesizer?.stopSpeaking()
        for node in all[start...] {
            speak(node.spokenDescription, language: node.accessibilityLanguage, priority: .announcement)
        }
        focusedElement = all.last
        updateFocusRing()
    }

    /// Three-finger swipe: the focused element's nearest container that scrolls (a scroll view
    /// pages and posts `.pageScrolled`, which speaks "page 2 of 5").
    func scroll(_ direction: AccessibilityScrollDirection) {
        var view: View? = focusedView ?? application.keyWindow
        while let current = view {
            if current.accessibilityScroll(direction) { return }
            view = current.superview
        }
        if let window = application.keyWindow {
            for node in AccessibilityReadingOrder.elements(in: window) {
                if let scrollView = (node as? View)?.enclosingScrollView, scrollView.accessibilityScroll(direction) { return }
            }
        }
    }

    // MARK: Notifications

    /// Handles a posted notification (while running; announcements are dropped while off).
    func receive(_ notification: AccessibilityNotification, argument: Any?) {
        guard isRunning else { return }
        switch notification {
        case .screenChanged:
            focus((argument as? AccessibilityNode) ?? elements.first)
        case .layoutChanged:
            if let node = argument as? AccessibilityNode {
                focus(node)
            } else if let focused = focusedElement, stillShown(focused) {
                updateFocusRing()
            } else {
                focus(elements.first)
            }
        case .announcement, .pageScrolled:
            guard let text = argument as? String else { return }
            if isActivating { announcementsDuringActivation.append(text) } else { speak(text, priority: .announcement) }
        default:
            break
        }
    }

    // MARK: Speech

    /// Speaks `text` through the synthesizer in the element's or the app's language.
    func speak(_ text: String, language: String? = nil, priority: SpeechPriority) {
        spokenHistory.append(text)
        if spokenHistory.count > 256 { spokenHistory.removeFirst(spokenHistory.count - 256) }
        synthesizer?.speak(SpeechUtterance(text, language: language ?? self.language, priority: priority))
    }

    /// Speaks an announcement that must be heard (a time limit's warning), on screen or not.
    public func announce(_ text: String, priority: SpeechPriority = .announcement) {
        speak(text, priority: priority)
    }

    // MARK: Helpers

    var focusedView: View? {
        if let view = focusedElement as? View { return view }
        return (focusedElement as? AccessibilityElement)?.containerView
    }

    func stillShown(_ node: AccessibilityNode) -> Bool { elements.contains { $0 === node } }

    /// Taps `point` (screen coordinates) through `Application.handle`, as a finger would, on the
    /// reader's own device so it never mixes with the fingers the reader holds.
    func tap(atScreenPoint point: Point) {
        guard let window = application.frontWindow(atScreenPoint: point) else { return }
        let origin = window.convertToSuperview(.zero)
        let location = Point(x: point.x - origin.x, y: point.y - origin.y)
        let time = application.clock.now
        gestures.isSynthesizing = true
        defer { gestures.isSynthesizing = false }
        let device = ScreenReaderGestures.syntheticDevice
        application.handle(InputEvent(.touchDown(slot: 0, location: location, majorRadius: nil), timestamp: time, device: device, window: window))
        application.handle(InputEvent(.touchFrame, timestamp: time, device: device, window: window))
        application.handle(InputEvent(.touchUp(slot: 0), timestamp: time, device: device, window: window))
        application.handle(InputEvent(.touchFrame, timestamp: time, device: device, window: window))
    }
}

extension View {
    /// The nearest scroll view this view is in.
    var enclosingScrollView: ScrollView? {
        var view = superview
        while let current = view {
            if let scrollView = current as? ScrollView { return scrollView }
            view = current.superview
        }
        return nil
    }
}

extension Application {
    /// The front-most shown window whose frame holds `point` (screen coordinates).
    func frontWindow(atScreenPoint point: Point) -> Window? {
        for scene in connectedScenes {
            for window in scene.stackedWindows.reversed() where window.frame.contains(point) { return window }
        }
        return keyWindow
    }
}
