import Foundation
import SeededGenerators
import Testing

@testable import ResponderKit

/// `.stringsdict` plurals (issue 24 §5): the XML property-list reader, CLDR plural rules for the
/// example languages, Foundation's resolution of `%#@name@` variables, and bad input reported by
/// file, line and column — never a crash, and a string that cannot be resolved falls back to
/// the `.strings` value or the key.
@MainActor
@Suite("Strings dictionaries and plurals")
struct StringsDictTests {
    /// A `.stringsdict` with one entry `key` whose variable `name` has `forms`.
    static func plist(key: String = "%d visitors", format: String = "%#@visitors@", name: String = "visitors", forms: [(String, String)]) -> String {
        let entries = forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>\(key)</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key>
                    <string>\(format)</string>
                    <key>\(name)</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key>
                        <string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key>
                        <string>d</string>
                        \(entries)
                    </dict>
                </dict>
            </dict>
            </plist>
            """
    }

    static let arabicForms = [
        ("zero", "لا يوجد زوار"), ("one", "زائر واحد"), ("two", "زائران"), ("few", "%d زوار"), ("many", "%d زائرًا"), ("other", "%d زائر")
    ]

    func resolved(_ text: String, language: String, _ arguments: [any CustomStringConvertible], key: String = "%d visitors") throws -> String? {
        let entry = try #require(try StringsDictFile.parse(text, file: "Localizable.stringsdict").entries[key])
        return entry.resolve(arguments: arguments, language: language).map { Localization.format($0, arguments) }
    }

    // MARK: The property-list reader

    @Test func theReaderReadsEveryElementEntitiesCDATAAndComments() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- a comment before the plist -->
            <plist version="1.0"><dict>
              <key>s</key><string>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#233;&#x05D0;</string>
              <key>cdata</key><string><![CDATA[<not a tag> & raw]]></string>
              <key>empty</key><string/>
              <key>n</key><integer> -42 </integer>
              <key>r</key><real>2.5</real>
              <key>t</key><true/>
              <key>f</key><false/>
              <key>a</key><array><string>x</string><!-- inside --><integer>1</integer></array>
              <key>e</key><array/>
              <key>d</key><dict/>
              <key>date</key><date>2026-12-03T19:00:00Z</date>
              <key>data</key><data> AAEC
                 Aw== </data>
            </dict></plist>
            """
        let root = try PropertyListXML.parse(text, file: "t.plist")
        let dict = try #require(root.dictionary)
        #expect(dict["s"]?.string == "a <b> & \"c\" 'd' éא")
        #expect(dict["cdata"]?.string == "<not a tag> & raw")
        #expect(dict["empty"]?.string == "")
        #expect(dict["n"]?.value == .integer(-42))
        #expect(dict["r"]?.value == .real(2.5))
        #expect(dict["t"]?.value == .boolean(true))
        #expect(dict["f"]?.value == .boolean(false))
        if case .array(let items) = dict["a"]?.value {
            #expect(items.map(\.value) == [.string("x"), .integer(1)])
        } else {
            Issue.record("<array> read as \(String(describing: dict["a"]))")
        }
        #expect(dict["e"]?.value == .array([]))
        #expect(dict["d"]?.value == .dictionary([]))
        #expect(dict["date"]?.value == .date("2026-12-03T19:00:00Z"))
        #expect(dict["data"]?.value == .data("AAECAw=="))
        #expect(dict["n"]?.line == 7)
    }

    func readerError(_ text: String) -> StringsFileError? {
        let read = Result { () throws(StringsFileError) in try PropertyListXML.parse(text, file: "ar.lproj/Localizable.stringsdict") }
        guard case .failure(let error) = read else { return nil }
        return error
    }

    @Test func malformedXMLIsAnErrorNamingTheLineAndColumn() {
        #expect(
            readerError("<plist><dict>\n<key>a</key><string>x</dict></plist>")?.description
                == "ar.lproj/Localizable.stringsdict:2:22: </dict> closes <string> (line 2)")
        #expect(readerError("<plist><dict>\n  <key>a</key>\n</dict></plist>")?.description == "ar.lproj/Localizable.stringsdict:2:3: <key>a</key> has no value")
        #expect(readerError("<plist><dict><string>x</string></dict></plist>")?.message == "expected <key> in <dict>, found <string>")
        #expect(readerError("<plist><dict>\n<key>a</key><integer>many</integer></dict></plist>")?.message == "<integer> holds \"many\", not a whole number")
        #expect(readerError("<plist><string>a & b</string></plist>")?.message == "'&' that starts no entity (write &amp;)")
        #expect(readerError("<plist><string>&bogus;</string></plist>")?.message == "unknown entity &bogus;")
        #expect(readerError("<plist><dict>")?.message == "<dict> is not closed (it starts here)")
        #expect(readerError("<plist><dict/></plist> trailing")?.message == "text after the end of the property list")
        #expect(readerError("<plist><map/></plist>")?.message == "<map> is not a property list element")
        #expect(readerError("")?.message == "the file is empty: expected <plist>")
        #expect(readerError("<!-- never closed")?.message == "unterminated <!-- comment (it starts here)")
        let deep = String(repeating: "<array>", count: 100) + String(repeating: "</array>", count: 100)
        #expect(readerError(deep)?.message == "nested deeper than 64 levels")
        #expect(throws: StringsFileError(file: "x", line: 1, column: 1, message: "bytes that are not UTF-8; save the property list as UTF-8")) {
            try PropertyListXML.parse(utf8: [0x3C, 0xFF, 0x3E], file: "x")
        }
    }

    @Test func seededRandomPlistsNeverCrashOrHang() {
        var generator = SplitMix64(seed: 24)
        let pieces = [
            "<plist>", "</plist>", "<dict>", "</dict>", "<key>", "</key>", "<string>", "</string>", "<array>", "</array>", "<true/>", "<integer>",
            "</integer>", "<![CDATA[", "]]>", "<!--", "-->", "&amp;", "&#x", ";", "&", "<", ">", "/", "a", "1", " ", "\n", "é", "\"", "<?xml?>"
        ]
        let valid = Self.plist(forms: Self.arabicForms)
        var parsed = 0
        for round in 0..<3000 {
            let text: String
            if round.isMultiple(of: 2) {
                text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            } else {
                // A valid file cut short or with one byte changed.
                var bytes = Array(valid.utf8)
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                if round % 4 == 1 { bytes = Array(bytes.prefix(at)) } else { bytes[at] = UInt8.random(in: 0x20...0x7E, using: &generator) }
                text = String(decoding: bytes, as: UTF8.self)
            }
            if (try? StringsDictFile.parse(text, file: "fuzz")) != nil { parsed += 1 }
        }
        #expect(parsed > 0, "some mutated files are still valid")
    }

    // MARK: Plural rules

    @Test func arabicHasSixForms() {
        let expected: [(Int, PluralCategory)] = [
            (0, .zero), (1, .one), (2, .two), (3, .few), (10, .few), (11, .many), (99, .many), (100, .other), (102, .other), (103, .few),
            (111, .many), (1000, .other)
        ]
        for (n, category) in expected {
            #expect(PluralRules.category(of: PluralOperands(n), language: "ar-EG") == category, "\(n)")
        }
    }

    @Test func hebrewEnglishAndTheOtherExampleLanguages() {
        func category(_ n: String, _ language: String) -> PluralCategory? {
            PluralOperands(decimal: n).map { PluralRules.category(of: $0, language: language) }
        }
        #expect(category("1", "he") == .one)
        #expect(category("2", "he") == .two)
        #expect(category("0.5", "he") == .one)
        #expect(category("20", "he") == .other)
        #expect(category("1", "en") == .one)
        #expect(category("1.0", "en") == .other, "visible fraction digits make English plural")
        #expect(category("0", "en") == .other)
        #expect(category("0", "fr") == .one)
        #expect(category("1000000", "fr") == .many)
        #expect(category("21", "ru") == .one)
        #expect(category("22", "ru") == .few)
        #expect(category("12", "ru") == .many)
        #expect(category("22", "pl") == .few)
        #expect(category("25", "pl") == .many)
        #expect(category("3", "cs") == .few)
        #expect(category("1", "ja") == .other)
        #expect(category("0", "fa") == .one)
        #expect(PluralRules.hasRule(forLanguage: "he-IL"))
        #expect(!PluralRules.hasRule(forLanguage: "xx"))
        #expect(category("1", "xx") == .one, "an unknown language counts by the development language's rule")
        #expect(PluralRules.category(of: PluralOperands(1), language: "xx", fallbackLanguage: "yy") == .other, "else CLDR's root rule")
        #expect(PluralOperands(decimal: "1.50") == PluralOperands(decimal: "-1.50"))
        #expect(PluralOperands(decimal: "1.50")?.t == 5)
        #expect(PluralOperands(decimal: "1e5") == nil)
        #expect(PluralOperands(argument: 2.5)?.v == 1)
        #expect(PluralOperands(argument: UInt8(7))?.i == 7)
        #expect(PluralOperands(argument: "seven") == nil)
    }

    // MARK: Resolving entries

    @Test func anEntryPicksItsFormByTheCount() throws {
        let arabic = Self.plist(forms: Self.arabicForms)
        #expect(try resolved(arabic, language: "ar", [0]) == "لا يوجد زوار")
        #expect(try resolved(arabic, language: "ar", [1]) == "زائر واحد")
        #expect(try resolved(arabic, language: "ar", [2]) == "زائران")
        #expect(try resolved(arabic, language: "ar", [7]) == "7 زوار")
        #expect(try resolved(arabic, language: "ar", [11]) == "11 زائرًا")
        #expect(try resolved(arabic, language: "ar", [100]) == "100 زائر")
        let english = Self.plist(forms: [("one", "%d visitor"), ("other", "%d visitors")])
        #expect(try resolved(english, language: "en", [1]) == "1 visitor")
        #expect(try resolved(english, language: "en", [3]) == "3 visitors")
        #expect(try resolved(english, language: "en", [0]) == "0 visitors")
        let withZero = Self.plist(forms: [("zero", "nobody"), ("one", "%d visitor"), ("other", "%d visitors")])
        #expect(try resolved(withZero, language: "en", [0]) == "nobody", "a zero form is for 0 in any language, as Foundation")
        let hebrew = Self.plist(forms: [("one", "מבקר אחד"), ("two", "שני מבקרים"), ("other", "%d מבקרים")])
        #expect(try resolved(hebrew, language: "he", [2]) == "שני מבקרים")
        #expect(try resolved(hebrew, language: "he", [5]) == "5 מבקרים")
        #expect(try resolved(hebrew, language: "he", ["seven"]) == nil, "not a number: the caller falls back")
        #expect(try resolved(hebrew, language: "he", []) == nil, "no argument: the caller falls back")
    }

    @Test func variablesTakeTheirArgumentsInOrderOrByPosition() throws {
        let text = """
            <plist><dict><key>k</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%@: %#@files@ in %#@folders@ (100%%)</string>
              <key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict>
              <key>folders</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>one</key><string>one folder</string><key>other</key><string>%ld folders</string></dict>
            </dict>
            <key>reordered</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%2$#@n@ — %1$@</string>
              <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>one</key><string>%d item</string><key>other</key><string>%d items</string></dict>
            </dict></dict></plist>
            """
        #expect(try resolved(text, language: "en", ["Disk", 1, 3], key: "k") == "Disk: 1 file in 3 folders (100%)")
        #expect(try resolved(text, language: "en", ["Disk", 4, 1], key: "k") == "Disk: 4 files in one folder (100%)")
        #expect(try resolved(text, language: "en", ["Cart", 1], key: "reordered") == "1 item — Cart")
    }

    func dictError(_ text: String) -> String? {
        let read = Result { () throws(StringsFileError) in try StringsDictFile.parse(text, file: "he.lproj/Localizable.stringsdict") }
        guard case .failure(let error) = read else { return nil }
        return error.description
    }

    @Test func wrongEntriesAreErrorsNamingTheKey() {
        #expect(
            dictError(Self.plist(forms: [("one", "x")]))
                == "he.lproj/Localizable.stringsdict:10:9: \"%d visitors\".visitors: no \"other\" form, which every language needs")
        #expect(
            dictError(Self.plist(name: "people", forms: [("other", "x")]))?.hasSuffix("the format names %#@visitors@ but there is no <dict> \"visitors\"")
                == true)
        #expect(dictError("<plist><array/></plist>")?.hasSuffix("the top value is not a <dict> of keys") == true)
        #expect(dictError("<plist><dict><key>k</key><dict/></dict></plist>")?.hasSuffix("\"k\": no NSStringLocalizedFormatKey string") == true)
        let wrongType = Self.plist(forms: [("other", "x")]).replacingOccurrences(of: "NSStringPluralRuleType", with: "NSStringGenderRuleType")
        #expect(dictError(wrongType)?.hasSuffix("NSStringFormatSpecTypeKey is \"NSStringGenderRuleType\", expected \"NSStringPluralRuleType\"") == true)
    }

    // MARK: Through Localization

    func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rk-stringsdict-\(UInt64.random(in: 0...UInt64.max))")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder.path
    }

    @Test func localizedTakesACountTheWayFoundationAppsDo() throws {
        defer { Localization.reset() }
        let directory = try folder([
            "ar.lproj/Localizable.stringsdict": Self.plist(forms: Self.arabicForms),
            "ar.lproj/Localizable.strings": "\"%d visitors\" = \"عدد الزوار: %d\";\n\"Hello\" = \"مرحبا\";",
            "en.lproj/Localizable.stringsdict": Self.plist(forms: [("one", "%d visitor"), ("other", "%d visitors")])
        ])
        Localization.reset()
        try Localization.setLanguage("ar-EG")
        try Localization.load(directory: directory)
        #expect(localized("%d visitors", 2) == "زائران")
        #expect(localized("%d visitors", 11) == "11 زائرًا")
        #expect(localized("%d visitors", "many") == "عدد الزوار: many", "an unresolvable count falls back to the .strings value")
        #expect(localized("Hello") == "مرحبا")
        try Localization.setLanguage("de")
        #expect(localized("%d visitors", 1) == "1 visitor", "the English table's forms by English rules")
        #expect(Localization.string("%d visitors", arguments: [5]) == "5 visitors")
    }

    @Test func aMalformedStringsDictIsAnErrorAndTheTablesBeforeItStay() throws {
        defer { Localization.reset() }
        let good = try folder(["he.lproj/Localizable.strings": "\"Hello\" = \"שלום\";"])
        let bad = try folder(["he.lproj/Localizable.stringsdict": "<plist><dict><key>%d visitors</key><dict>\n</plist>"])
        Localization.reset()
        try Localization.setLanguage("he")
        try Localization.load(directory: good)
        #expect(throws: StringsFileError.self) { try Localization.load(directory: bad) }
        do {
            try Localization.load(directory: bad)
        } catch {
            #expect(error.description == "\(bad)/he.lproj/Localizable.stringsdict:2:1: </plist> closes <dict> (line 1)")
        }
        #expect(localized("Hello") == "שלום", "nothing loaded before is lost")
        #expect(localized("%d visitors", 3) == "3 visitors", "the key, formatted")
        #expect(Localization.directories == [good])
    }
}
