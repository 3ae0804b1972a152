import Glibc
import ResponderKit
import ResponderKitTesting

/// hitbench: the hit-testing benchmark over the shared `.vtree` shapes.
///
///     hitbench [--json] [--plot FILE.svg] SHAPE.vtree SHAPE.points SHAPE.hits
///     hitbench [--json] [--plot FILE.svg] DIR          (every shape gen_trees.py wrote there)
///
/// For each shape, in one run: the index's median and p99 ns per hit (batches of 16), the reference
/// recursion's, the naive recursion over an array of structs timed alternately with the index on
/// the same points (the ratio the peers' naive C harness is compared by), agreement with `.hits`,
/// allocations per hit, index build time, memory per view, the machine's dependent-read latency
/// just before the shape (`MemoryLatency`),
/// mutation costs (scroll step, leaf move, hide, add/remove, reorder), and on app-5k the routed
/// touch-move rate. Build it in release: `swift build -c release --product hitbench`.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { _ = string.withCString { Glibc.write(2, $0, strlen($0)) } }
}

@MainActor
func runHitbench(_ arguments: [String]) -> Int32 {
    var err = StandardError()
    var json = false
    var fastOnly = false
    var answerOnly = false
    var dispatchOnly = false
    var passes: Int?
    var plotPath: String?
    var inputs: [String] = []
    var i = 0
    while i < arguments.count {
        let a = arguments[i]
        switch a {
        case "--json": json = true
        case "--fast-only": fastOnly = true
        case "--answer-only": answerOnly = true
        case "--dispatch-only": dispatchOnly = true
        case "--cells-per-view":
            guard i + 1 < arguments.count, let v = Double(arguments[i + 1]), v > 0, v <= 64 else {
                print("hitbench: --cells-per-view needs a number in (0, 64]", to: &err); return 2
            }
            HitIndex.cellsPerView = v
            i += 1
        case "--passes":
            guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 else { print("hitbench: --passes needs a positive number", to: &err); return 2 }
            passes = n
            i += 1
        case "--plot":
            guard i + 1 < arguments.count else { print("hitbench: --plot needs a file name", to: &err); return 2 }
            plotPath = arguments[i + 1]
            i += 1
        case "-h", "--help":
            print(
                "usage: hitbench [--json] [--plot FILE.svg] [--fast-only] SHAPE.vtree SHAPE.points SHAPE.hits | DIR\n  --fast-only  time only hitTest on the index (30 passes; for profiling)\n  --answer-only  with --fast-only: time only the unretained answer (Window.indexedHitTest), the index's own work\n  --dispatch-only  time only the routed touch moves (for profiling)\n  --passes N   timed passes over the points (default 5)\n  --cells-per-view X  grid cells per indexed view (default \(HitIndex.cellsPerView))"
            )
            return 0
        default:
            if a.hasPrefix("-") { print("hitbench: unknown option \(a)", to: &err); return 2 }
            inputs.append(a)
        }
        i += 1
    }
    if let plotPath, !plotPath.hasSuffix(".svg") {
        print("hitbench: --plot writes SVG; name the file *.svg (got \(plotPath))", to: &err)
        return 2
    }
    var cases: [(name: String, vtree: String, points: String, hits: String)] = []
    if inputs.count == 3 {
        let name = String(inputs[0].split(separator: "/").last ?? "shape").replacingSuffix(".vtree")
        cases.append((name, inputs[0], inputs[1], inputs[2]))
    } else if inputs.count == 1 {
        let dir = inputs[0]
        guard let names = listShapes(in: dir) else { print("hitbench: cannot read directory \(dir)", to: &err); return 2 }
        for name in names {
            let base = dir + "/" + name
            guard TextFile.exists(base + ".points"), TextFile.exists(base + ".hits") else {
                print("hitbench: \(base).vtree has no matching .points/.hits; skipped", to: &err)
                continue
            }
            cases.append((name, base + ".vtree", base + ".points", base + ".hits"))
        }
        if cases.isEmpty {
            print("hitbench: no shapes in \(dir) (make them with: python3 ../shared/bench/gen_trees.py \(dir))", to: &err)
            return 2
        }
    } else {
        print("usage: hitbench [--json] [--plot FILE.svg] SHAPE.vtree SHAPE.points SHAPE.hits | DIR", to: &err)
        return 2
    }

    if !json && !dispatchOnly {
        print(
            "hitbench — ResponderKit hit-test index vs the reference recursion"
        )
        print(Report.header)
    }
    var results: [ShapeResult] = []
    var failed = false
    for c in cases {
        let tree: VTree, points: [Point], hits: [Int]
        do {
            tree = try VTree.load(c.vtree)
            points = try VTree.parsePoints(try TextFile.read(c.points), file: c.points)
            hits = try VTree.parseHits(try TextFile.read(c.hits), file: c.hits)
        } catch {
            print("hitbench: \(error)", to: &err)
            return 2
        }
        guard points.count == hits.count else {
            print("hitbench: \(c.points) has \(points.count) points but \(c.hits) has \(hits.count) answers", to: &err)
            return 2
        }
        if dispatchOnly {
            let d = DispatchBench(tree: tree, points: points, hits: hits).run()
            print(
                "\(c.name) dispatch: \(formatNumber(d.eventsPerSecond / 1e6, decimals: 2)) M routed touch moves/s, \(formatNumber(d.allocsPerEvent, decimals: 3)) allocs/event"
            )
            if !d.delivered { print("hitbench: dispatch benchmark lost events", to: &err); failed = true }
            continue
        }
        var bench = ShapeBench(name: c.name, tree: tree, points: points, hits: hits)
        if fastOnly {
            bench.fastOnly = true
            bench.passes = 30
            bench.timesHitTest = !answerOnly
            bench.timesAnswer = answerOnly
        }
        if let passes { bench.passes = passes }
        // The machine's read latency now, to read the shape's medians against (not for profiling runs).
        let latency = fastOnly ? nil : MemoryLatency.measure()
        var result = bench.run()
        result.memoryReadNs = latency?.nanoseconds ?? []
        if c.name.hasPrefix("app"), !fastOnly {
            let d = DispatchBench(tree: tree, points: points, hits: hits).run()
            result.dispatchEventsPerSec = d.eventsPerSecond
            result.dispatchAllocsPerEvent = d.allocsPerEvent
            if !d.delivered { print("hitbench: dispatch benchmark lost events", to: &err); failed = true }
        }
        if result.agreePct < 100 || result.answerAgreePct < 100
            || (!fastOnly && (result.mutationAgreePct < 100 || result.referenceAgreePct < 100 || result.naiveAgreePct < 100))
        {
            failed = true
        }
        print(json ? Report.json(result) : Report.row(result))
        results.append(result)
    }
    if !json && !dispatchOnly { print(Report.footer(results)) }
    if let plotPath {
        do { try TextFile.write(LatencyPlot(results: results).svg(), to: plotPath) } catch {
            print("hitbench: \(error)", to: &err)
            return 2
        }
        if !json { print("plot: \(plotPath)") }
    }
    if failed { print("hitbench: DISAGREEMENT with the reference answers", to: &err) }
    return failed ? 1 : 0
}

/// The `*.vtree` files of a directory, by name without the extension, sorted.
func listShapes(in dir: String) -> [String]? {
    guard let d = opendir(dir) else { return nil }
    defer { closedir(d) }
    var names: [String] = []
    while let entry = readdir(d) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name.hasSuffix(".vtree") { names.append(name.replacingSuffix(".vtree")) }
    }
    return names.sorted()
}

extension String {
    func replacingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

exit(MainActor.assumeIsolated { runHitbench(Array(CommandLine.arguments.dropFirst())) })
