import FoundationEssentials

/// What a table shows (UIKit's `UITableViewDataSource`): how many sections and rows, and the
/// cell for a row (`dequeueReusableCell(withIdentifier:for:)`, configured). Section titles are
/// optional (empty defaults, UIKit's optionals).
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// The number of sections. Default 1.
    func numberOfSections(in tableView: TableView) -> Int
    /// The number of rows in `section`.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for the row at `indexPath`: dequeue one and configure it.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// The title of `section`'s header (nil: no title). Default nil.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// The title of `section`'s footer (nil: no title). Default nil.
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
}

extension TableViewDataSource {
    /// One section.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// No header title.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title.
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
}
