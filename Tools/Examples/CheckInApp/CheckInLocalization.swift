import Kiosk

/// Where the check-in app's `.strings` tables are: `Localization/<language>.lproj/` beside this
/// file in the source tree (English, Arabic, Hebrew), found through
/// `Kiosk.localizationDirectory(appName:sourceFolder:)`, so a deployed copy next to the
/// executable (`checkin.localization/`) or `RK_LOCALIZATION_DIR` wins over the checkout's.
enum CheckInLocalization {
    /// The folder with the `en.lproj`, `ar.lproj` and `he.lproj` tables, if one exists.
    @MainActor static var directory: String? {
        Kiosk.localizationDirectory(appName: "checkin", sourceFolder: sourceFolder)
    }

    /// The tables' folder in the source tree this app was built from.
    static var sourceFolder: String {
        let file = "\(#filePath)"
        let folder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
        return folder + "/Localization"
    }
}
