// swift-format-ignore-file
// Sources/FramebufferOutput/FramebufferOutput.docc/TheLinuxFramebuffer.md: the function body is the
// article's sample verbatim (checked by ArticleSampleTests), compiled against today's API.
import FramebufferOutput

@MainActor
func framebufferSample() throws {
    let output = try FramebufferOutput(options: FramebufferOptions(node: "/dev/fb0", rotation: .clockwise90))
    print(output.panel)      // e.g. /dev/fb0: 1280x800 XRGB8888 (EFI VGA), 5120 bytes/line, 1 page
    // output.size is 800×1280 points: the app lays out in portrait on the landscape panel.
}
