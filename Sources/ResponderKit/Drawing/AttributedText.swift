/// Text with attributes on runs of its characters (UIKit's `NSAttributedString`), for
/// `Label.attributedText` and `TextField.attributedPlaceholder`.
///
/// ```swift
/// var welcome = AttributedText("Welcome, ", attributes: [.font: Font.systemFont(ofSize: 20)])
/// welcome.append(AttributedText("Ada", attributes: [.font: Font.boldSystemFont(ofSize: 20), .foregroundColor: Color.systemBlue]))
/// welcome.addAttributes([.underlineStyle: UnderlineStyle.single], range: 9..<12)
/// label.attributedText = welcome
/// ```
///
/// Named apart from Foundation's `NSAttributedString` and `AttributedString`, as
/// `StringAttributeKey` is: the core imports no Foundation, and an app that imports both modules
/// must not find two types of one name. Ranges are `Character` offsets (UIKit's are UTF-16
/// offsets; Swift's `Character` is what a user sees as one letter). The calls that can report
/// bad input to `ResponderDiagnostics` (the dictionary form, a range outside the text) run on
/// the main actor, as the views that show the text do. The renderer turns each run
/// into Pango attributes over the run's bytes (see `TextRunAttributes` for the call per
/// attribute), and the same attributes are used to measure and to draw.
public struct AttributedText: Hashable, Sendable, CustomStringConvertible {
    /// A stretch of characters that share attributes.
    public struct Run: Hashable, Sendable {
        /// The characters, as `Character` offsets into `string`.
        public var range: Range<Int>
        /// Their attributes.
        public var attributes: TextRunAttributes
    }

    /// The characters.
    public private(set) var string: String
    /// The runs, in order, covering `string` without gaps (none for empty text); neighbours
    /// always differ.
    public private(set) var runs: [Run]

    /// Makes text whose characters all have `attributes`.
    public init(_ string: String = "", attributes: TextRunAttributes = TextRunAttributes()) {
        self.string = string
        let count = string.count
        runs = count == 0 ? [] : [Run(range: 0..<count, attributes: attributes)]
    }

    /// Makes text from UIKit's dictionary of attributes (UIKit's
    /// `NSAttributedString(string:attributes:)`); what is not understood is reported and left out.
    @MainActor
    public init(string: String, attributes: [StringAttributeKey: Any] = [:]) {
        self.init(string, attributes: TextRunAttributes(attributes))
    }

    /// Makes text from UIKit's dictionary of attributes.
    @MainActor
    public init(_ string: String, attributes: [StringAttributeKey: Any]) {
        self.init(string, attributes: TextRunAttributes(attributes))
    }

    /// The number of characters (UIKit's `length`, counted in `Character`s).
    public var length: Int { runs.last?.range.upperBound ?? 0 }

    /// The attributes of character `index` (none past the end).
    /// - Complexity: O(log runs).
    public func attributes(at index: Int) -> TextRunAttributes {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].range.upperBound <= index { low = mid + 1 } else { high = mid }
        }
        return low < runs.count && runs[low].range.contains(index) ? runs[low].attributes : TextRunAttributes()
    }

    /// The paragraph style the whole text is laid out with: the first character's (Pango lays
    /// a layout out with one; see `ParagraphStyle`).
    public var paragraphStyle: ParagraphStyle? { runs.first?.attributes.paragraphStyle }

    /// Puts `attributes`' set fields on the characters of `range` (UIKit's
    /// `addAttributes(_:range:)`). A range reaching outside the text is cut to it, with a
    /// `ResponderDiagnostics` note (UIKit raises an exception).
    /// - Complexity: O(runs).
    @MainActor
    public mutating func addAttributes(_ attributes: TextRunAttributes, range: Range<Int>) {
        change(range) { $0.merging(attributes) }
    }

    /// Puts UIKit's dictionary of attributes on the characters of `range`.
    @MainActor
    public mutating func addAttributes(_ attributes: [StringAttributeKey: Any], range: Range<Int>) {
        addAttributes(TextRunAttributes(attributes), range: range)
    }

    /// Replaces the attributes of the characters of `range` (UIKit's `setAttributes(_:range:)`).
    @MainActor
    public mutating func setAttributes(_ attributes: TextRunAttributes, range: Range<Int>) {
        change(range) { _ in attributes }
    }

    /// Appends `other`, keeping its attributes (UIKit's `append(_:)`).
    /// - Complexity: O(runs of `other`).
    public mutating func append(_ other: AttributedText) {
        let offset = length
        string += other.string
        for run in other.runs {
            runs.append(Run(range: (run.range.lowerBound + offset)..<(run.range.upperBound + offset), attributes: run.attributes))
        }
        coalesce()
    }

    /// `left` followed by `right`.
    public static func + (left: AttributedText, right: AttributedText) -> AttributedText {
        var result = left
        result.append(right)
        return result
    }

    /// Every run's attributes changed by `transform` (the renderer resolves colours with it).
    public func mapAttributes(_ transform: (TextRunAttributes) -> TextRunAttributes) -> AttributedText {
        var result = self
        for i in result.runs.indices { result.runs[i].attributes = transform(result.runs[i].attributes) }
        result.coalesce()
        return result
    }

    /// Each run's text and attribute keys, for debugging.
    public var description: String {
        runs.map { run in
            let start = string.index(string.startIndex, offsetBy: run.range.lowerBound)
            let end = string.index(start, offsetBy: run.range.count)
            return "\"\(string[start..<end])\"\(run.attributes.dictionary.keys.map(\.rawValue).sorted())"
        }.joined(separator: " ")
    }

    // MARK: Runs

    @MainActor
    private mutating func change(_ requested: Range<Int>, _ transform: (TextRunAttributes) -> TextRunAttributes) {
        let range = requested.clamped(to: 0..<length)
        if range != requested {
            ResponderDiagnostics.report(.drawing("AttributedText: range \(requested) is outside the text's \(length) characters; cut to \(range)"))
        }
        guard !range.isEmpty else { return }
        var changed: [Run] = []
        changed.reserveCapacity(runs.count + 2)
        for run in runs {
            let overlap = run.range.clamped(to: range)
            guard !overlap.isEmpty else {
                changed.append(run)
                continue
            }
            if run.range.lowerBound < overlap.lowerBound {
                changed.append(Run(range: run.range.lowerBound..<overlap.lowerBound, attributes: run.attributes))
            }
            changed.append(Run(range: overlap, attributes: transform(run.attributes)))
            if overlap.upperBound < run.range.upperBound {
                changed.append(Run(range: overlap.upperBound..<run.range.upperBound, attributes: run.attributes))
            }
        }
        runs = changed
        coalesce()
    }

    /// Merges neighbouring runs with equal attributes.
    private mutating func coalesce() {
        var merged: [Run] = []
        merged.reserveCapacity(runs.count)
        for run in runs where !run.range.isEmpty {
            if let last = merged.last, last.attributes == run.attributes, last.range.upperBound == run.range.lowerBound {
                merged[merged.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                merged.append(run)
            }
        }
        runs = merged
    }
}
