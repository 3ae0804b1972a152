/// UIKit's system palette (iOS 15 and later), each colour with its light and dark value as
/// Apple documents them (0…255 sRGB; alphas as given). These are dynamic colours: views keep
/// them and the renderer resolves them with the drawn view's `traitCollection`.
extension Color {
    /// A dynamic colour from 0…255 components in light and dark appearance.
    static func system(light l: (Double, Double, Double, Double), dark d: (Double, Double, Double, Double)) -> Color {
        Color(
            light: Color(red: l.0 / 255, green: l.1 / 255, blue: l.2 / 255, alpha: l.3),
            dark: Color(red: d.0 / 255, green: d.1 / 255, blue: d.2 / 255, alpha: d.3))
    }

    // MARK: Adaptable system colours

    /// The system red: 255, 59, 48 in light and 255, 69, 58 in dark appearance.
    public static let systemRed = system(light: (255, 59, 48, 1), dark: (255, 69, 58, 1))
    /// The system orange: 255, 149, 0 in light and 255, 159, 10 in dark appearance.
    public static let systemOrange = system(light: (255, 149, 0, 1), dark: (255, 159, 10, 1))
    /// The system yellow: 255, 204, 0 in light and 255, 214, 10 in dark appearance.
    public static let systemYellow = system(light: (255, 204, 0, 1), dark: (255, 214, 10, 1))
    /// The system green: 52, 199, 89 in light and 48, 209, 88 in dark appearance.
    public static let systemGreen = system(light: (52, 199, 89, 1), dark: (48, 209, 88, 1))
    /// The system mint: 0, 199, 190 in light and 99, 230, 226 in dark appearance.
    public static let systemMint = system(light: (0, 199, 190, 1), dark: (99, 230, 226, 1))
    /// The system teal: 48, 176, 199 in light and 64, 200, 224 in dark appearance.
    public static let systemTeal = system(light: (48, 176, 199, 1), dark: (64, 200, 224, 1))
    /// The system cyan: 50, 173, 230 in light and 100, 210, 255 in dark appearance.
    public static let systemCyan = system(light: (50, 173, 230, 1), dark: (100, 210, 255, 1))
    /// The system blue, the default `tintColor`: 0, 122, 255 in light and 10, 132, 255 in dark appearance.
    public static let systemBlue = system(light: (0, 122, 255, 1), dark: (10, 132, 255, 1))
    /// The system indigo: 88, 86, 214 in light and 94, 92, 230 in dark appearance.
    public static let systemIndigo = system(light: (88, 86, 214, 1), dark: (94, 92, 230, 1))
    /// The system purple: 175, 82, 222 in light and 191, 90, 242 in dark appearance.
    public static let systemPurple = system(light: (175, 82, 222, 1), dark: (191, 90, 242, 1))
    /// The system pink: 255, 45, 85 in light and 255, 55, 95 in dark appearance.
    public static let systemPink = system(light: (255, 45, 85, 1), dark: (255, 55, 95, 1))
    /// The system brown: 162, 132, 94 in light and 172, 142, 104 in dark appearance.
    public static let systemBrown = system(light: (162, 132, 94, 1), dark: (172, 142, 104, 1))
    /// The system grey (the same in both appearances): 142, 142, 147 in light and 142, 142, 147 in dark appearance.
    public static let systemGray = system(light: (142, 142, 147, 1), dark: (142, 142, 147, 1))
    /// The system second grey, lighter in light and darker in dark appearance: 174, 174, 178 in light and 99, 99, 102 in dark appearance.
    public static let systemGray2 = system(light: (174, 174, 178, 1), dark: (99, 99, 102, 1))
    /// The system third grey: 199, 199, 204 in light and 72, 72, 74 in dark appearance.
    public static let systemGray3 = system(light: (199, 199, 204, 1), dark: (72, 72, 74, 1))
    /// The system fourth grey: 209, 209, 214 in light and 58, 58, 60 in dark appearance.
    public static let systemGray4 = system(light: (209, 209, 214, 1), dark: (58, 58, 60, 1))
    /// The system fifth grey: 229, 229, 234 in light and 44, 44, 46 in dark appearance.
    public static let systemGray5 = system(light: (229, 229, 234, 1), dark: (44, 44, 46, 1))
    /// The system sixth grey, the closest to the background: 242, 242, 247 in light and 28, 28, 30 in dark appearance.
    public static let systemGray6 = system(light: (242, 242, 247, 1), dark: (28, 28, 30, 1))

    // MARK: Semantic colours

    /// The colour for primary text: 0, 0, 0 in light and 255, 255, 255 in dark appearance.
    public static let label = system(light: (0, 0, 0, 1), dark: (255, 255, 255, 1))
    /// The colour for secondary text (subtitles): 60, 60, 67 at 60 % in light and 235, 235, 245 at 60 % in dark appearance.
    public static let secondaryLabel = system(light: (60, 60, 67, 0.6), dark: (235, 235, 245, 0.6))
    /// The colour for tertiary text: 60, 60, 67 at 30 % in light and 235, 235, 245 at 30 % in dark appearance.
    public static let tertiaryLabel = system(light: (60, 60, 67, 0.3), dark: (235, 235, 245, 0.3))
    /// The colour for quaternary text (watermarks): 60, 60, 67 at 18 % in light and 235, 235, 245 at 16 % in dark appearance.
    public static let quaternaryLabel = system(light: (60, 60, 67, 0.18), dark: (235, 235, 245, 0.16))
    /// The colour for placeholder text in fields: 60, 60, 67 at 30 % in light and 235, 235, 245 at 30 % in dark appearance.
    public static let placeholderText = system(light: (60, 60, 67, 0.3), dark: (235, 235, 245, 0.3))
    /// The colour for links: 0, 122, 255 in light and 9, 132, 255 in dark appearance.
    public static let link = system(light: (0, 122, 255, 1), dark: (9, 132, 255, 1))
    /// The colour for thin, small shapes (a slider's track): 120, 120, 128 at 20 % in light and 120, 120, 128 at 36 % in dark appearance.
    public static let systemFill = system(light: (120, 120, 128, 0.2), dark: (120, 120, 128, 0.36))
    /// The colour for medium shapes (a switch's off track): 120, 120, 128 at 16 % in light and 120, 120, 128 at 32 % in dark appearance.
    public static let secondarySystemFill = system(light: (120, 120, 128, 0.16), dark: (120, 120, 128, 0.32))
    /// The colour for large shapes (a segmented control's background): 118, 118, 128 at 12 % in light and 118, 118, 128 at 24 % in dark appearance.
    public static let tertiarySystemFill = system(light: (118, 118, 128, 0.12), dark: (118, 118, 128, 0.24))
    /// The colour for large areas with complex content: 116, 116, 128 at 8 % in light and 118, 118, 128 at 18 % in dark appearance.
    public static let quaternarySystemFill = system(light: (116, 116, 128, 0.08), dark: (118, 118, 128, 0.18))
    /// The colour for the main background: 255, 255, 255 in light and 0, 0, 0 in dark appearance.
    public static let systemBackground = system(light: (255, 255, 255, 1), dark: (0, 0, 0, 1))
    /// The colour for content layered on the main background: 242, 242, 247 in light and 28, 28, 30 in dark appearance.
    public static let secondarySystemBackground = system(light: (242, 242, 247, 1), dark: (28, 28, 30, 1))
    /// The colour for content layered on the secondary background: 255, 255, 255 in light and 44, 44, 46 in dark appearance.
    public static let tertiarySystemBackground = system(light: (255, 255, 255, 1), dark: (44, 44, 46, 1))
    /// The colour for the background of grouped content (a grouped table): 242, 242, 247 in light and 0, 0, 0 in dark appearance.
    public static let systemGroupedBackground = system(light: (242, 242, 247, 1), dark: (0, 0, 0, 1))
    /// The colour for content layered on the grouped background: 255, 255, 255 in light and 28, 28, 30 in dark appearance.
    public static let secondarySystemGroupedBackground = system(light: (255, 255, 255, 1), dark: (28, 28, 30, 1))
    /// The colour for content layered on the secondary grouped background: 242, 242, 247 in light and 44, 44, 46 in dark appearance.
    public static let tertiarySystemGroupedBackground = system(light: (242, 242, 247, 1), dark: (44, 44, 46, 1))
    /// The colour for thin separators that let content show through: 60, 60, 67 at 29 % in light and 84, 84, 88 at 60 % in dark appearance.
    public static let separator = system(light: (60, 60, 67, 0.29), dark: (84, 84, 88, 0.6))
    /// The colour for separators that hide what is behind them: 198, 198, 200 in light and 56, 56, 58 in dark appearance.
    public static let opaqueSeparator = system(light: (198, 198, 200, 1), dark: (56, 56, 58, 1))

    /// Black in every appearance (UIKit's `darkText`, for text on light backgrounds).
    public static let darkText = Color.black
    /// White at 60 % in every appearance (UIKit's `lightText`, for text on dark backgrounds).
    public static let lightText = Color(white: 1, alpha: 0.6)
}
