import CWayland
import Keymap
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// A `wl_keyboard` → `key`/`modifiers`/`keyboardLeave` through the Keymap module: the
/// compositor's keymap fd becomes a `Keymap` (an unusable one is reported and the previous kept),
/// `repeat_info` drives `KeyRepeater` (the client repeats, not the compositor). Keys already held
/// at `enter` update the key state silently, and so do their releases (the app never saw them go
/// down); `leave` delivers `keyboardLeave` (every held key cancelled) and forgets all state. Key
/// codes are taken as they come: keymaps with unusual keycodes (wtype) work as far as the keymap
/// defines them.
@MainActor
final class WaylandKeyboard {
    unowned let seat: WaylandSeat
    let proxy: OpaquePointer
    let id: InputDeviceID
    private(set) var input: KeyboardInput?
    private weak var focus: WaylandWindow?
    private var silentlyHeld: Set<UInt32> = []
    private var repeatRate = 25.0, repeatDelay = 0.6

    init(seat: WaylandSeat, proxy: OpaquePointer, id: InputDeviceID) {
        self.seat = seat
        self.proxy = proxy
        self.id = id
        wl_keyboard_add_listener(proxy, keyboardListener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Leaves, then `wl_keyboard_release` (version 3) or `wl_keyboard_destroy`.
    func release() {
        end()
        input?.repeater.stop()
        if seat.version >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
    }

    func end() { leave() }

    func forget(_ window: WaylandWindow) {
        if focus === window { leave() }
    }

    private var now: Double { seat.display.application.clock.now }

    /// `wl_keyboard.keymap`: compiles the shared keymap (`Keymap(fileDescriptor:size:)`) and
    /// closes the fd.
    fileprivate func keymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else { return }
        do {
            let keymap = try Keymap(fileDescriptor: fd, size: Int(size))
            input?.repeater.stop()
            input = KeyboardInput(
                keymap: keymap, application: seat.display.application,
                repeatDelay: repeatDelay, repeatRate: repeatRate)
            silentlyHeld.removeAll()
            // The built-in on-screen keyboard shows the compositor's layout: its labels, and the
            // keys it sends are the ones this keymap makes of them.
            seat.display.application.onScreenKeyboard.layout = keymap.keyboardLayout()
        } catch {
            printError("wayland: ignoring the compositor's keymap (\(error))")
        }
    }

    fileprivate func enter(surface: OpaquePointer?, keys: [UInt32]) {
        guard let window = seat.display.window(for: surface) else { return }
        if focus != nil { leave() }
        focus = window
        guard let state = input?.state(for: id) else { return }
        for key in keys where !silentlyHeld.contains(key) {
            _ = state.update(keyCode: Int(key), pressed: true)
            silentlyHeld.insert(key)
        }
    }

    fileprivate func leave() {
        guard let focus else { return }  // a repeated leave
        self.focus = nil
        silentlyHeld.removeAll()
        input?.remove(device: id)  // stops repeat, drops key state
        seat.display.deliver(InputEvent(.keyboardLeave, timestamp: now, device: id, window: focus.window))
    }

    fileprivate func key(time: UInt32, key: UInt32, pressed: Bool) {
        guard let focus, let input else { return }
        if !pressed, silentlyHeld.remove(key) != nil {
            _ = input.state(for: id)?.update(keyCode: Int(key), pressed: false)
            return
        }
        if pressed { silentlyHeld.remove(key) }
        let time = WaylandTime.seconds(time, now: now)
        if let event = input.translate(keyCode: Int(key), pressed: pressed, timestamp: time, device: id, window: focus.window) {
            seat.display.deliver(event)
        }
    }

    fileprivate func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let input, let state = input.state(for: id) else { return }
        state.updateMask(depressed: depressed, latched: latched, locked: locked, group: group)
        guard let focus else { return }
        seat.display.deliver(InputEvent(.modifiers(state.modifierFlags), timestamp: now, device: id, window: focus.window))
    }

    /// `wl_keyboard.repeat_info`: `rate` keys per second (0: no repeat) after `delay` ms.
    fileprivate func repeatInfo(rate: Int32, delay: Int32) {
        repeatRate = Double(max(0, rate))
        repeatDelay = Double(max(0, delay)) / 1000
        input?.repeater.rate = repeatRate
        input?.repeater.delay = repeatDelay
    }
}

private func keyboard(_ data: UnsafeMutableRawPointer?) -> WaylandKeyboard? {
    data.map { Unmanaged<WaylandKeyboard>.fromOpaque($0).takeUnretainedValue() }
}

private let keyboardListener = ListenerTable(
    wl_keyboard_listener(
        keymap: { data, _, format, fd, size in
            guard let k = keyboard(data) else { close(fd); return }
            MainActor.assumeIsolated { k.keymap(format: format, fd: fd, size: size) }
        },
        enter: { data, _, _, surface, keys in
            guard let k = keyboard(data) else { return }
            var codes: [UInt32] = []
            if let keys, let base = keys.pointee.data {
                let count = keys.pointee.size / MemoryLayout<UInt32>.size
                codes = Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: count))
            }
            nonisolated(unsafe) let surface = surface
            let held = codes
            MainActor.assumeIsolated { k.enter(surface: surface, keys: held) }
        },
        leave: { data, _, _, _ in
            guard let k = keyboard(data) else { return }
            MainActor.assumeIsolated { k.leave() }
        },
        key: { data, _, _, time, key, state in
            guard let k = keyboard(data) else { return }
            MainActor.assumeIsolated { k.key(time: time, key: key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue) }
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            guard let k = keyboard(data) else { return }
            MainActor.assumeIsolated { k.modifiers(depressed: depressed, latched: latched, locked: locked, group: group) }
        },
        repeat_info: { data, _, rate, delay in
            guard let k = keyboard(data) else { return }
            MainActor.assumeIsolated { k.repeatInfo(rate: rate, delay: delay) }
        }))
