import Prerequisites
import ResponderKitTesting
import TestHelpers
import Testing

@testable import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// The shared benchmark shapes (`../shared/bench`): generate a small sample of points with
/// `gen_trees.py` and check the index's answers against the generator's `.hits`. Skipped when
/// `../shared` is not beside the clone (nothing installs it).
@MainActor
@Suite struct SharedShapesTests {
    /// `../shared/bench/gen_trees.py` beside the project, found from this file's location.
    static let generator = PackageCheckout.root + "/../shared/bench/gen_trees.py"
    static let needs: [Prerequisite] = [.python3, .file(generator, name: "../shared/bench/gen_trees.py")]

    @Test(.requires(needs)) func sharedShapesAgreeWithTheirHits() throws {
        try Prerequisite.check(Self.needs)
        let generator = Self.generator
        let dir = try TemporaryFolder.make("shapes")
        defer { TemporaryFolder.remove(dir) }
        let status = system("python3 '\(generator)' '\(dir)' --points 3000 > /dev/null")
        try #require(status == 0, "gen_trees.py failed with status \(status)")
        for shape in ["app-5k", "grid-10k", "overlap-10k", "deep-1k", "wide-37k"] {
            let tree = try VTree.load("\(dir)/\(shape).vtree")
            let points = try VTree.parsePoints(try TextFile.read("\(dir)/\(shape).points"))
            let hits = try VTree.parseHits(try TextFile.read("\(dir)/\(shape).hits"))
            #expect(points.count == hits.count)
            let built = tree.makeWindow()
            var mismatches = 0
            for (i, p) in points.enumerated() where built.answer(for: built.window.hitTest(p, with: nil)) != hits[i] {
                mismatches += 1
            }
            #expect(mismatches == 0, "\(shape): \(mismatches) of \(points.count) answers differ from .hits")
        }
    }
}
