import CWayland
import ResponderKit

/// A `wl_output`: its scale, mode and geometry as the compositor describes them. Windows use the
/// largest scale among the outputs their surface is on (`wl_surface.enter`/`leave`).
@MainActor
final class WaylandOutput {
    unowned let display: WaylandDisplay
    let proxy: OpaquePointer
    let version: UInt32
    private(set) var scale = 1
    /// The current mode in pixels.
    private(set) var pixelSize = Size(width: 0, height: 0)
    /// Physical size in millimetres, make and model (`wl_output.geometry`).
    private(set) var physicalSize = Size(width: 0, height: 0)
    private(set) var make = "", model = ""
    /// The connector name (`wl_output.name`, version 4), e.g. "HEADLESS-1".
    private(set) var name = ""
    private var pendingScale = 1

    init(display: WaylandDisplay, proxy: OpaquePointer, version: UInt32) {
        self.display = display
        self.proxy = proxy
        self.version = version
        wl_output_add_listener(proxy, outputListener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// `wl_output_release` (version 3) or `wl_output_destroy`.
    func destroy() {
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }

    fileprivate func geometry(width: Int32, height: Int32, make: String, model: String) {
        physicalSize = Size(width: Double(width), height: Double(height))
        self.make = make
        self.model = model
        if version < 2 { display.outputChanged() }  // no `done` before version 2
    }
    fileprivate func mode(flags: UInt32, width: Int32, height: Int32) {
        if flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 { pixelSize = Size(width: Double(width), height: Double(height)) }
    }
    fileprivate func setScale(_ factor: Int32) { pendingScale = max(1, min(Int(factor), 16)) }
    fileprivate func setName(_ text: String) { name = text }
    /// `wl_output.done`: the description is complete; windows on it rescale.
    fileprivate func done() {
        scale = pendingScale
        display.outputChanged()
    }
}

private let outputListener = ListenerTable(
    wl_output_listener(
        geometry: { data, _, _, _, width, height, _, make, model, _ in
            guard let data else { return }
            let output = Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue()
            let makeText = make.map { String(cString: $0) } ?? "", modelText = model.map { String(cString: $0) } ?? ""
            MainActor.assumeIsolated { output.geometry(width: width, height: height, make: makeText, model: modelText) }
        },
        mode: { data, _, flags, width, height, _ in
            guard let data else { return }
            let output = Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { output.mode(flags: flags, width: width, height: height) }
        },
        done: { data, _ in
            guard let data else { return }
            let output = Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { output.done() }
        },
        scale: { data, _, factor in
            guard let data else { return }
            let output = Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { output.setScale(factor) }
        },
        name: { data, _, name in
            guard let data, let name else { return }
            let output = Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue()
            let text = String(cString: name)
            MainActor.assumeIsolated { output.setName(text) }
        },
        description: { _, _, _ in }))
