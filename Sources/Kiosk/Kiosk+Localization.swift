import ResponderKit
#if canImport(Glibc)
import Glibc
#endif

extension Kiosk {
    /// Sets the app's language (`--language`, else the environment's `LC_ALL`/`LC_MESSAGES`/
    /// `LANG`) and loads its tables (`KioskApp.localizationDirectory`) before the root view
    /// controller is built, so its first strings are already translated. Returns the problem
    /// (a `.strings` file's path, line and column) when a table is bad, else nil.
    static func prepareLocalization(_ app: KioskApp, _ options: KioskOptions) -> String? {
        do {
            if let language = options.language ?? Localization.preferredLanguage(environment: ProcessEnvironment.value) {
                try Localization.setLanguage(language)
            }
            if let directory = app.localizationDirectory { try Localization.load(directory: directory) }
            return nil
        } catch {
            return "bad localization table: \(error)"
        }
    }
}

extension Kiosk {
    /// The environment variable naming a folder of `<language>.lproj` tables, which wins over
    /// every other place (`localizationDirectory(appName:sourceFolder:)`).
    public static let localizationDirectoryVariable = "RK_LOCALIZATION_DIR"

    /// Where an app's tables are, first found of: `$RK_LOCALIZATION_DIR`; `<app>.localization/`
    /// beside the executable (a deployed kiosk: copy the folder there); `../share/<app>/localization/`
    /// from the executable's folder (an installed one); `sourceFolder` (a checkout's `swift run`).
    /// Without Foundation there is no `Bundle.module`; this is the documented search instead
    /// (see the LocalizingAKiosk article).
    public static func localizationDirectory(appName: String, sourceFolder: String?) -> String? {
        var candidates: [String] = []
        if let forced = ProcessEnvironment.value(localizationDirectoryVariable), !forced.isEmpty { candidates.append(forced) }
        if let executable = executableFolder {
            candidates.append("\(executable)/\(appName).localization")
            candidates.append("\(executable)/../share/\(appName)/localization")
        }
        if let sourceFolder { candidates.append(sourceFolder) }
        return candidates.first(where: isDirectory)
    }

    /// The folder of the running executable (`readlink("/proc/self/exe")`).
    static var executableFolder: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.lastIndex(of: "/").map { String(path[..<$0]) }
    }

    /// Whether `path` is a directory (`stat`).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
