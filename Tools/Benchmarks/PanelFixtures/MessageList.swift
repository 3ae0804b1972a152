import ResponderKit

/// Fixtures the panel benchmarks share (`scrollbench`, `renderbench panel`), so both measure the
/// same tree: a change to the list changes both figures.
public enum PanelFixtures {
    /// A full-`size` `ScrollView` of `rows` rows, `rowHeight` points each, as an inbox draws them:
    /// alternating white and light grey backgrounds, a label "Message N" on the left and an
    /// "Open" button on the right; its content size holds every row and its scroll indicator is
    /// off (it would be drawn over the rows in every frame).
    /// - Complexity: O(rows) views made.
    @MainActor
    public static func messageList(size: Size, rows: Int = 10_000, rowHeight: Double = 44) -> ScrollView {
        let list = ScrollView(frame: Rect(origin: .zero, size: size))
        list.showsVerticalScrollIndicator = false
        for i in 0..<rows {
            let row = View(frame: Rect(x: 0, y: Double(i) * rowHeight, width: size.width, height: rowHeight))
            row.backgroundColor = i % 2 == 0 ? .white : Color(white: 0.96)
            let label = Label(frame: Rect(x: 12, y: 0, width: 300, height: rowHeight))
            label.text = "Message \(i)"
            row.addSubview(label)
            let button = Button(frame: Rect(x: size.width - 100, y: 6, width: 88, height: rowHeight - 12))
            button.setTitle("Open", for: .normal)
            row.addSubview(button)
            list.addSubview(row)
        }
        list.contentSize = Size(width: size.width, height: Double(rows) * rowHeight)
        return list
    }
}
