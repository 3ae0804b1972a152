import Glibc
import ResponderKit

/// layoutbench: the Auto Layout solver on 1,000 views in nested stacks made with constraints.
///
///     layoutbench [RUNS]     (default 7 full solves; 26 × RUNS constant changes)
///
/// The tree: a window of 1280×800 holds a row of 10 columns; each column is a stack of 10 rows;
/// each row a stack of 10 leaves — 1,000 leaves and 110 containers, placed only by constraints
/// (edges chained with spacing, equal sizes, containers pinned to their parents: ~4,700
/// constraints). "Full solve" times activating every constraint into a fresh window's engine and
/// the layout pass that sets the 1,110 frames. "One constant changed" times changing the spacing
/// between two columns (which moves 900 views) and the layout pass. Medians are printed; the
/// incremental change must be at least 20× faster than the full solve (exit status 1 if not).
/// Build it in release: `swift build -c release --product layoutbench`.
@MainActor
struct LayoutBench {
    let window: Window
    let spacing: LayoutConstraint
    let leaves: [View]

    /// Builds the tree and its constraints (inactive).
    static func make() -> (LayoutBench, [LayoutConstraint]) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        var constraints: [LayoutConstraint] = []
        var leaves: [View] = []
        let root = View()
        root.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(root)
        constraints += [
            root.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            root.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -10),
            root.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            root.bottomAnchor.constraint(equalTo: window.bottomAnchor, constant: -10)
        ]
        var firstSpacing: LayoutConstraint?
        /// `children` side by side (or stacked) in `parent`, equal sizes, `gap` between.
        func stack(_ children: [View], in parent: View, horizontal: Bool, gap: Double) {
            for (index, child) in children.enumerated() {
                child.translatesAutoresizingMaskIntoConstraints = false
                parent.addSubview(child)
                if horizontal {
                    constraints += [
                        child.topAnchor.constraint(equalTo: parent.topAnchor),
                        child.bottomAnchor.constraint(equalTo: parent.bottomAnchor)
                    ]
                    if index == 0 {
                        constraints.append(child.leadingAnchor.constraint(equalTo: parent.leadingAnchor))
                    } else {
                        let edge = child.leadingAnchor.constraint(equalTo: children[index - 1].trailingAnchor, constant: gap)
                        if firstSpacing == nil { firstSpacing = edge }
                        constraints.append(edge)
                        constraints.append(child.widthAnchor.constraint(equalTo: children[0].widthAnchor))
                    }
                    if index == children.count - 1 { constraints.append(child.trailingAnchor.constraint(equalTo: parent.trailingAnchor)) }
                } else {
                    constraints += [
                        child.leadingAnchor.constraint(equalTo: parent.leadingAnchor),
                        child.trailingAnchor.constraint(equalTo: parent.trailingAnchor)
                    ]
                    if index == 0 {
                        constraints.append(child.topAnchor.constraint(equalTo: parent.topAnchor))
                    } else {
                        constraints.append(child.topAnchor.constraint(equalTo: children[index - 1].bottomAnchor, constant: gap))
                        constraints.append(child.heightAnchor.constraint(equalTo: children[0].heightAnchor))
                    }
                    if index == children.count - 1 { constraints.append(child.bottomAnchor.constraint(equalTo: parent.bottomAnchor)) }
                }
            }
        }
        let columns = (0..<10).map { _ in View() }
        stack(columns, in: root, horizontal: true, gap: 8)
        let spacing = firstSpacing!
        for column in columns {
            let rows = (0..<10).map { _ in View() }
            stack(rows, in: column, horizontal: false, gap: 4)
            for row in rows {
                let cells = (0..<10).map { _ in View() }
                stack(cells, in: row, horizontal: true, gap: 2)
                leaves += cells
            }
        }
        return (LayoutBench(window: window, spacing: spacing, leaves: leaves), constraints)
    }
}

func nanoseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1e9 + Double(now.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

@MainActor
func run(runs: Int) -> Int32 {
    var full: [Double] = []
    var incremental: [Double] = []
    var constraintCount = 0
    for _ in 0..<runs {
        let (bench, constraints) = LayoutBench.make()
        constraintCount = constraints.count
        let start = nanoseconds()
        LayoutConstraint.activate(constraints)
        bench.window.layoutIfNeeded()
        full.append(nanoseconds() - start)
        let probe = bench.leaves[999]
        let before = probe.frame
        for step in 0..<26 {
            let start = nanoseconds()
            bench.spacing.constant = step % 2 == 0 ? 20 : 8
            bench.window.layoutIfNeeded()
            incremental.append(nanoseconds() - start)
        }
        // The last change put the spacing back at 8: the frames must be where the full solve put them.
        guard probe.frame == before, probe.frame.width > 0 else {
            print("layoutbench: the frames after the changes differ from the full solve (\(probe.frame) vs \(before))")
            return 1
        }
    }
    let fullMedian = median(full)
    let incrementalMedian = median(incremental)
    let ratio = fullMedian / incrementalMedian
    print("layoutbench: 1,110 views (1,000 leaves in 10×10 nested stacks), \(constraintCount) constraints")
    print("full solve (activate + layout pass)      median \(String(format1: fullMedian / 1e6)) ms over \(full.count) runs")
    print("one constant changed (+ layout pass)     median \(String(format1: incrementalMedian / 1e3)) µs over \(incremental.count) changes")
    print("incremental speed-up                     \(String(format1: ratio))× (must be ≥ 20×)")
    return ratio >= 20 ? 0 : 1
}

extension String {
    /// `value` with one decimal.
    init(format1 value: Double) {
        let tenths = (value * 10).rounded()
        self = "\(Int(tenths) / 10).\(abs(Int(tenths)) % 10)"
    }
}

let arguments = CommandLine.arguments.dropFirst()
var runs = 7
if let first = arguments.first {
    guard let n = Int(first), n > 0, n <= 1000 else {
        print("usage: layoutbench [RUNS]   (a positive number of full solves, default 7)")
        exit(2)
    }
    runs = n
}
exit(MainActor.assumeIsolated { run(runs: runs) })
