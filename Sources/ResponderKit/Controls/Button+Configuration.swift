extension Button {
    /// How a button looks (UIKit 15's `UIButton.Configuration`): a style (`plain()`, `tinted()`,
    /// `gray()`, `filled()`), a title with an optional subtitle and image, the insets around them
    /// and the colours and corners of the background.
    ///
    /// The colours follow the button's state and its inherited `tintColor`: the foreground is the
    /// tint (white for `filled()`), the background clear (`plain()`), the tint at 15 %
    /// (`tinted()`), a grey fill (`gray()`) or the tint (`filled()`); `baseForegroundColor` and
    /// `baseBackgroundColor` replace the tint in them. A highlighted button draws both at 70 %,
    /// a disabled one a grey title on a faint grey background.
    ///
    /// ```swift
    /// var configuration = Button.Configuration.filled()
    /// configuration.title = "Check in"
    /// configuration.subtitle = "Gate 12"
    /// configuration.cornerStyle = .capsule
    /// let button = Button(configuration: configuration, primaryAction: Action { _ in checkIn() })
    /// ```
    public struct Configuration {
        /// The four looks UIKit offers as constructors.
        enum Style { case plain, tinted, gray, filled }

        /// How round the background's corners are (UIKit's `CornerStyle`).
        public enum CornerStyle: Sendable, Hashable {
            /// `cornerRadius` as given.
            case fixed
            /// The system's choice for the button's size (6 points here).
            case dynamic
            /// 4 points.
            case small
            /// 8 points.
            case medium
            /// 12 points.
            case large
            /// Half the height: a capsule.
            case capsule
        }

        /// Where the image sits beside the title (UIKit's `imagePlacement`, for its leading and
        /// trailing edges; leading is left: layout is left to right).
        public enum ImagePlacement: Sendable, Hashable {
            /// Before the title.
            case leading
            /// After the title.
            case trailing
        }

        let style: Style

        /// The title (nil: the title set with `setTitle(_:for:)`, or the primary action's).
        public var title: String?
        /// A second, smaller line under the title.
        public var subtitle: String?
        /// An image beside the title, drawn at its size in points.
        public var image: Image?
        /// Where the image sits.
        public var imagePlacement: ImagePlacement = .leading
        /// Space between the image and the text (UIKit's default 0).
        public var imagePadding = 0.0
        /// Space between the title and the subtitle (UIKit's default 0).
        public var titlePadding = 0.0
        /// Space between the content and the button's edges (UIKit's medium button: 7 above and
        /// below, 12 at the sides). Also the button's padding in `intrinsicContentSize`.
        public var contentInsets = DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
        /// Replaces the tint (or `filled()`'s white) as the title's, subtitle's and image's colour.
        public var baseForegroundColor: Color?
        /// Replaces the tint in the background (`tinted()` still draws it at 15 %, `plain()` draws none).
        public var baseBackgroundColor: Color?
        /// How round the corners are.
        public var cornerStyle: CornerStyle = .dynamic
        /// The radius `cornerStyle` `.fixed` uses.
        public var cornerRadius = 6.0
        /// The title's font (UIKit's medium button: 17 pt; UIKit sets it through
        /// `titleTextAttributesTransformer`).
        public var titleFont = Font.systemFont(ofSize: 17)
        /// The subtitle's font (15 pt).
        public var subtitleFont = Font.systemFont(ofSize: 15)

        init(style: Style) { self.style = style }

        /// The title in the tint on no background (UIKit's `plain()`).
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// The title in the tint on a 15 % tint background (UIKit's `tinted()`).
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// The title in the tint on a grey background (UIKit's `gray()`).
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// A white title on a tint background (UIKit's `filled()`).
        public static func filled() -> Configuration { Configuration(style: .filled) }

        /// The colour of the title, subtitle and image for a button in `state` with `tint`.
        func foregroundColor(for state: ControlState, tint: Color) -> Color {
            if state.contains(.disabled) { return .tertiaryLabel }
            let base = baseForegroundColor ?? (style == .filled ? .white : tint)
            return state.contains(.highlighted) ? base.multiplyingAlpha(by: Configuration.highlightedAlpha) : base
        }

        /// The background's colour for a button in `state` with `tint` (nil: none).
        func backgroundColor(for state: ControlState, tint: Color) -> Color? {
            let base: Color
            switch style {
            case .plain: return nil
            case .tinted: base = (baseBackgroundColor ?? tint).multiplyingAlpha(by: 0.15)
            case .gray: base = baseBackgroundColor ?? .tertiarySystemFill
            case .filled: base = baseBackgroundColor ?? tint
            }
            if state.contains(.disabled) { return .quaternarySystemFill }
            return state.contains(.highlighted) ? base.multiplyingAlpha(by: Configuration.highlightedAlpha) : base
        }

        /// The corner radius for a background `height` points high.
        func cornerRadius(height: Double) -> Double {
            switch cornerStyle {
            case .fixed: return max(0, cornerRadius)
            case .dynamic: return 6
            case .small: return 4
            case .medium: return 8
            case .large: return 12
            case .capsule: return max(0, height / 2)
            }
        }

        /// How much of its colours' alpha a highlighted configured button keeps.
        static let highlightedAlpha = 0.7
    }

    // MARK: Layout and drawing of a configured button

    /// The subtitle label of a configured button (made when a subtitle is first shown).
    func configuredSubtitleLabel() -> Label {
        if let subtitleLabel { return subtitleLabel }
        let made = Label(frame: .zero)
        made.textAlignment = .center
        made.isUserInteractionEnabled = false
        subtitleLabel = made
        addSubview(made)
        return made
    }

    /// Puts the configuration's text, fonts, colours and image into the part views.
    func applyConfiguration() {
        guard let configuration else {
            subtitleLabel?.isHidden = true
            configurationImageView?.isHidden = true
            return
        }
        let state = self.state
        let foreground = configuration.foregroundColor(for: state, tint: tintColor)
        if let label = titleLabel {
            label.font = configuration.titleFont
            label.textColor = foreground
        }
        if let subtitle = configuration.subtitle, !subtitle.isEmpty {
            let label = configuredSubtitleLabel()
            label.isHidden = false
            label.text = subtitle
            label.font = configuration.subtitleFont
            label.textColor = foreground.multiplyingAlpha(by: 0.85)
        } else {
            subtitleLabel?.isHidden = true
        }
        if let image = configuration.image {
            let view = configurationImageView ?? ImageView(frame: .zero)
            if configurationImageView == nil {
                view.isUserInteractionEnabled = false
                configurationImageView = view
                addSubview(view)
            }
            view.isHidden = false
            view.image = image
            view.alpha = state.contains(.disabled) ? 0.35 : state.contains(.highlighted) ? Configuration.highlightedAlpha : 1
        } else {
            configurationImageView?.isHidden = true
        }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// The sizes of the configured content: the text block (title over subtitle) and the image.
    private func configuredContentSizes(_ configuration: Configuration) -> (title: Size, subtitle: Size?, image: Size?) {
        let engine = Drawing.textEngine
        var title = Size(width: 0, height: 0)
        if let text = currentTitle, !text.isEmpty {
            title = engine.size(of: text, attributes: TextAttributes(font: configuration.titleFont, numberOfLines: 1), width: nil)
        }
        var subtitle: Size?
        if let text = configuration.subtitle, !text.isEmpty {
            subtitle = engine.size(of: text, attributes: TextAttributes(font: configuration.subtitleFont, numberOfLines: 1), width: nil)
        }
        return (title, subtitle, configuration.image?.size)
    }

    /// The content's size plus `contentInsets`.
    func configuredSize(_ configuration: Configuration) -> Size {
        let (title, subtitle, image) = configuredContentSizes(configuration)
        var textWidth = title.width, textHeight = title.height
        if let subtitle {
            textWidth = max(textWidth, subtitle.width)
            textHeight += configuration.titlePadding + subtitle.height
        }
        let hasText = textWidth > 0
        var width = textWidth, height = textHeight
        if let image {
            width += image.width + (hasText ? configuration.imagePadding : 0)
            height = max(height, image.height)
        }
        let insets = configuration.contentInsets
        return Size(
            width: (width + insets.leading + insets.trailing).rounded(.up), height: (height + insets.top + insets.bottom).rounded(.up))
    }

    /// Centres the image and the text block inside `contentInsets` (the title and subtitle
    /// centred on each other).
    func layoutConfigured(_ configuration: Configuration) {
        let (title, subtitle, image) = configuredContentSizes(configuration)
        let insets = configuration.contentInsets
        let content = Rect(
            x: bounds.minX + insets.leading, y: bounds.minY + insets.top,
            width: max(0, bounds.width - insets.leading - insets.trailing), height: max(0, bounds.height - insets.top - insets.bottom))
        var textWidth = title.width, textHeight = title.height
        if let subtitle {
            textWidth = max(textWidth, subtitle.width)
            textHeight += configuration.titlePadding + subtitle.height
        }
        let gap = image != nil && textWidth > 0 ? configuration.imagePadding : 0
        let imageWidth = image?.width ?? 0
        textWidth = min(textWidth, max(0, content.width - imageWidth - gap))
        let total = imageWidth + gap + textWidth
        var x = (content.minX + (content.width - total) / 2).rounded()
        if let image {
            let imageX = configuration.imagePlacement == .leading ? x : x + textWidth + gap
            configurationImageView?.frame = Rect(x: imageX, y: (content.midY - image.height / 2).rounded(), width: image.width, height: image.height)
            if configuration.imagePlacement == .leading { x += image.width + gap }
        }
        let top = (content.midY - textHeight / 2).rounded()
        titleLabelIfLoaded?.frame = Rect(x: x, y: top, width: textWidth, height: title.height)
        if let subtitle {
            subtitleLabel?.frame = Rect(x: x, y: top + title.height + configuration.titlePadding, width: textWidth, height: subtitle.height)
        }
    }

    /// Fills the configured background (rounded by `cornerStyle`).
    func drawConfiguredBackground(_ configuration: Configuration) {
        guard let context = GraphicsContext.current, let color = configuration.backgroundColor(for: state, tint: tintColor) else { return }
        context.setFillColor(color)
        context.fill(BezierPath(roundedRect: bounds, cornerRadius: min(configuration.cornerRadius(height: bounds.height), bounds.height / 2, bounds.width / 2)))
    }
}
