/// The cells a list keeps for reuse, by reuse identifier, and how to make new ones: the part of
/// UIKit's `register(_:forCellReuseIdentifier:)` / `dequeueReusableCell(withIdentifier:for:)`
/// that a table and a collection view share.
///
/// A cell that scrolls out of view goes back here (hidden, still a subview of the list, so
/// nothing in the view tree or the hit index is rebuilt); `dequeue` hands it out again, after
/// `prepareForReuse()`, before making a new one. So a list keeps only the cells on screen plus
/// the few that left it since the last turn, whatever its number of rows.
@MainActor
struct ReusePool<Cell: View> {
    /// Makes a cell for a reuse identifier (the registered class's `init(frame:)` with the
    /// identifier, or a subclass's).
    typealias Factory = @MainActor (_ reuseIdentifier: String) -> Cell

    private var factories: [String: Factory] = [:]
    /// Which stack of `stacks` holds each identifier's idle cells. The stacks live in an array
    /// mutated by index, in place: an array inside a dictionary value is copied when popped or
    /// appended through the dictionary's subscripts (three allocations a cell, measured).
    private var stackIndex: [String: Int] = [:]
    private var stacks: [[Cell]] = []

    /// How many cells the pool made in all (tests and benchmarks read it).
    private(set) var made = 0

    /// Registers how cells for `identifier` are made (a later registration replaces it; nil
    /// unregisters).
    mutating func register(_ factory: Factory?, for identifier: String) {
        factories[identifier] = factory
        if factory == nil, let index = stackIndex[identifier] { stacks[index].removeAll() }
    }

    /// Whether `identifier` was registered.
    func isRegistered(_ identifier: String) -> Bool { factories[identifier] != nil }

    /// An idle cell for `identifier`, or a new one; nil when the identifier was never registered.
    /// - Complexity: O(1) amortized; no allocation when an idle cell is there (the arrays keep
    ///   their capacity).
    mutating func dequeue(_ identifier: String) -> (cell: Cell, isNew: Bool)? {
        if let index = stackIndex[identifier], let cell = stacks[index].popLast() { return (cell, false) }
        guard let factory = factories[identifier] else { return nil }
        made += 1
        return (factory(identifier), true)
    }

    /// Puts `cell` back for reuse under `identifier`.
    /// - Complexity: O(1) amortized.
    mutating func enqueue(_ cell: Cell, identifier: String) {
        if let index = stackIndex[identifier] {
            stacks[index].append(cell)
        } else {
            stackIndex[identifier] = stacks.count
            stacks.append([cell])
        }
    }

    /// The idle cells, every identifier.
    var idleCells: [Cell] { stacks.flatMap { $0 } }

    /// How many cells are idle, every identifier.
    var idleCount: Int { stacks.reduce(0) { $0 + $1.count } }

    /// Forgets every idle cell (they are returned so the list can take them out of its tree).
    mutating func drain() -> [Cell] {
        let cells = idleCells
        for index in stacks.indices { stacks[index].removeAll(keepingCapacity: true) }
        return cells
    }
}
