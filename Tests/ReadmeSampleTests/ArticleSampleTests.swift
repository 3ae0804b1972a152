import ResponderKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every Swift sample of the DocC articles (`Sources/*/*.docc/*.md`) is compiled, as README.md's
/// are (`ReadmeSampleTests`): each lives verbatim in a file of this target, and this suite checks
/// that the articles still show exactly that code. Package manifests (a `// swift-tools-version`
/// line or a `.testTarget(` entry) are the only blocks left out: they are not Swift this target
/// can compile.
@Suite struct ArticleSampleTests {
    static let sampleFiles =
        ReadmeSampleTests.sampleFiles + [
            "ArticleSamples", "InputDriverArticleSample", "SpeechArticleSample", "VisualSettingsArticleSample",
            "CollectionsArticleSample"
        ]

    /// The articles, repo-relative: every `.md` of every `.docc` folder under Sources.
    static func articles() -> [String] {
        var found: [String] = []
        for module in entries(of: "Sources") {
            for catalog in entries(of: "Sources/\(module)") where catalog.hasSuffix(".docc") {
                for file in entries(of: "Sources/\(module)/\(catalog)") where file.hasSuffix(".md") {
                    found.append("Sources/\(module)/\(catalog)/\(file)")
                }
            }
        }
        return found.sorted()
    }

    /// The names in a repo-relative folder (none when it is not one).
    static func entries(of folder: String) -> [String] {
        guard let dir = opendir(ReadmeSampleTests.repository + "/" + folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    static func isManifest(_ block: ReadmeSampleTests.Block) -> Bool {
        guard let first = block.body.first else { return false }
        return first.hasPrefix("// swift-tools-version") || first.hasPrefix(".testTarget(")
    }

    @Test func everyArticleSwiftSampleIsACompiledSampleFile() throws {
        let articles = Self.articles()
        #expect(articles.count >= 10, "found \(articles.count) articles: the walk of Sources/*/*.docc is broken")
        let files = try ReadmeSampleTests.sampleLines(Self.sampleFiles)
        var checked = 0
        for article in articles {
            let text = try TextFile.read(ReadmeSampleTests.repository + "/" + article)
            for block in ReadmeSampleTests.swiftBlocks(in: text) where !Self.isManifest(block) {
                ReadmeSampleTests.expectCompiled(block, of: article, in: files, names: Self.sampleFiles)
                checked += 1
            }
        }
        #expect(checked >= 7, "\(checked) article samples checked")
    }

    /// No sample file is orphaned: each is shown by at least one Swift block of README.md or of an
    /// article, so a sample that moves with its section stays both compiled and checked.
    @Test func everySampleFileIsShownInTheReadmeOrAnArticle() throws {
        var blocks = ReadmeSampleTests.swiftBlocks(in: try TextFile.read(ReadmeSampleTests.repository + "/README.md"))
        for article in Self.articles() {
            blocks += ReadmeSampleTests.swiftBlocks(in: try TextFile.read(ReadmeSampleTests.repository + "/" + article)).filter { !Self.isManifest($0) }
        }
        let files = try ReadmeSampleTests.sampleLines(Self.sampleFiles)
        for (name, file) in zip(Self.sampleFiles, files) {
            let shown = blocks.contains { block in
                var trimmed = block.body
                while trimmed.last?.isEmpty == true { trimmed.removeLast() }
                return ReadmeSampleTests.contains(file, trimmed)
            }
            #expect(shown, "\(name).swift is shown by no Swift block of README.md or of an article")
        }
    }

    @Test func manifestsAreTheOnlyBlocksLeftOut() {
        let blocks = ReadmeSampleTests.swiftBlocks(
            in: "```swift\n// swift-tools-version:6.0\nimport PackageDescription\n```\n```swift\n.testTarget(name: \"T\")\n```\n```swift\nlet x = 1\n```\n")
        #expect(blocks.map(Self.isManifest) == [true, true, false])
    }
}
