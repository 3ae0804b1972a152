import SeededGenerators
import Testing

@testable import ResponderKit

/// Apple's `.strings` format read without Foundation (issue 24 §5): pairs, comments, escapes,
/// unquoted tokens — and bad input reported by file, line and column, never a crash.
@Suite("Strings files")
struct StringsFileTests {
    @Test func readsPairsCommentsAndEscapes() throws {
        let text = """
            /* A block comment
               over two lines. */
            "greeting" = "Hello, \\"world\\"";   // a line comment
            "path" = "a\\\\b";
            "lines" = "one\\ntwo\\tthree";
            "arabic" = "أهلاً";
            "escaped" = "\\U00e9t\\U00E9";
            "emoji" = "\\UD83D\\UDE00";
            unquoted_key = value.1;
            "alone";
            "greeting" = "Hi";
            """
        let file = try StringsFile.parse(text, file: "Localizable.strings")
        #expect(file.strings["greeting"] == "Hi", "a later duplicate wins")
        #expect(file.strings["path"] == "a\\b")
        #expect(file.strings["lines"] == "one\ntwo\tthree")
        #expect(file.strings["arabic"] == "أهلاً")
        #expect(file.strings["escaped"] == "été")
        #expect(file.strings["emoji"] == "😀")
        #expect(file.strings["unquoted_key"] == "value.1")
        #expect(file.strings["alone"] == "alone")
        #expect(file.strings.count == 8)
    }

    @Test func anEmptyFileAndOneOfCommentsOnlyAreEmptyTables() throws {
        #expect(try StringsFile.parse("", file: "a").strings.isEmpty)
        #expect(try StringsFile.parse("/* nothing */\n// here\n", file: "a").strings.isEmpty)
    }

    @Test func utf8BytesWithAByteOrderMarkAreRead() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("\"k\" = \"שלום\";".utf8)
        #expect(try StringsFile.parse(utf8: bytes, file: "he.strings").strings == ["k": "שלום"])
    }

    /// The error `text` gives.
    func failure(_ text: String) -> StringsFileError? {
        do {
            _ = try StringsFile.parse(text, file: "ar.lproj/Localizable.strings")
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingSemicolonNamesTheLineAndColumn() {
        let error = failure("\"a\" = \"1\";\n\"b\" = \"2\"\n\"c\" = \"3\";")
        #expect(error?.line == 3 && error?.column == 1)
        #expect(error?.description == "ar.lproj/Localizable.strings:3:1: expected ';' after the value of \"b\", found '\\\"'")
    }

    @Test func aMissingEqualsSignOrValueIsNamed() {
        #expect(failure("\"a\" \"1\";")?.message == "expected '=' after the key \"a\", found '\\\"'")
        #expect(failure("\"a\" = ;")?.message == "expected a value for the key \"a\", found ';'")
        #expect(failure("\"a\" =")?.message == "expected a value for the key \"a\", found the end of the file")
        #expect(failure("= \"b\";")?.message == "expected a key, found '='")
    }

    @Test func anUnterminatedStringOrCommentPointsAtItsStart() {
        let string = failure("\"a\" = \"1\";\n  \"b\" = \"never closed;\n")
        #expect(string?.line == 2 && string?.column == 9)
        #expect(string?.message == "unterminated string (it starts here)")
        let comment = failure("\"a\" = \"1\"; /* open\n")
        #expect(comment?.line == 1 && comment?.column == 12)
        #expect(comment?.message == "unterminated /* comment")
    }

    @Test func badEscapesAreNamed() {
        #expect(failure("\"a\" = \"\\q\";")?.message == "unknown escape '\\q'")
        #expect(failure("\"a\" = \"\\U12\";")?.message == "\\U needs four hexadecimal digits")
        #expect(failure("\"a\" = \"\\UD83D\";")?.message == "\\Ud83d is half of a surrogate pair")
        #expect(failure("\"a\" = \"\\UD83D\\U0041\";")?.message == "\\Ud83d is not followed by a low surrogate")
    }

    @Test func bytesThatAreNotUTF8OrUTF16AreRefused() {
        let bad: [UInt8] = Array("\"a\" = \"1\";\n\"b\" = \"".utf8) + [0xFF, 0xFE, 0x22, 0x3B]
        #expect(throws: StringsFileError(file: "x.strings", line: 2, column: 8, message: "bytes that are not UTF-8")) {
            try StringsFile.parse(utf8: bad, file: "x.strings")
        }
        #expect(throws: StringsFileError(file: "x.strings", line: 1, column: 1, message: "the file is UTF-16; save it as UTF-8")) {
            try StringsFile.parse(utf8: [0xFF, 0xFE, 0x22, 0x00], file: "x.strings")
        }
    }

    @Test func seededRandomBytesNeverCrash() {
        var generator = SplitMix64(seed: 24)
        let alphabet = Array("\"=;/*\\Uu \n\tab0é".utf8)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            _ = try? StringsFile.parse(utf8: bytes, file: "fuzz")
        }
    }
}
