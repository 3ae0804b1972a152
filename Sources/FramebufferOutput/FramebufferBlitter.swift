import Rendering

#if canImport(Glibc)
import Glibc
#endif

/// Converts and copies rectangles of the renderer's back buffer (the logical, rotated window)
/// into one page of framebuffer memory: the rotation's pixel mapping, the pixel format's packing
/// and the page's line length. Shared by `FramebufferOutput` and `fbbench`.
package struct FramebufferBlitter {
    package let source: RenderTarget
    package let transform: PanelTransform
    package let format: FramebufferPixelFormat
    /// Bytes per framebuffer row (`line_length`).
    package let lineLength: Int

    private enum Packing {
        case rows, copy, swapRedBlue(SwapRedBluePacker), rgb565, packed32(ChannelPacker<UInt32>), packed16(ChannelPacker<UInt16>)
    }
    private let packing: Packing

    /// Nil when the source is not the logical size of the panel turned by `transform`, the format
    /// is not one the output writes, or a panel row does not fit in `lineLength`.
    package init?(source: RenderTarget, transform: PanelTransform, format: FramebufferPixelFormat, lineLength: Int) {
        guard source.width == transform.logicalWidth, source.height == transform.logicalHeight,
            source.stride >= 4 * source.width, format.unsupportedReason == nil,
            lineLength >= transform.panelWidth * format.bytesPerPixel, lineLength % format.bytesPerPixel == 0
        else { return nil }
        self.source = source
        self.transform = transform
        self.format = format
        self.lineLength = lineLength
        if format.isRendererLayout {
            packing = transform.rotation == .none ? .rows : .copy
        } else if format == .xbgr8888 || format == .abgr8888 {
            packing = .swapRedBlue(SwapRedBluePacker(keepsAlpha: format == .abgr8888))
        } else if format == .rgb565 {
            packing = .rgb565
        } else if format.bitsPerPixel == 32 {
            packing = .packed32(ChannelPacker(format))
        } else {
            packing = .packed16(ChannelPacker(format))
        }
    }

    /// Copies the logical pixels `rect` (clipped to the window) to the page whose visible top-left
    /// pixel is at `page`.
    /// - Complexity: O(`rect.width` × `rect.height`).
    package func copy(_ rect: PixelRect, to page: UnsafeMutableRawPointer) {
        let logical = rect.intersection(source.bounds)
        guard !logical.isEmpty else { return }
        let panel = transform.panelRect(logical)
        switch packing {
        case .rows: copyRows(panel, to: page)
        case .copy: convert(panel, to: page, with: CopyPacker())
        case .swapRedBlue(let packer): convert(panel, to: page, with: packer)
        case .rgb565: convert(panel, to: page, with: RGB565Packer())
        case .packed32(let packer): convert(panel, to: page, with: packer)
        case .packed16(let packer): convert(panel, to: page, with: packer)
        }
    }

    /// Unrotated and same layout: one `memcpy` per row.
    /// - Complexity: O(area).
    private func copyRows(_ panel: PixelRect, to page: UnsafeMutableRawPointer) {
        for y in panel.y..<panel.maxY {
            memcpy(page + y * lineLength + panel.x * 4, source.base + y * source.stride + panel.x * 4, panel.width * 4)
        }
    }

    /// Walks the panel rectangle row by row (sequential writes, which write-combined framebuffer
    /// memory wants), reading the logical pixel each panel pixel shows: the source address moves
    /// by a fixed step per panel column and per panel row, because the mapping is affine. Rotated
    /// copies go in 32×32 tiles, so the source rows and destination pages a tile touches stay in
    /// the caches and the TLB (about half the time of whole rows for a straight 1280×800 copy).
    /// - Complexity: O(area).
    @inline(__always)
    private func convert<P: PixelPacker>(_ panel: PixelRect, to page: UnsafeMutableRawPointer, with packer: P) {
        let origin = address(panel.x, panel.y)
        let columnStep = address(panel.x + 1, panel.y) - origin
        let rowStep = address(panel.x, panel.y + 1) - origin
        let bytes = MemoryLayout<P.Pixel>.size
        let tile = transform.rotation == .clockwise90 || transform.rotation == .clockwise270 ? 32 : max(panel.width, panel.height)
        var y0 = 0
        while y0 < panel.height {
            let rows = min(tile, panel.height - y0)
            var x0 = 0
            while x0 < panel.width {
                let columns = min(tile, panel.width - x0)
                for row in y0..<y0 + rows {
                    let from = source.base + (origin + row * rowStep + x0 * columnStep)
                    let to = (page + (panel.y + row) * lineLength + (panel.x + x0) * bytes).assumingMemoryBound(to: P.Pixel.self)
                    if columnStep == 4 {
                        // Unrotated: contiguous on both sides, which the compiler vectorizes (a
                        // reversed row, at 180°, it does not).
                        let pixels = from.assumingMemoryBound(to: UInt32.self)
                        for column in 0..<columns { to[column] = packer.pack(pixels[column]) }
                    } else {
                        var at = from
                        for column in 0..<columns {
                            to[column] = packer.pack(at.load(as: UInt32.self))
                            at += columnStep
                        }
                    }
                }
                x0 += columns
            }
            y0 += rows
        }
    }

    /// The byte offset in the source of the logical pixel the panel pixel (`px`, `py`) shows.
    @inline(__always)
    private func address(_ px: Int, _ py: Int) -> Int {
        let p = transform.logical(panelX: px, panelY: py)
        return p.y * source.stride + p.x * 4
    }
}
