import Rendering

/// The memory the renderer draws the logical (rotated) window into: ARGB32 rows of `4 × width`
/// bytes, cleared to transparent black, 64-byte aligned. The framebuffer gets converted copies.
package final class BackBuffer: @unchecked Sendable {
    package let target: RenderTarget
    private let memory: UnsafeMutableRawPointer

    package init(width: Int, height: Int) {
        let stride = width * 4
        memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, stride * height), alignment: 64)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        target = RenderTarget(base: memory, width: width, height: height, stride: stride, scale: 1)
    }

    deinit { memory.deallocate() }
}
