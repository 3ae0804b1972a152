import CWayland
import CXdgShell
import ResponderKit

/// A seat's `zwp_text_input_v3` (text-input-unstable-v3): the compositor's input method edits
/// the app's focused text field, and learns where it is.
///
/// Compositor → app (translation only): `preedit_string`, `commit_string` and
/// `delete_surrounding_text` are collected and, at `done`, become one `InputEvent` of kind
/// `.textInput(TextInputChange)` for the entered window (byte offsets of the preedit cursor become
/// character offsets; `cursor_begin` = -1 puts the caret at the preedit's end). `enter` and `leave`
/// mark whether an input method serves our surface: sway (and wlroots' relay) sends `enter` only
/// while an input method is connected, so that is what `Application.systemInputMethodAvailable`
/// follows.
///
/// App → compositor: `WaylandDisplay` calls `sync()` once per frame when the core said the text
/// input may have changed (`Application.addTextInputObserver`). With a focused `TextInput` in the
/// entered window it enables text input (`zwp_text_input_v3_enable`) and sends the state that
/// changed — `set_surrounding_text` (UTF-8, at most 4000 bytes around the selection, cursor and
/// anchor in bytes), `set_text_change_cause`, `set_content_type`, `set_cursor_rectangle` (surface
/// coordinates) — then `commit`; without one it sends `disable` and `commit`.
@MainActor
final class WaylandTextInput {
    unowned let display: WaylandDisplay
    unowned let seat: WaylandSeat
    private(set) var proxy: OpaquePointer?
    /// The window the compositor entered (keyboard focus with an input method behind it).
    private(set) weak var focus: WaylandWindow?
    /// Enabled and not disabled since (the compositor's view after our last commit).
    private(set) var isEnabled = false
    /// `zwp_text_input_v3_commit` requests sent (what `done`'s serial counts).
    private(set) var commitCount: UInt32 = 0
    /// What the last commit told the compositor (nil: nothing since enable).
    private var sent: TextInputState?
    /// The last change came from the input method (`set_text_change_cause`).
    private var changedByInputMethod = false
    /// The events since the last `done`.
    private var pendingPreedit: (text: String, begin: Int32, end: Int32)?
    private var pendingCommit: String?
    private var pendingDelete: (before: UInt32, after: UInt32) = (0, 0)

    /// The id the text input's events carry (not announced with `deviceAdded`: an input method is
    /// not a hardware keyboard, and the built-in keyboard must not think one is attached).
    let device: InputDeviceID

    /// The longest surrounding text text-input-v3 allows, in bytes.
    static let maximumSurroundingBytes = 4000

    init(display: WaylandDisplay, seat: WaylandSeat, manager: OpaquePointer) {
        self.display = display
        self.seat = seat
        device = display.makeDeviceID()
        proxy = zwp_text_input_manager_v3_get_text_input(manager, seat.proxy)
        if let proxy { zwp_text_input_v3_add_listener(proxy, textInputListener.pointer, Unmanaged.passUnretained(self).toOpaque()) }
    }

    /// Whether an input method serves one of our windows now.
    var isEntered: Bool { focus.map { !$0.isClosed } ?? false }

    /// `zwp_text_input_v3_destroy` (the seat or the manager went away, or the app ignores the
    /// compositor's input method).
    func destroy() {
        if let proxy { zwp_text_input_v3_destroy(proxy) }
        proxy = nil
        focus = nil
        isEnabled = false
        sent = nil
    }

    /// A window closed: forget it if it was entered.
    func forget(_ window: WaylandWindow) {
        guard focus === window else { return }
        focus = nil
        isEnabled = false
        sent = nil
    }

    /// Brings the compositor up to date with the entered window's focused text input: enable
    /// and the full state, the parts that changed, or disable. One commit when anything was sent.
    func sync() {
        guard let proxy else { return }
        guard let window = focus, !window.isClosed else { return }
        let state = display.usesSystemInputMethod ? window.window.flatMap { display.application.textInputState(in: $0) } : nil
        guard let state else {
            guard isEnabled else { return }
            zwp_text_input_v3_disable(proxy)
            isEnabled = false
            sent = nil
            commit()
            return
        }
        if !isEnabled {
            zwp_text_input_v3_enable(proxy)
            isEnabled = true
            sent = nil
        }
        guard state != sent else { return }
        if sent?.surroundingText != state.surroundingText || sent?.selectedRange != state.selectedRange {
            let (text, cursor, anchor) = Self.surrounding(state)
            zwp_text_input_v3_set_surrounding_text(proxy, text, cursor, anchor)
            let cause = changedByInputMethod ? ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_INPUT_METHOD : ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_OTHER
            zwp_text_input_v3_set_text_change_cause(proxy, cause.rawValue)
        }
        if sent?.contentType != state.contentType {
            zwp_text_input_v3_set_content_type(proxy, Self.hints(state.contentType.hints), Self.purpose(state.contentType.purpose))
        }
        if sent?.caretRect != state.caretRect {
            let r = state.caretRect
            zwp_text_input_v3_set_cursor_rectangle(
                proxy, Int32(clamping: Int(r.minX.rounded(.down))), Int32(clamping: Int(r.minY.rounded(.down))),
                Int32(clamping: Int(r.width.rounded(.up))), Int32(clamping: Int(r.height.rounded(.up))))
        }
        changedByInputMethod = false
        sent = state
        commit()
    }

    private func commit() {
        guard let proxy else { return }
        zwp_text_input_v3_commit(proxy)
        commitCount &+= 1
    }

    // MARK: Events

    fileprivate func entered(_ surface: OpaquePointer?) {
        focus = display.window(for: surface)
        isEnabled = false  // "enter": the client enables again to start a session
        sent = nil
        display.textInputFocusChanged()
    }

    fileprivate func left(_ surface: OpaquePointer?) {
        focus = nil
        isEnabled = false
        sent = nil
        clearPending()
        display.textInputFocusChanged()
    }

    fileprivate func preedit(_ text: String, begin: Int32, end: Int32) { pendingPreedit = (text, begin, end) }
    fileprivate func commitString(_ text: String) { pendingCommit = text }
    fileprivate func deleteSurrounding(before: UInt32, after: UInt32) { pendingDelete = (before, after) }

    /// `done`: the collected events become one change, applied whatever the serial (the
    /// protocol asks clients to apply stale ones too).
    fileprivate func done(serial: UInt32) {
        let preedit = pendingPreedit.flatMap { p -> MarkedText? in
            guard !p.text.isEmpty else { return nil }
            guard p.begin >= 0, p.end >= 0 else { return MarkedText(p.text) }
            let begin = Self.characterOffset(ofByte: Int(p.begin), in: p.text)
            let end = Self.characterOffset(ofByte: Int(p.end), in: p.text)
            return MarkedText(p.text, selectedRange: min(begin, end)..<max(begin, end))
        }
        let change = TextInputChange(
            commit: pendingCommit, preedit: preedit,
            deleteBefore: Int(pendingDelete.before), deleteAfter: Int(pendingDelete.after))
        clearPending()
        guard display.usesSystemInputMethod, let window = focus, !window.isClosed else { return }
        changedByInputMethod = true
        display.deliver(InputEvent(.textInput(change), timestamp: display.application.clock.now, device: device, window: window.window))
    }

    private func clearPending() {
        pendingPreedit = nil
        pendingCommit = nil
        pendingDelete = (0, 0)
    }

    // MARK: Translation helpers

    /// The character boundary at or after `byte` UTF-8 bytes into `text`.
    static func characterOffset(ofByte byte: Int, in text: String) -> Int {
        var bytes = 0, characters = 0
        for c in text {
            if bytes >= byte { break }
            bytes += c.utf8.count
            characters += 1
        }
        return characters
    }

    /// The surrounding text to send: the whole text when it fits in 4000 bytes, else whole
    /// characters around the selection that do; cursor (the selection's end) and anchor (its
    /// start) as byte offsets into it.
    static func surrounding(_ state: TextInputState) -> (String, Int32, Int32) {
        let characters = Array(state.surroundingText)
        let lowerIndex = min(state.selectedRange.lowerBound, characters.count)
        let upperIndex = min(state.selectedRange.upperBound, characters.count)
        var lower = lowerIndex, upper = upperIndex
        var bytes = characters[lower..<upper].reduce(0) { $0 + $1.utf8.count }
        if bytes > maximumSurroundingBytes { lower = upperIndex; bytes = 0 }  // too long a selection: the caret only
        var grew = true
        while grew {
            grew = false
            if lower > 0, bytes + characters[lower - 1].utf8.count <= maximumSurroundingBytes {
                lower -= 1; bytes += characters[lower].utf8.count; grew = true
            }
            if upper < characters.count, bytes + characters[upper].utf8.count <= maximumSurroundingBytes {
                bytes += characters[upper].utf8.count; upper += 1; grew = true
            }
        }
        let anchorBytes = characters[lower..<max(lower, lowerIndex)].reduce(0) { $0 + $1.utf8.count }
        let cursorBytes = characters[lower..<upperIndex].reduce(0) { $0 + $1.utf8.count }
        return (String(characters[lower..<upper]), Int32(cursorBytes), Int32(lowerIndex < lower ? cursorBytes : anchorBytes))
    }

    static func purpose(_ purpose: TextInputPurpose) -> UInt32 {
        let value: zwp_text_input_v3_content_purpose
        switch purpose {
        case .normal: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL
        case .alpha: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_ALPHA
        case .digits: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_DIGITS
        case .number: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NUMBER
        case .phone: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_PHONE
        case .url: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_URL
        case .email: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_EMAIL
        case .name: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NAME
        case .password: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_PASSWORD
        case .pin: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_PIN
        case .date: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_DATE
        case .time: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_TIME
        case .dateTime: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_DATETIME
        case .terminal: value = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_TERMINAL
        }
        return value.rawValue
    }

    /// The core's hint bits are text-input-v3's `content_hint` bits, one for one.
    static func hints(_ hints: TextInputHints) -> UInt32 { hints.rawValue & 0x3FF }
}

private func textInput(_ data: UnsafeMutableRawPointer?) -> WaylandTextInput? {
    data.map { Unmanaged<WaylandTextInput>.fromOpaque($0).takeUnretainedValue() }
}

private let textInputListener = ListenerTable(
    zwp_text_input_v3_listener(
        enter: { data, _, surface in
            guard let t = textInput(data) else { return }
            nonisolated(unsafe) let surface = surface
            MainActor.assumeIsolated { t.entered(surface) }
        },
        leave: { data, _, surface in
            guard let t = textInput(data) else { return }
            nonisolated(unsafe) let surface = surface
            MainActor.assumeIsolated { t.left(surface) }
        },
        preedit_string: { data, _, text, begin, end in
            guard let t = textInput(data) else { return }
            let string = text.map { String(cString: $0) } ?? ""
            MainActor.assumeIsolated { t.preedit(string, begin: begin, end: end) }
        },
        commit_string: { data, _, text in
            guard let t = textInput(data) else { return }
            let string = text.map { String(cString: $0) } ?? ""
            MainActor.assumeIsolated { t.commitString(string) }
        },
        delete_surrounding_text: { data, _, before, after in
            guard let t = textInput(data) else { return }
            MainActor.assumeIsolated { t.deleteSurrounding(before: before, after: after) }
        },
        done: { data, _, serial in
            guard let t = textInput(data) else { return }
            MainActor.assumeIsolated { t.done(serial: serial) }
        }))
