/// hitbench's table and JSON lines.
enum Report {
    static let header =
        pad("shape", 12) + pad("views", 8) + pad("points", 8) + pad("p50 ns", 9) + pad("p99 ns", 9)
        + pad("ref p50 ns", 12) + pad("speedup", 9) + pad("agree", 8) + pad("allocs/hit", 11) + pad("build ms", 10)
        + pad("scroll ns", 11) + pad("B/view", 8)

    static func row(_ r: ShapeResult) -> String {
        var line =
            pad(r.shape, 12) + pad(String(r.views), 8) + pad(String(r.points), 8) + pad(formatNumber(r.medianNs), 9)
            + pad(formatNumber(r.p99Ns), 9) + pad(formatNumber(r.referenceMedianNs, decimals: 0), 12)
            + pad(formatNumber(r.referenceMedianNs / r.medianNs, decimals: 0) + "x", 9)
            + pad(formatNumber(r.agreePct, decimals: 2) + "%", 8) + pad(formatNumber(r.allocsPerHit, decimals: 2), 11)
            + pad(formatNumber(r.buildMs, decimals: 2), 10) + pad(formatNumber(r.scrollStepNs), 11)
            + pad(formatNumber(r.bytesPerView, decimals: 0), 8)
        line +=
            "\n" + pad("", 12)
            + "mutations + 1 hit: move leaf \(formatNumber(r.moveLeafNs, decimals: 0)) ns, hide \(formatNumber(r.toggleHiddenNs, decimals: 0)) ns, "
            + "remove+insert \(formatNumber(r.addRemoveNs, decimals: 0)) ns, reorder \(formatNumber(r.reorderNs, decimals: 0)) ns, "
            + "first scroll (promotion) \(formatNumber(r.scrollPromoteUs)) µs; agreement after mutations \(formatNumber(r.mutationAgreePct, decimals: 2))%; "
            + "reference vs .hits \(formatNumber(r.referenceAgreePct, decimals: 2))% of \(r.referenceSample)"
        if r.memoryReadNs.count == MemoryLatency.sizes.count {
            let reads = MemoryLatency(nanoseconds: r.memoryReadNs)
            line +=
                "\n" + pad("", 12)
                + "machine, just before: a dependent random read \(reads.description); the answer's p50 is "
                + "\(formatNumber(r.answerMedianNs / r.memoryReadNs[MemoryLatency.reference], decimals: 2)) of the 8 MB reads"
        }
        if r.dispatchEventsPerSec > 0 {
            line +=
                "\n" + pad("", 12)
                + "dispatch: \(formatNumber(r.dispatchEventsPerSec / 1e6, decimals: 2)) M routed touch moves/s (InputEvent → touchesMoved → whole chain), \(formatNumber(r.dispatchAllocsPerEvent, decimals: 3)) allocs/event"
        }
        return line
    }

    /// The one-run comparison against the naive recursion, and the targets of issue 12.
    ///
    /// Two index columns: `hitTest` (the API, returning a retained `View?`) and the answer alone
    /// (`Window.indexedHitTest`, unretained). The naive recursion returns an id, so the answer
    /// column is the like-for-like comparison of the two searches; the difference between the two
    /// index columns is what returning a retained view costs (an atomic increment on the answered
    /// view's object, a memory miss when that object is cold).
    static func footer(_ results: [ShapeResult]) -> String {
        var out =
            "\nthe index vs the naive recursion over an array of structs, interleaved on the same points (chunks of 2,048, "
            + "each method in turn, each first and right after each other equally often; batches of 16):\n"
        out +=
            pad("shape", 12) + pad("points", 8) + pad("hitTest p50", 12) + pad("p99", 8) + pad("answer p50", 11) + pad("p99", 8)
            + pad("naive p50", 10) + pad("p99", 8) + pad("ratio", 7) + pad("ratio (answer)", 15) + pad("naive agree", 12)
            + pad("read p50", 9) + "\n"
        var worstRatio = Double.infinity, worstAnswerRatio = Double.infinity
        for r in results where r.naiveSample > 0 {
            out +=
                pad(r.shape, 12) + pad(String(r.naiveSample), 8) + pad(formatNumber(r.pairedIndexMedianNs), 12)
                + pad(formatNumber(r.pairedIndexP99Ns, decimals: 0), 8) + pad(formatNumber(r.pairedAnswerMedianNs), 11)
                + pad(formatNumber(r.pairedAnswerP99Ns, decimals: 0), 8) + pad(formatNumber(r.naiveMedianNs, decimals: 0), 10)
                + pad(formatNumber(r.naiveP99Ns, decimals: 0), 8) + pad(formatNumber(r.ratio) + "x", 7)
                + pad(formatNumber(r.answerRatio) + "x", 15) + pad(formatNumber(r.naiveAgreePct, decimals: 2) + "%", 12)
                + pad(formatNumber(r.pairedReadMedianNs), 9) + "\n"
            worstRatio = min(worstRatio, r.ratio)
            worstAnswerRatio = min(worstAnswerRatio, r.answerRatio)
        }
        out +=
            "\nthe same, each method in whole passes over the same points (steady state, as a benchmark loop runs it), "
            + "\(ShapeBench.steadyRounds) rounds, each method first once and right after each other once, batches of 16:\n"
        out +=
            pad("shape", 12) + pad("points", 8) + pad("hitTest p50", 12) + pad("answer p50", 11) + pad("naive p50", 10)
            + pad("ratio", 7) + pad("ratio (answer)", 15) + pad("read p50", 9) + "\n"
        var worstSteady = Double.infinity, worstSteadyAnswer = Double.infinity
        for r in results where r.steadySample > 0 {
            out +=
                pad(r.shape, 12) + pad(String(r.steadySample), 8) + pad(formatNumber(r.steadyIndexMedianNs), 12)
                + pad(formatNumber(r.steadyAnswerMedianNs), 11) + pad(formatNumber(r.steadyNaiveMedianNs, decimals: 0), 10)
                + pad(formatNumber(r.steadyRatio) + "x", 7) + pad(formatNumber(r.steadyAnswerRatio) + "x", 15)
                + pad(formatNumber(r.steadyReadMedianNs), 9) + "\n"
            worstSteady = min(worstSteady, r.steadyRatio)
            worstSteadyAnswer = min(worstSteadyAnswer, r.steadyAnswerRatio)
        }
        out +=
            "read p50: the answer, then a plain load from the answered view's object (its reference-count word): the object's "
            + "cache miss without the atomic increment hitTest's View? result costs (hitTest - read)\n"
        out += "index alone (the fast-path passes above): answer p50/p99 ns, and what returning a retained view adds to the p50:\n"
        for r in results {
            out +=
                "  \(r.shape) \(formatNumber(r.answerMedianNs))/\(formatNumber(r.answerP99Ns)), +\(formatNumber(r.medianNs - r.answerMedianNs)) ns;"
                + " same answer as hitTest on \(formatNumber(r.answerAgreePct, decimals: 2))% of the points\n"
        }
        func medians(_ value: (ShapeResult) -> Double) -> String {
            var line = ""
            for r in results {
                let limit = r.shape.hasPrefix("deep") || r.shape.hasPrefix("wide") ? 150.0 : 100.0
                line += " \(r.shape) \(formatNumber(value(r)))/\(Int(limit))"
            }
            return line
        }
        func worst(_ ratio: Double) -> String { ratio.isFinite ? formatNumber(ratio) + "x" : "n/a" }
        let measured = results.filter { !$0.memoryReadNs.isEmpty }
        if !measured.isEmpty {
            out +=
                "answer p50 in dependent random reads over 8 MB (each shape against the read measured just before it):"
                + measured.map { " \($0.shape) \(formatNumber($0.answerMedianNs / $0.memoryReadNs[MemoryLatency.reference], decimals: 2))" }
                .joined(separator: ",")
                + "\n"
        }
        out +=
            "targets: ratio >= 2x on every shape (worst, interleaved: hitTest \(worst(worstRatio)), answer \(worst(worstAnswerRatio)); "
            + "steady: hitTest \(worst(worstSteady)), answer \(worst(worstSteadyAnswer))); "
            + "p50 ns <= 100 (grid, overlap, app) or 150 (deep, wide): hitTest\(medians(\.medianNs)); answer\(medians(\.answerMedianNs)); "
            + "p99 <= 500 ns (worst: hitTest \(formatNumber(results.map(\.p99Ns).max() ?? 0)), answer \(formatNumber(results.map(\.answerP99Ns).max() ?? 0)))"
        return out
    }

    static func json(_ r: ShapeResult) -> String {
        let fields: [(String, String)] = [
            ("shape", "\"\(r.shape)\""), ("views", String(r.views)), ("points", String(r.points)),
            ("median_ns", num(r.medianNs)), ("p99_ns", num(r.p99Ns)),
            ("reference_median_ns", num(r.referenceMedianNs)), ("reference_p99_ns", num(r.referenceP99Ns)),
            ("reference_sample", String(r.referenceSample)), ("agree_pct", num(r.agreePct)),
            ("reference_agree_pct", num(r.referenceAgreePct)), ("allocs_per_hit", num(r.allocsPerHit)),
            ("build_ms", num(r.buildMs)), ("scroll_step_ns", num(r.scrollStepNs)), ("scroll_promote_us", num(r.scrollPromoteUs)),
            ("move_leaf_ns", num(r.moveLeafNs)), ("toggle_hidden_ns", num(r.toggleHiddenNs)),
            ("add_remove_ns", num(r.addRemoveNs)), ("reorder_ns", num(r.reorderNs)),
            ("mutation_agree_pct", num(r.mutationAgreePct)), ("bytes_per_view", num(r.bytesPerView)),
            ("index_spaces", String(r.spaces)), ("dispatch_events_per_sec", num(r.dispatchEventsPerSec)),
            ("dispatch_allocs_per_event", num(r.dispatchAllocsPerEvent)),
            ("paired_index_median_ns", num(r.pairedIndexMedianNs)), ("paired_index_p99_ns", num(r.pairedIndexP99Ns)),
            ("naive_median_ns", num(r.naiveMedianNs)), ("naive_p99_ns", num(r.naiveP99Ns)),
            ("naive_sample", String(r.naiveSample)), ("naive_agree_pct", num(r.naiveAgreePct)),
            ("answer_median_ns", num(r.answerMedianNs)), ("answer_p99_ns", num(r.answerP99Ns)),
            ("answer_agree_pct", num(r.answerAgreePct)), ("paired_answer_median_ns", num(r.pairedAnswerMedianNs)),
            ("paired_answer_p99_ns", num(r.pairedAnswerP99Ns)), ("steady_sample", String(r.steadySample)),
            ("steady_index_median_ns", num(r.steadyIndexMedianNs)), ("steady_answer_median_ns", num(r.steadyAnswerMedianNs)),
            ("steady_naive_median_ns", num(r.steadyNaiveMedianNs)),
            ("steady_read_median_ns", num(r.steadyReadMedianNs)), ("paired_read_median_ns", num(r.pairedReadMedianNs)),
            ("read_2mb_ns", num(r.memoryRead(0))), ("read_8mb_ns", num(r.memoryRead(1))), ("read_128mb_ns", num(r.memoryRead(2)))
        ]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func num(_ v: Double) -> String { v.isFinite ? formatNumber(v, decimals: 3) : "null" }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }
}
