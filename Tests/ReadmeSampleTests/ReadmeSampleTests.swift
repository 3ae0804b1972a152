import ResponderKitTesting
import Testing

/// Every Swift sample of README.md is compiled: each lives verbatim in one file of this target
/// (`*Sample.swift`), where it builds against today's API. This suite checks that README.md still
/// shows exactly that code, so a sample can never drift from what compiles: edit the sample file
/// and the README together. The samples that moved with their sections into the DocC articles
/// (libinput, Wayland, the framebuffer) are checked there by `ArticleSampleTests`, which also
/// checks that every sample file is shown somewhere.
@Suite struct ReadmeSampleTests {
    /// One fenced Swift block of a Markdown file: its imports and the code after them.
    struct Block: CustomStringConvertible {
        var line: Int
        var imports: [String]
        var body: [String]
        var description: String { "README.md line \(line)" }
    }

    static let repository: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()
    static let sampleFiles = ["WritingAnAppSample", "LibinputSample", "WaylandSample", "FramebufferSample"]
    /// The sample files README.md itself shows, one block each (the front page's app).
    static let readmeSampleFiles = ["WritingAnAppSample"]

    static func swiftBlocks(in markdown: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        for (number, rawLine) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            if current == nil {
                if line == "```swift" { current = Block(line: number + 1, imports: [], body: []) }
            } else if line.hasPrefix("```") {
                blocks.append(current!)
                current = nil
            } else if line.hasPrefix("import "), current!.body.isEmpty {
                current!.imports.append(line)
            } else if !(current!.body.isEmpty && line.isEmpty) {
                current!.body.append(line)
            }
        }
        return blocks
    }

    /// Whether `body` appears as consecutive lines of `file`, all indented alike.
    static func contains(_ file: [String], _ body: [String]) -> Bool {
        guard !body.isEmpty, file.count >= body.count else { return body.isEmpty }
        for indent in ["", "    ", "        "] {
            for start in 0...(file.count - body.count) {
                if body.indices.allSatisfy({ file[start + $0] == (body[$0].isEmpty ? "" : indent + body[$0]) }) { return true }
            }
        }
        return false
    }

    /// The lines of each named sample file of this target.
    static func sampleLines(_ names: [String]) throws -> [[String]] {
        try names.map { name in
            try TextFile.read(repository + "/Tests/ReadmeSampleTests/\(name).swift").split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
        }
    }

    /// Expects `block` of `source` to be in one of `files` (named `names`), and, when it shows its
    /// imports, to show exactly the ones its compiled copy needs.
    static func expectCompiled(_ block: Block, of source: String, in files: [[String]], names: [String]) {
        var trimmed = block.body
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        let match = files.firstIndex { contains($0, trimmed) }
        #expect(match != nil, "\(source) line \(block.line): this sample is not in any of \(names) — change it there, where it is compiled")
        if let match, !block.imports.isEmpty {
            let fileImports = files[match].filter { $0.hasPrefix("import ") }
            #expect(block.imports == fileImports, "\(source) line \(block.line): imports \(block.imports), its compiled copy \(fileImports)")
        }
    }

    @Test func everyReadmeSwiftSampleIsACompiledSampleFile() throws {
        let readme = try TextFile.read(Self.repository + "/README.md")
        let blocks = Self.swiftBlocks(in: readme)
        #expect(blocks.count == Self.readmeSampleFiles.count, "README.md has \(blocks.count) Swift samples; each needs a file here")
        let files = try Self.sampleLines(Self.readmeSampleFiles)
        for block in blocks { Self.expectCompiled(block, of: "README.md", in: files, names: Self.readmeSampleFiles) }
    }

    @Test func theCheckFindsADriftedSample() {
        let blocks = Self.swiftBlocks(in: "text\n```swift\nimport A\n\nlet x = 1\n  f(x)\n```\n```sh\nls\n```\n")
        #expect(blocks.count == 1)
        #expect(blocks.first?.imports == ["import A"])
        #expect(blocks.first?.body == ["let x = 1", "  f(x)"])
        let file = ["import A", "func g() {", "    let x = 1", "      f(x)", "}"]
        #expect(Self.contains(file, ["let x = 1", "  f(x)"]))
        #expect(!Self.contains(file, ["let x = 2", "  f(x)"]))
        #expect(!Self.contains(file, ["let x = 1", "f(x)"]))
    }
}
