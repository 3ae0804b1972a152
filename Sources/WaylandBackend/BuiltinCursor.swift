import CWayland

/// A small arrow cursor drawn once into its own `wl_surface` (no cursor theme needed on a
/// kiosk): 12×19 pixels, black outline, white fill, hotspot at the tip.
@MainActor
final class BuiltinCursor {
    let surface: OpaquePointer
    let hotspotX: Int32 = 0, hotspotY: Int32 = 0
    private let buffer: ShmBuffer

    static let shape = [
        "X...........", "XX..........", "X#X.........", "X##X........", "X###X.......", "X####X......",
        "X#####X.....", "X######X....", "X#######X...", "X########X..", "X#########X.", "X######XXXXX",
        "X###X##X....", "X##X.X##X...", "X#X..X##X...", "XX....X##X..", "X.....X##X..", ".......X##X.",
        ".......XXX.."
    ]

    /// `wl_compositor_create_surface`, an shm buffer, `wl_surface_attach` + `damage` + `commit`.
    init(compositor: OpaquePointer, shm: OpaquePointer) throws(WaylandError) {
        let height = Self.shape.count, width = Self.shape[0].count
        buffer = try ShmBuffer(shm: shm, width: width, height: height)
        for (y, row) in Self.shape.enumerated() {
            for (x, c) in row.enumerated() {
                buffer.pixels[y * width + x] = c == "X" ? 0xFF00_0000 : c == "#" ? 0xFFFF_FFFF : 0
            }
        }
        surface = wl_compositor_create_surface(compositor)
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(width), Int32(height))
        wl_surface_commit(surface)
    }

    func destroy() {
        wl_surface_destroy(surface)
        buffer.destroy()
    }
}
