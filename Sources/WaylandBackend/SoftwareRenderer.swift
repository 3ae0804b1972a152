/// Fills a display list's rectangles into ARGB8888 pixels (premultiplied source-over), within a
/// clip rectangle. Plain loops: a full 1280×800 redraw is a few memory passes.
enum SoftwareRenderer {
    /// - Complexity: O(covered pixels of `list` within `clip`).
    static func draw(_ list: DisplayList, into pixels: UnsafeMutablePointer<UInt32>, stride: Int, clip: PixelRect) {
        let bounds = PixelRect(x: 0, y: 0, width: list.width, height: list.height).intersection(clip)
        guard !bounds.isEmpty else { return }
        for item in list.items {
            let r = item.rect.intersection(bounds)
            if r.isEmpty { continue }
            let alpha = item.color >> 24
            if alpha == 255 {
                for y in r.y..<r.maxY {
                    (pixels + y * stride + r.x).update(repeating: item.color, count: r.width)
                }
            } else if alpha > 0 {
                for y in r.y..<r.maxY {
                    let row = pixels + y * stride
                    for x in r.x..<r.maxX { row[x] = blend(item.color, over: row[x]) }
                }
            }
        }
    }

    /// Premultiplied source-over: dst = src + dst × (1 − αsrc), per 8-bit channel.
    @inline(__always)
    static func blend(_ src: UInt32, over dst: UInt32) -> UInt32 {
        let inverse = 255 - (src >> 24)
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            let s = (src >> shift) & 0xFF, d = (dst >> shift) & 0xFF
            out |= min(255, s + (d * inverse + 127) / 255) << shift
        }
        return out
    }
}
