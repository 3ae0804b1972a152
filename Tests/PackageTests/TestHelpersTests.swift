import Prerequisites
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The test helpers' own rules: the one CI switch, the one temporary folder, the one pixel diff.
struct TestHelpersTests {
    /// `CI=true` and `CI=1` (any case) both mean CI: with only `true` accepted in some suites,
    /// `CI=1` skipped the sway, cage and framebuffer end-to-end suites instead of failing them.
    @Test func ciIsTrueOrOneInAnyCase() {
        for value in ["true", "1", "TRUE", "True"] { #expect(Prerequisite.isCI(variable: value), "CI=\(value)") }
        for value in [nil, "", "0", "false", "no", "yes "] as [String?] { #expect(!Prerequisite.isCI(variable: value), "CI=\(value ?? "unset")") }
    }

    /// The process's own variable goes through the same rule.
    @Test func theEnvironmentIsReadWithTheSameRule() {
        #expect(Prerequisite.isCI == Prerequisite.isCI(variable: getenv("CI").map { String(cString: $0) }))
    }

    @Test func aTemporaryFolderIsFreshPrivateAndRemovedWithItsContents() throws {
        let folder = try TemporaryFolder.make("helpers")
        let other = try TemporaryFolder.make("helpers")
        defer { TemporaryFolder.remove(other) }
        #expect(folder != other)
        #expect(folder.contains("/responderkit-helpers-"))
        var info = stat()
        #expect(stat(folder, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(mkdir(folder + "/nested", 0o755) == 0)
        let file = fopen(folder + "/nested/file", "w")
        #expect(file != nil)
        if let file { fclose(file) }
        #expect(symlink("/", folder + "/root-link") == 0)
        TemporaryFolder.remove(folder)
        #expect(access(folder, F_OK) != 0, "removed with a nested folder, a file and a link (not followed)")
        #expect(access("/", F_OK) == 0)
    }

    @Test func aMissingTemplateFolderIsAClearError() {
        // A purpose with a "/" names a folder that does not exist: mkdtemp fails, the error says so.
        #expect(throws: TemporaryFolder.Failure.self) { try TemporaryFolder.make("no-such-folder/x") }
    }

    @Test func pixelDiffCountsPixelsBeyondTheToleranceInAnyChannel() {
        let expected: [UInt32] = [0xFF10_2030, 0xFF10_2030, 0xFF10_2030, 0x8010_2030]
        let actual: [UInt32] = [0xFF10_2030, 0xFF12_2030, 0xFF10_2034, 0x7D10_2030]
        let diff = PixelDiff(width: 2, height: 2, tolerance: 2) { x, y in (actual[y * 2 + x], expected[y * 2 + x]) }
        #expect(diff.differing == 2, "\(diff)")
        #expect(diff.largest == 4)
        #expect(diff.samples.map { [$0.x, $0.y] } == [[0, 1], [1, 1]], "row order, alpha counts")
        #expect(!diff.matches)
        let exact = PixelDiff(width: 2, height: 2, tolerance: 0) { x, y in (expected[y * 2 + x], expected[y * 2 + x]) }
        #expect(exact.matches && exact.largest == 0)
    }

    @Test func pixelDiffSkipsWhatItIsTold() {
        let diff = PixelDiff(width: 3, height: 1, tolerance: 0, skip: { x, _ in x == 1 }, pixel: { x, _ in (x == 1 ? 0 : 5, 5) })
        #expect(diff.matches, "\(diff)")
    }

    @Test func pixelDiffOfDifferentSizesDiffersEverywhere() {
        let diff = PixelDiff(mismatchedSize: (4, 4), expected: (4, 5), tolerance: 3)
        #expect(diff.differing == 20 && !diff.matches)
        #expect(diff.description.contains("4×4 vs 4×5"))
    }

    @Test @MainActor func goldenImagesLiveBesideTheSourceFile() {
        #expect(GoldenImages(besideSourceFile: "/a/b/Tests.swift").folder == "/a/b/Golden")
    }
}
