extension Localization {
    /// The languages written right to left (ISO 639 codes): Arabic, Hebrew (and its old code
    /// `iw`), Persian, Urdu, Yiddish, Pashto, Sindhi, Uyghur, Dhivehi, Sorani Kurdish.
    nonisolated public static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"]

    /// The direction `language` (a tag or locale name) is written in.
    nonisolated public static func direction(ofLanguage language: String) -> UserInterfaceLayoutDirection {
        let tag = languageTag(fromLocaleName: language) ?? language
        let primary = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
        return rightToLeftLanguages.contains(primary) ? .rightToLeft : .leftToRight
    }

    /// The language the environment asks for, by POSIX precedence: `LC_ALL`, then `LC_MESSAGES`,
    /// then `LANG`; the first set and not `C`/`POSIX` wins (`ar_EG.UTF-8` gives `ar-EG`).
    nonisolated public static func preferredLanguage(environment: (String) -> String?) -> String? {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment(variable), !value.isEmpty else { continue }
            return languageTag(fromLocaleName: value)
        }
        return nil
    }

    /// The BCP 47 tag of a POSIX locale name: `ar_EG.UTF-8@latin` → `ar-EG`, `he` → `he`; nil
    /// for `C`, `POSIX` and names that are not a language.
    nonisolated public static func languageTag(fromLocaleName name: String) -> String? {
        var base = Substring(name)
        if let dot = base.firstIndex(where: { $0 == "." || $0 == "@" }) { base = base[..<dot] }
        guard !base.isEmpty, base != "C", base != "POSIX" else { return nil }
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        var tag = first.lowercased()
        for part in parts.dropFirst() {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            tag += "-" + (part.count == 2 ? part.uppercased() : String(part))
        }
        return tag
    }

    /// The folders a key is looked up in for `language`, most specific first: `ar-EG`, `ar`,
    /// `Base`, `developmentLanguage` (each once).
    public static func fallbackChain(for language: String) -> [String] {
        var chain: [String] = []
        let parts = language.split(separator: "-")
        for count in stride(from: parts.count, through: 1, by: -1) { chain.append(parts.prefix(count).joined(separator: "-")) }
        chain.append("Base")
        chain.append(developmentLanguage)
        var seen: Set<String> = []
        return chain.filter { seen.insert($0).inserted }
    }

    /// The languages the loaded directories have folders for (`<language>.lproj`), sorted.
    public static var availableLanguages: [String] {
        var found: Set<String> = []
        for directory in directories {
            for entry in LocalizationFiles.entries(of: directory) where entry.hasSuffix(".lproj") {
                found.insert(String(entry.dropLast(".lproj".count)))
            }
        }
        return found.sorted()
    }
}
