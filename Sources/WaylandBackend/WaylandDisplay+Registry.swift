import CWayland
import CXdgShell
import ResponderKit

extension WaylandDisplay {
    /// `wl_registry.global`: binds what the client uses. Seats are bound at the highest version
    /// both the compositor and our libwayland know (`wl_seat_interface.version`, 8 in 1.21), so
    /// pointer frames (5), touch shape (6) and `axis_value120` (8) arrive when offered.
    /// `zwp_pointer_gestures_v1` (up to version 3, holds) gives every seat pointer its touchpad
    /// gestures; `zwp_text_input_manager_v3` every seat a text input; `zwp_idle_inhibit_manager_v1`
    /// lets `Application.isIdleTimerDisabled` keep the outputs on.
    func globalAdded(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor":
            // 4: wl_surface.damage_buffer; 3: set_buffer_scale.
            if let (proxy, v) = bind(name, cwl_compositor_interface(), version: version, maximum: 4) { setCompositor(proxy, version: v) }
        case "wl_shm":
            if let (proxy, _) = bind(name, cwl_shm_interface(), version: version, maximum: 1) { setShm(proxy) }
        case "xdg_wm_base":
            if let (proxy, _) = bind(
                name, cxdg_wm_base_interface(), version: version,
                maximum: UInt32(cxdg_wm_base_interface().pointee.version))
            {
                setWmBase(proxy)
                xdg_wm_base_add_listener(proxy, wmBaseListener.pointer, Unmanaged.passUnretained(self).toOpaque())
            }
        case "wl_seat":
            if let (proxy, v) = bind(
                name, cwl_seat_interface(), version: version,
                maximum: UInt32(cwl_seat_interface().pointee.version))
            {
                seats[name] = WaylandSeat(display: self, proxy: proxy, version: v)
                updateTextInputs()
            }
        case "zwp_text_input_manager_v3":
            if let (proxy, _) = bind(name, czwp_text_input_manager_v3_interface(), version: version, maximum: 1) {
                setTextInputManager(proxy, name: name)
            }
        case "zwp_idle_inhibit_manager_v1":
            if let (proxy, _) = bind(name, czwp_idle_inhibit_manager_v1_interface(), version: version, maximum: 1) {
                setIdleInhibitManager(proxy, name: name)
            }
        case "zwp_pointer_gestures_v1":
            // 3: hold gestures (libwayland's glue knows 3; the compositor may offer less).
            if let (proxy, v) = bind(
                name, czwp_pointer_gestures_v1_interface(), version: version,
                maximum: min(3, UInt32(czwp_pointer_gestures_v1_interface().pointee.version)))
            {
                setPointerGestures(proxy, version: v, name: name)
            }
        case "wl_output":
            if let (proxy, v) = bind(
                name, cwl_output_interface(), version: version,
                maximum: UInt32(cwl_output_interface().pointee.version))
            {
                outputs[name] = WaylandOutput(display: self, proxy: proxy, version: v)
            }
        default:
            break
        }
    }

    /// `wl_registry.global_remove`: a seat, an output or the pointer gestures went away at runtime.
    func globalRemoved(name: UInt32) {
        if name == pointerGesturesName { setPointerGestures(nil, version: 0, name: nil) }
        if name == textInputManagerName { setTextInputManager(nil, name: nil) }
        if name == idleInhibitManagerName { setIdleInhibitManager(nil, name: nil) }
        if let seat = seats.removeValue(forKey: name) {
            updateTextInputs()  // its text input goes before the seat
            seat.destroy()
        }
        if let output = outputs.removeValue(forKey: name) {
            for window in windows { window.outputRemoved(output) }
            output.destroy()
            outputChanged()
        }
    }
}

let registryListener = ListenerTable(
    wl_registry_listener(
        global: { data, _, name, interface, version in
            guard let data, let interface else { return }
            let display = Unmanaged<WaylandDisplay>.fromOpaque(data).takeUnretainedValue()
            let text = String(cString: interface)
            MainActor.assumeIsolated { display.globalAdded(name: name, interface: text, version: version) }
        },
        global_remove: { data, _, name in
            guard let data else { return }
            let display = Unmanaged<WaylandDisplay>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { display.globalRemoved(name: name) }
        }))

let wmBaseListener = ListenerTable(
    xdg_wm_base_listener(ping: { data, _, serial in
        guard let data else { return }
        let display = Unmanaged<WaylandDisplay>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { display.ping(serial) }
    }))
