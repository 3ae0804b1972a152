import FoundationEssentials

/// The state of a list's data by identifiers (UIKit's `NSDiffableDataSourceSnapshot`): sections
/// and the items in each, every identifier unique. Build one and give it to a diffable data
/// source's `apply(_:animatingDifferences:)`, which works out the inserts, deletes and moves.
///
/// Identifiers must be unique across the snapshot (sections among sections, items among
/// items). Adding one that is already there is a programming error (UIKit raises): it is
/// reported, naming the identifier and where it already is, and the duplicate is left out.
/// Naming an identifier that is not there (to delete, move or insert next to it) is reported the
/// same way and changes nothing.
///
/// - Complexity: lookups of an item's section are O(1) (hashed); an item's index is O(items of
///   its section); appends are O(appended).
@MainActor
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    /// The sections, in order.
    public private(set) var sectionIdentifiers: [SectionIdentifierType] = []
    /// The items of each section, in order.
    private var items: [[ItemIdentifierType]] = []
    /// Where each section is in `sectionIdentifiers`.
    private var sectionIndexes: [SectionIdentifierType: Int] = [:]
    /// The section of each item.
    private var sectionOfItem: [ItemIdentifierType: SectionIdentifierType] = [:]
    /// Items whose cells are to be made again when applied.
    private(set) var reloadedItems: Set<ItemIdentifierType> = []
    /// Sections whose items are to be made again when applied.
    private(set) var reloadedSections: Set<SectionIdentifierType> = []

    /// An empty snapshot.
    public init() {}

    // MARK: Reading

    /// The number of items, all sections.
    public var numberOfItems: Int { sectionOfItem.count }
    /// The number of sections.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    /// The number of items in `section` (0 when it is not there).
    public func numberOfItems(inSection section: SectionIdentifierType) -> Int {
        sectionIndexes[section].map { items[$0].count } ?? 0
    }
    /// The items of `section`, in order (empty when it is not there).
    public func itemIdentifiers(inSection section: SectionIdentifierType) -> [ItemIdentifierType] {
        sectionIndexes[section].map { items[$0] } ?? []
    }
    /// The section that holds `item`, nil when it is not there.
    public func sectionIdentifier(containingItem item: ItemIdentifierType) -> SectionIdentifierType? { sectionOfItem[item] }
    /// The index of `item` in its section, nil when it is not there.
    public func indexOfItem(_ item: ItemIdentifierType) -> Int? {
        sectionOfItem[item].flatMap { sectionIndexes[$0] }.flatMap { items[$0].firstIndex(of: item) }
    }
    /// The index of `section`, nil when it is not there.
    public func indexOfSection(_ section: SectionIdentifierType) -> Int? { sectionIndexes[section] }

    /// The items of the section at `index` (internal: the data sources read by index).
    func items(atSection index: Int) -> [ItemIdentifierType] { items[index] }

    // MARK: Sections

    /// Adds sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        insertSections(identifiers, at: sectionIdentifiers.count)
    }
    /// Inserts sections before `section`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection section: SectionIdentifierType) {
        guard let index = existingSection(section, "insert sections before section \(section)") else { return }
        insertSections(identifiers, at: index)
    }
    /// Inserts sections after `section`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection section: SectionIdentifierType) {
        guard let index = existingSection(section, "insert sections after section \(section)") else { return }
        insertSections(identifiers, at: index + 1)
    }
    /// Deletes sections with their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let gone = Set(identifiers)
        for identifier in identifiers where sectionIndexes[identifier] == nil {
            report("cannot delete section \(identifier): it is not in the snapshot")
        }
        for (index, section) in sectionIdentifiers.enumerated() where gone.contains(section) {
            for item in items[index] { sectionOfItem[item] = nil }
        }
        let kept = sectionIdentifiers.indices.filter { !gone.contains(sectionIdentifiers[$0]) }
        items = kept.map { items[$0] }
        sectionIdentifiers = kept.map { sectionIdentifiers[$0] }
        reindexSections()
    }
    /// Moves `identifier` before `section`.
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection section: SectionIdentifierType) {
        moveSection(identifier, relativeTo: section, after: false)
    }
    /// Moves `identifier` after `section`.
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection section: SectionIdentifierType) {
        moveSection(identifier, relativeTo: section, after: true)
    }
    /// Marks sections so their items' cells are made again when applied.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers where existingSection(identifier, "reload section \(identifier)") != nil { reloadedSections.insert(identifier) }
    }

    // MARK: Items

    /// Adds items at the end of `section` (nil: the last section).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil) {
        guard let target = section ?? sectionIdentifiers.last else {
            return report("cannot append items: the snapshot has no section (append one first)")
        }
        guard let index = existingSection(target, "append items to section \(target)") else { return }
        insertItems(identifiers, section: index, at: items[index].count)
    }
    /// Inserts items before `item`.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem item: ItemIdentifierType) {
        guard let (section, index) = existingItem(item, "insert items before item \(item)") else { return }
        insertItems(identifiers, section: section, at: index)
    }
    /// Inserts items after `item`.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem item: ItemIdentifierType) {
        guard let (section, index) = existingItem(item, "insert items after item \(item)") else { return }
        insertItems(identifiers, section: section, at: index + 1)
    }
    /// Deletes items.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        var bySection: [Int: Set<ItemIdentifierType>] = [:]
        for item in identifiers {
            guard let section = sectionOfItem[item], let index = sectionIndexes[section] else {
                report("cannot delete item \(item): it is not in the snapshot")
                continue
            }
            bySection[index, default: []].insert(item)
            sectionOfItem[item] = nil
            reloadedItems.remove(item)
        }
        for (index, gone) in bySection { items[index].removeAll { gone.contains($0) } }
    }
    /// Deletes every item (the sections stay).
    public mutating func deleteAllItems() {
        items = items.map { _ in [] }
        sectionOfItem = [:]
        reloadedItems = []
    }
    /// Moves `identifier` before `item`.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem item: ItemIdentifierType) {
        moveItem(identifier, relativeTo: item, after: false)
    }
    /// Moves `identifier` after `item`.
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem item: ItemIdentifierType) {
        moveItem(identifier, relativeTo: item, after: true)
    }
    /// Marks items so their cells are made again when applied.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for item in identifiers where existingItem(item, "reload item \(item)") != nil { reloadedItems.insert(item) }
    }
    /// Marks items so their cells are configured again (here the same as `reloadItems`).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) { reloadItems(identifiers) }

    /// Forgets the reload marks (the data source applied them).
    mutating func clearReloads() {
        reloadedItems = []
        reloadedSections = []
    }

    // MARK: Helpers

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], at index: Int) {
        var fresh: [SectionIdentifierType] = []
        var seen = Set<SectionIdentifierType>()
        for identifier in identifiers {
            if let existing = sectionIndexes[identifier] {
                report("section \(identifier) is already in the snapshot (at index \(existing)); identifiers must be unique, the duplicate is left out")
            } else if !seen.insert(identifier).inserted {
                report("section \(identifier) appears twice in the sections added; identifiers must be unique, the duplicate is left out")
            } else {
                fresh.append(identifier)
            }
        }
        sectionIdentifiers.insert(contentsOf: fresh, at: index)
        items.insert(contentsOf: fresh.map { _ in [] }, at: index)
        reindexSections()
    }

    private mutating func insertItems(_ identifiers: [ItemIdentifierType], section: Int, at index: Int) {
        var fresh: [ItemIdentifierType] = []
        fresh.reserveCapacity(identifiers.count)
        let sectionIdentifier = sectionIdentifiers[section]
        for item in identifiers {
            if let existing = sectionOfItem[item] {
                report("item \(item) is already in the snapshot (in section \(existing)); identifiers must be unique, the duplicate is left out")
                continue
            }
            sectionOfItem[item] = sectionIdentifier
            fresh.append(item)
        }
        items[section].insert(contentsOf: fresh, at: index)
    }

    private mutating func moveItem(_ identifier: ItemIdentifierType, relativeTo item: ItemIdentifierType, after: Bool) {
        guard identifier != item else { return }
        guard let (from, fromIndex) = existingItem(identifier, "move item \(identifier)") else { return }
        guard existingItem(item, "move an item next to item \(item)") != nil else { return }
        items[from].remove(at: fromIndex)
        sectionOfItem[identifier] = nil
        let (to, toIndex) = existingItem(item, "")!
        sectionOfItem[identifier] = sectionIdentifiers[to]
        items[to].insert(identifier, at: after ? toIndex + 1 : toIndex)
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, relativeTo section: SectionIdentifierType, after: Bool) {
        guard identifier != section, let from = existingSection(identifier, "move section \(identifier)"),
            existingSection(section, "move a section next to section \(section)") != nil
        else { return }
        let moving = items.remove(at: from)
        sectionIdentifiers.remove(at: from)
        reindexSections()
        let to = sectionIndexes[section]! + (after ? 1 : 0)
        sectionIdentifiers.insert(identifier, at: to)
        items.insert(moving, at: to)
        reindexSections()
    }

    private mutating func reindexSections() {
        sectionIndexes.removeAll(keepingCapacity: true)
        for (index, section) in sectionIdentifiers.enumerated() { sectionIndexes[section] = index }
    }

    private func existingSection(_ section: SectionIdentifierType, _ purpose: String) -> Int? {
        guard let index = sectionIndexes[section] else {
            report("cannot \(purpose): section \(section) is not in the snapshot")
            return nil
        }
        return index
    }

    private func existingItem(_ item: ItemIdentifierType, _ purpose: String) -> (section: Int, index: Int)? {
        guard let section = sectionOfItem[item].flatMap({ sectionIndexes[$0] }), let index = items[section].firstIndex(of: item) else {
            report("cannot \(purpose): item \(item) is not in the snapshot")
            return nil
        }
        return (section, index)
    }

    private func report(_ message: String) {
        ResponderDiagnostics.report(.layout("DiffableDataSourceSnapshot: \(message)"))
    }
}
