// fbbench: what the framebuffer output's endFrame costs — converting and copying the damage from
// the renderer's ARGB32 back buffer into framebuffer memory — for a 1280×800 panel: a full frame
// and one 300×200 tile, per pixel format and rotation. Prints the median (and p90) time per copy.
//   fbbench [samples]      (default 41 samples; each tile sample times a batch of 10 copies)
// The destination is ordinary memory: a real framebuffer is usually write-combined (writes
// stream in bursts, similar speed) or uncached (much slower); the figures are the CPU's share.
import FramebufferOutput
import Rendering
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

@inline(__always) func nowNs() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
}

/// The `q` quantile of `values` (nearest rank).
func quantile(_ values: [Double], _ q: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((q * Double(sorted.count - 1)).rounded())))]
}

func milliseconds(_ value: Double) -> String {
    let text = String((value * 1000).rounded() / 1000)
    return String(repeating: " ", count: max(0, 7 - text.count)) + text
}

// One optional argument, a number of samples: anything else ("--frob", "abc") is an error.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count <= 1, let requestedSamples = arguments.isEmpty ? 41 : Int(arguments[0]), requestedSamples >= 1,
    requestedSamples <= 100_000
else {
    print("usage: fbbench [SAMPLES 1…100000]   (default 41; fewer than 5 are raised to 5)")
    exit(64)
}
let samples = max(5, requestedSamples)
let panelWidth = 1280, panelHeight = 800
let formats: [FramebufferPixelFormat] = [.xrgb8888, .xbgr8888, .rgb565]

// One back buffer per orientation (logical size), filled with varied opaque pixels.
func makeSource(width: Int, height: Int) -> RenderTarget {
    let stride = width * 4
    let base = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64)
    var state: UInt32 = 0x1234_5678
    for i in 0..<(width * height) {
        state = state &* 1_664_525 &+ 1_013_904_223
        base.storeBytes(of: 0xFF00_0000 | (state >> 8), toByteOffset: i * 4, as: UInt32.self)
    }
    return RenderTarget(base: base, width: width, height: height, stride: stride, scale: 1)
}
let landscape = makeSource(width: panelWidth, height: panelHeight)
let portrait = makeSource(width: panelHeight, height: panelWidth)

print("fbbench: \(panelWidth)×\(panelHeight) panel, \(samples) samples, median (p90) ms per copy")
print("format    rotation   full frame          300×200 tile")
for format in formats {
    let lineLength = panelWidth * format.bytesPerPixel
    let page = UnsafeMutableRawPointer.allocate(byteCount: lineLength * panelHeight, alignment: 64)
    page.initializeMemory(as: UInt8.self, repeating: 0, count: lineLength * panelHeight)
    defer { page.deallocate() }
    for rotation in DisplayRotation.allCases {
        let transform = PanelTransform(rotation: rotation, panelWidth: panelWidth, panelHeight: panelHeight)
        let source = transform.logicalWidth == panelWidth ? landscape : portrait
        guard let blitter = FramebufferBlitter(source: source, transform: transform, format: format, lineLength: lineLength) else {
            print("fbbench: cannot set up \(format) at \(rotation.rawValue)°")
            exit(1)
        }
        let full = source.bounds
        let tile = PixelRect(x: 400, y: 300, width: 300, height: 200)
        var results: [String] = []
        for (rect, batch) in [(full, 1), (tile, 10)] {
            blitter.copy(rect, to: page)  // warm-up: page faults, caches
            var times: [Double] = []
            for _ in 0..<samples {
                let start = nowNs()
                for _ in 0..<batch { blitter.copy(rect, to: page) }
                times.append(Double(nowNs() - start) / 1e6 / Double(batch))
            }
            results.append("\(milliseconds(quantile(times, 0.5))) (\(milliseconds(quantile(times, 0.9))))")
        }
        let name = format.description.padding(9), turn = "\(rotation.rawValue)°".padding(10)
        print("\(name) \(turn) \(results[0])   \(results[1])")
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
