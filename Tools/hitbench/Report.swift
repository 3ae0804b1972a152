/// hitbench's table and JSON lines.
enum Report {
    static let header = pad("shape", 12) + pad("views", 8) + pad("points", 8) + pad("p50 ns", 9) + pad("p99 ns", 9)
        + pad("ref p50 ns", 12) + pad("speedup", 9) + pad("agree", 8) + pad("allocs/hit", 11) + pad("build ms", 10)
        + pad("scroll ns", 11) + pad("B/view", 8)

    static func row(_ r: ShapeResult) -> String {
        var line = pad(r.shape, 12) + pad(String(r.views), 8) + pad(String(r.points), 8) + pad(formatNumber(r.medianNs), 9)
            + pad(formatNumber(r.p99Ns), 9) + pad(formatNumber(r.referenceMedianNs, decimals: 0), 12)
            + pad(formatNumber(r.referenceMedianNs / r.medianNs, decimals: 0) + "x", 9)
            + pad(formatNumber(r.agreePct, decimals: 2) + "%", 8) + pad(formatNumber(r.allocsPerHit, decimals: 2), 11)
            + pad(formatNumber(r.buildMs, decimals: 2), 10) + pad(formatNumber(r.scrollStepNs), 11)
            + pad(formatNumber(r.bytesPerView, decimals: 0), 8)
        line += "\n" + pad("", 12) + "mutations + 1 hit: move leaf \(formatNumber(r.moveLeafNs, decimals: 0)) ns, hide \(formatNumber(r.toggleHiddenNs, decimals: 0)) ns, "
            + "remove+insert \(formatNumber(r.addRemoveNs, decimals: 0)) ns, reorder \(formatNumber(r.reorderNs, decimals: 0)) ns, "
            + "first scroll (promotion) \(formatNumber(r.scrollPromoteUs)) µs; agreement after mutations \(formatNumber(r.mutationAgreePct, decimals: 2))%; "
            + "reference vs .hits \(formatNumber(r.referenceAgreePct, decimals: 2))% of \(r.referenceSample)"
        if r.dispatchEventsPerSec > 0 {
            line += "\n" + pad("", 12) + "dispatch: \(formatNumber(r.dispatchEventsPerSec / 1e6, decimals: 2)) M routed touch moves/s (InputEvent → touchesMoved → whole chain), \(formatNumber(r.dispatchAllocsPerEvent, decimals: 3)) allocs/event"
        }
        return line
    }

    static func footer(_ results: [ShapeResult]) -> String {
        let worstMedian = results.map(\.medianNs).max() ?? 0
        let worstP99 = results.map(\.p99Ns).max() ?? 0
        return "target: p50 <= 100 ns and p99 <= 1000 ns on every shape — worst p50 \(formatNumber(worstMedian)) ns, worst p99 \(formatNumber(worstP99)) ns"
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
        ]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func num(_ v: Double) -> String { v.isFinite ? formatNumber(v, decimals: 3) : "null" }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }
}
