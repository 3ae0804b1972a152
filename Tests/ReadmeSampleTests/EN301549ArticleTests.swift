import ResponderKitTesting
import Testing

/// The EN 301 549 article (`MeetingEN301549.md`) names the test that proves each clause, written
/// as `` `name()` `` or `` `name(label:)` ``: every such name must be a test function somewhere under
/// `Tests`, so the article never points at a test that was renamed or removed.
@Suite struct EN301549ArticleTests {
    static let article = "Sources/ResponderKit/ResponderKit.docc/MeetingEN301549.md"

    /// The names in code spans that end in a parenthesised argument list.
    static func testNames(in text: String) -> [String] {
        var names: [String] = []
        for (index, span) in text.split(separator: "`", omittingEmptySubsequences: false).enumerated() where index % 2 == 1 {
            guard span.last == ")", let open = span.firstIndex(of: "(") else { continue }
            let name = span[..<open]
            guard let first = name.first, first.isLowercase, name.allSatisfy({ $0.isLetter || $0.isNumber }) else { continue }
            names.append(String(name))
        }
        return names
    }

    /// Every Swift file under `folder` (repo-relative), recursively.
    static func swiftFiles(under folder: String) -> [String] {
        var files: [String] = []
        for name in ArticleSampleTests.entries(of: folder) {
            let path = folder + "/" + name
            if name.hasSuffix(".swift") {
                files.append(path)
            } else if !name.contains(".") {
                files += swiftFiles(under: path)
            }
        }
        return files
    }

    @Test func everyTestTheArticleNamesExists() throws {
        let names = Self.testNames(in: try TextFile.read(ReadmeSampleTests.repository + "/" + Self.article))
        #expect(names.count >= 40, "found \(names.count) test names: the article's format changed")
        var sources = ""
        for file in Self.swiftFiles(under: "Tests") { sources += try TextFile.read(ReadmeSampleTests.repository + "/" + file) + "\n" }
        for name in Set(names).sorted() {
            #expect(sources.firstRange(of: "func \(name)(") != nil, "the article names \(name)(), which is no test function under Tests")
        }
    }
}
