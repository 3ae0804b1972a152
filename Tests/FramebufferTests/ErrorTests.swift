import FakeFramebuffer
import FramebufferOutput
import ResponderKit
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension FramebufferSuite {
    /// Every way opening fails is a `FramebufferError` naming the node and the fix; bad driver
    /// answers never crash.
    @MainActor
    @Suite struct Errors {
        static func openError(_ options: FramebufferOptions) -> FramebufferError? {
            do {
                let output = try FramebufferOutput(options: options)
                output.close()
                return nil
            } catch {
                return error
            }
        }

        @Test func aMissingNodeSaysWhereToLook() throws {
            let folder = try TemporaryFolder.make("fb")
            defer { TemporaryFolder.remove(folder) }
            let node = folder + "/fb7"
            let error = Self.openError(FramebufferOptions(node: node, console: .none))
            #expect(error == .missingNode(node: node, errno: ENOENT))
            #expect(error?.description.contains(node) == true)
            #expect(error?.description.contains("is a panel driver loaded? list /sys/class/graphics/") == true)
            #expect(Self.openError(FramebufferOptions(node: "", console: .none)) == .missingNode(node: "", errno: ENOENT))
        }

        @Test func somethingElseIsNotAFramebuffer() throws {
            let folder = try TemporaryFolder.make("fb")
            defer { TemporaryFolder.remove(folder) }
            // A plain file (without the shim the ioctl says ENOTTY, as for any non-framebuffer), and
            // a character device that is no framebuffer.
            let file = folder + "/fb0"
            var fake = FakeFramebuffer()
            fake.folder = folder
            try fake.create()
            for node in [file, "/dev/null"] {
                let error = Self.openError(FramebufferOptions(node: node, console: .none))
                #expect(error == .notAFramebuffer(node: node, errno: ENOTTY))
                #expect(error?.description.contains("\(node) is not a framebuffer") == true)
            }
            let folderError = Self.openError(FramebufferOptions(node: folder, console: .none))
            #expect(folderError == .openFailed(node: folder, errno: EISDIR))
        }

        @Test(
            .enabled(
                if: ShimChild.canRunWithoutFileAccessOverride,
                "as root, a permission error needs setpriv (util-linux) to drop CAP_DAC_OVERRIDE"))
        func aNodeWithoutPermissionNamesTheVideoGroup() throws {
            // Root ignores file modes: the child then runs as root without CAP_DAC_OVERRIDE/READ_SEARCH.
            try ShimChild.run([FakeFramebuffer()], suite: "Errors", withoutFileAccessOverride: true) { fake in
                #expect(chmod(fake.node, 0) == 0)
                let error = Self.openError(FramebufferSuite.options(fake))
                #expect(error == .permissionDenied(node: fake.node))
                #expect(error?.description.contains("permission denied opening \(fake.node)") == true)
                #expect(error?.description.contains("add the user to the `video` group or run through logind/seatd") == true)
            }
        }

        /// Driver answers we cannot use, and the words each error must contain.
        static let refused: [(FakeFramebuffer, String)] = [
            (FakeFramebuffer(bitsPerPixel: 24, channels: "16/8,8/8,0/8,0/0"), "24 bits per pixel"),
            (FakeFramebuffer(bitsPerPixel: 8, channels: "0/8,0/8,0/8,0/0", visual: 3), "8 bits per pixel, type packed pixels, visual pseudocolor"),
            (FakeFramebuffer(channels: "20/10,10/10,0/10,30/2"), "10-bit colour channel"),
            (FakeFramebuffer(channels: "16/8,12/8,0/8,0/0"), "overlapping channels"),
            (FakeFramebuffer(type: 1), "type planes"),
            (FakeFramebuffer(width: 8, lineLength: 7 * 4), "line_length 28 bytes cannot hold 8 pixels"),
            (FakeFramebuffer(width: 8, height: 6, memoryLength: 8 * 4 * 5), "smem_len 160 bytes is less than"),
            (FakeFramebuffer(width: 8, height: 6, fileLength: 100), "regular file of 100 bytes"),
            (FakeFramebuffer(width: 0, height: 6, memoryLength: 64), "resolution 0x6"),
            (FakeFramebuffer(width: 8, height: 6, yOffset: 3), "outside the virtual one")
        ]

        @Test func unusableDriverAnswersAreNamed() throws {
            try ShimChild.run(Self.refused.map(\.0), suite: "Errors") { fake in
                let words = Self.refused[fake.index].1
                let error = Self.openError(FramebufferSuite.options(fake))
                switch error {
                case .unsupportedFormat?: #expect(fake.index < 5, "\(String(describing: error))")
                case .invalidGeometry?: #expect(fake.index >= 5, "\(String(describing: error))")
                default: Issue.record("case \(fake.index): expected a format or geometry error, got \(String(describing: error))")
                }
                #expect(error?.description.contains(words) == true, "case \(fake.index): \(String(describing: error))")
                #expect(error?.description.contains(fake.node) == true)
            }
        }
    }
}
