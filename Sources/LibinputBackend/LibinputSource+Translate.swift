import CLibinput
import Keymap
import ResponderKit

extension LibinputSource {
    /// The one switch from libinput event kinds to `InputEvent`s. Times are the kernel's event
    /// time (`*_get_time_usec`, CLOCK_MONOTONIC) in seconds; positions are window coordinates.
    /// Tablet and switch events, and the legacy `POINTER_AXIS` (superseded by the three
    /// `POINTER_SCROLL_*` kinds libinput also sends), are not translated.
    /// - Complexity: O(1) per event.
    func translate(_ event: OpaquePointer) {
        let window = configuration.window
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            deviceAdded(libinput_event_get_device(event))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            let id = deviceID(event)
            keyboards.remove(device: id)
            devices[id] = nil
            handles[id] = nil
            deliver(InputEvent(.deviceRemoved(id), timestamp: application.clock.now, device: id, window: window))

        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let touch = libinput_event_get_touch_event(event)
            let slot = Int(max(0, libinput_event_touch_get_slot(touch)))
            let location = configuration.rotation.map(
                u: libinput_event_touch_get_x_transformed(touch, 1),
                v: libinput_event_touch_get_y_transformed(touch, 1),
                into: configuration.outputSize)
            let kind: InputEvent.Kind =
                type == LIBINPUT_EVENT_TOUCH_DOWN
                ? .touchDown(slot: slot, location: location, majorRadius: nil)
                : .touchMotion(slot: slot, location: location, majorRadius: nil)
            deliver(InputEvent(kind, timestamp: seconds(libinput_event_touch_get_time_usec(touch)), device: deviceID(event), window: window))
        case LIBINPUT_EVENT_TOUCH_UP:
            let touch = libinput_event_get_touch_event(event)
            deliver(
                InputEvent(
                    .touchUp(slot: Int(max(0, libinput_event_touch_get_slot(touch)))),
                    timestamp: seconds(libinput_event_touch_get_time_usec(touch)), device: deviceID(event), window: window))
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            let touch = libinput_event_get_touch_event(event)
            let slot = libinput_event_touch_get_slot(touch)
            deliver(
                InputEvent(
                    .touchCancel(slot: slot < 0 ? nil : Int(slot)),
                    timestamp: seconds(libinput_event_touch_get_time_usec(touch)), device: deviceID(event), window: window))
        case LIBINPUT_EVENT_TOUCH_FRAME:
            let touch = libinput_event_get_touch_event(event)
            deliver(InputEvent(.touchFrame, timestamp: seconds(libinput_event_touch_get_time_usec(touch)), device: deviceID(event), window: window))

        case LIBINPUT_EVENT_POINTER_MOTION:
            let pointer = libinput_event_get_pointer_event(event)
            let location = cursor.move(dx: libinput_event_pointer_get_dx(pointer), dy: libinput_event_pointer_get_dy(pointer))
            deliver(
                InputEvent(
                    .pointerMotion(location: location), timestamp: seconds(libinput_event_pointer_get_time_usec(pointer)),
                    device: deviceID(event), window: window))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pointer = libinput_event_get_pointer_event(event)
            let mapped = configuration.rotation.map(
                u: libinput_event_pointer_get_absolute_x_transformed(pointer, 1),
                v: libinput_event_pointer_get_absolute_y_transformed(pointer, 1),
                into: configuration.outputSize)
            let location = cursor.set(mapped)
            deliver(
                InputEvent(
                    .pointerMotion(location: location), timestamp: seconds(libinput_event_pointer_get_time_usec(pointer)),
                    device: deviceID(event), window: window))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pointer = libinput_event_get_pointer_event(event)
            let pressed = libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED
            deliver(
                InputEvent(
                    .pointerButton(button: Int(libinput_event_pointer_get_button(pointer)), pressed: pressed),
                    timestamp: seconds(libinput_event_pointer_get_time_usec(pointer)), device: deviceID(event), window: window))
        case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER, LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            let pointer = libinput_event_get_pointer_event(event)
            let source: ScrollInfo.Source =
                type == LIBINPUT_EVENT_POINTER_SCROLL_WHEEL
                ? .wheel
                : type == LIBINPUT_EVENT_POINTER_SCROLL_FINGER ? .finger : .continuous
            var info = ScrollInfo(dx: 0, dy: 0, source: source, locationInWindow: cursor.location)
            if libinput_event_pointer_has_axis(pointer, LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL) != 0 {
                info.dy = libinput_event_pointer_get_scroll_value(pointer, LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL)
                if source == .wheel {
                    info.value120Y = Int(libinput_event_pointer_get_scroll_value_v120(pointer, LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL))
                }
            }
            if libinput_event_pointer_has_axis(pointer, LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL) != 0 {
                info.dx = libinput_event_pointer_get_scroll_value(pointer, LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL)
                if source == .wheel {
                    info.value120X = Int(libinput_event_pointer_get_scroll_value_v120(pointer, LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL))
                }
            }
            deliver(
                InputEvent(
                    .scroll(info), timestamp: seconds(libinput_event_pointer_get_time_usec(pointer)),
                    device: deviceID(event), window: window))

        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let keyboard = libinput_event_get_keyboard_event(event)
            let id = deviceID(event)
            let pressed = libinput_event_keyboard_get_key_state(keyboard) == LIBINPUT_KEY_STATE_PRESSED
            let before = keyboards.leds(for: id)
            if let translated = keyboards.translate(
                keyCode: Int(libinput_event_keyboard_get_key(keyboard)), pressed: pressed,
                timestamp: seconds(libinput_event_keyboard_get_time_usec(keyboard)),
                device: id, window: window)
            {
                deliver(translated)
            }
            let after = keyboards.leds(for: id)
            if after != before, let handle = handles[id] { libinput_device_led_update(handle, Self.libinputLEDs(after)) }

        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN, LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE, LIBINPUT_EVENT_GESTURE_SWIPE_END,
            LIBINPUT_EVENT_GESTURE_PINCH_BEGIN, LIBINPUT_EVENT_GESTURE_PINCH_UPDATE, LIBINPUT_EVENT_GESTURE_PINCH_END,
            LIBINPUT_EVENT_GESTURE_HOLD_BEGIN, LIBINPUT_EVENT_GESTURE_HOLD_END:
            let gesture = libinput_event_get_gesture_event(event)
            deliver(
                InputEvent(
                    .touchpadGesture(Self.gesture(type, gesture)),
                    timestamp: seconds(libinput_event_gesture_get_time_usec(gesture)), device: deviceID(event), window: window))
        default:
            break
        }
    }

    private func deviceAdded(_ device: OpaquePointer) {
        let id = register(device)
        var capabilities: InputDevice.Capabilities = []
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 { capabilities.insert(.touch) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0 { capabilities.insert(.pointer) }
        // libinput gives the keyboard capability to power and sleep buttons and ACPI "Video Bus"
        // devices too, which nearly every panel PC has; only a device with letter keys
        // (`libinput_device_keyboard_has_key(KEY_A)`) is a keyboard someone can type on — the one
        // the on-screen keyboard steps aside for.
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0,
            libinput_device_keyboard_has_key(device, 30) == 1
        {
            capabilities.insert(.keyboard)
        }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_GESTURE) != 0 { capabilities.insert(.touchpadGestures) }
        if let matrix = configuration.calibration, libinput_device_config_calibration_has_matrix(device) != 0 {
            var values = matrix.values
            _ = libinput_device_config_calibration_set_matrix(device, &values)
        }
        let info = InputDevice(id: id, name: String(cString: libinput_device_get_name(device)), capabilities: capabilities)
        devices[id] = info
        deliver(InputEvent(.deviceAdded(info), timestamp: application.clock.now, device: id, window: configuration.window))
    }

    private static func gesture(_ type: libinput_event_type, _ gesture: OpaquePointer?) -> TouchpadGesture {
        let kind: TouchpadGesture.Kind
        let phase: TouchpadGesture.Phase
        switch type {
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: (kind, phase) = (.swipe, .began)
        case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: (kind, phase) = (.swipe, .changed)
        case LIBINPUT_EVENT_GESTURE_SWIPE_END: (kind, phase) = (.swipe, .ended)
        case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: (kind, phase) = (.pinch, .began)
        case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE: (kind, phase) = (.pinch, .changed)
        case LIBINPUT_EVENT_GESTURE_PINCH_END: (kind, phase) = (.pinch, .ended)
        case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: (kind, phase) = (.hold, .began)
        default: (kind, phase) = (.hold, .ended)
        }
        let cancelled = phase == .ended && libinput_event_gesture_get_cancelled(gesture) != 0
        let moves = phase == .changed && kind != .hold
        return TouchpadGesture(
            kind: kind, phase: cancelled ? .cancelled : phase,
            fingers: Int(libinput_event_gesture_get_finger_count(gesture)),
            dx: moves ? libinput_event_gesture_get_dx(gesture) : 0,
            dy: moves ? libinput_event_gesture_get_dy(gesture) : 0,
            scale: kind == .pinch && phase != .began ? libinput_event_gesture_get_scale(gesture) : 1,
            rotation: kind == .pinch && phase == .changed ? libinput_event_gesture_get_angle_delta(gesture) : 0)
    }

    private static func libinputLEDs(_ leds: KeyboardLEDs) -> libinput_led {
        var raw: UInt32 = 0
        if leds.contains(.numLock) { raw |= LIBINPUT_LED_NUM_LOCK.rawValue }
        if leds.contains(.capsLock) { raw |= LIBINPUT_LED_CAPS_LOCK.rawValue }
        if leds.contains(.scrollLock) { raw |= LIBINPUT_LED_SCROLL_LOCK.rawValue }
        return libinput_led(rawValue: raw)
    }

    @inline(__always)
    private func seconds(_ usec: UInt64) -> Double { Double(usec) / 1_000_000 }
}
