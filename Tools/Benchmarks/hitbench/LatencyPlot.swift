import Glibc

/// The latency distribution per shape as an SVG chart: the cumulative share of batches (y) under
/// each per-hit time (x, logarithmic), one line per shape.
struct LatencyPlot {
    let results: [ShapeResult]

    func svg() -> String {
        let width = 900.0, height = 520.0, left = 70.0, right = 200.0, top = 30.0, bottom = 60.0
        let plotW = width - left - right, plotH = height - top - bottom
        let all = results.flatMap(\.batchNs).filter { $0 > 0 && $0.isFinite }
        let lo = max(1, (all.min() ?? 1) * 0.8), hi = max(lo * 10, (all.max() ?? 1000) * 1.2)
        func x(_ ns: Double) -> Double { left + plotW * (log10(max(ns, lo)) - log10(lo)) / (log10(hi) - log10(lo)) }
        func y(_ share: Double) -> Double { top + plotH * (1 - share) }
        let colors = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2"]
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        out += "<text x=\"\(left)\" y=\"18\" font-size=\"14\">hitbench: per-hit latency distribution (batches of 16 hits, fast path)</text>\n"
        out += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(plotW)\" height=\"\(plotH)\" fill=\"none\" stroke=\"#444\"/>\n"
        var decade = pow(10, floor(log10(lo)))
        while decade <= hi {
            if decade >= lo {
                let px = x(decade)
                out += "<line x1=\"\(px)\" y1=\"\(top)\" x2=\"\(px)\" y2=\"\(top + plotH)\" stroke=\"#ddd\"/>\n"
                out += "<text x=\"\(px)\" y=\"\(top + plotH + 18)\" text-anchor=\"middle\">\(Int(decade)) ns</text>\n"
            }
            decade *= 10
        }
        for share in [0.0, 0.5, 1.0] {
            out += "<text x=\"\(left - 8)\" y=\"\(y(share) + 4)\" text-anchor=\"end\">\(Int(share * 100))%</text>\n"
            out += "<line x1=\"\(left)\" y1=\"\(y(share))\" x2=\"\(left + plotW)\" y2=\"\(y(share))\" stroke=\"#eee\"/>\n"
        }
        for (i, result) in results.enumerated() {
            let sorted = result.batchNs.sorted()
            guard !sorted.isEmpty else { continue }
            let color = colors[i % colors.count]
            let stride = max(1, sorted.count / 400)
            var path = ""
            var k = 0
            while k < sorted.count {
                let share = Double(k + 1) / Double(sorted.count)
                path += (path.isEmpty ? "M" : " L") + "\(formatNumber(x(sorted[k]), decimals: 1)),\(formatNumber(y(share), decimals: 1))"
                k += stride
            }
            path += " L\(formatNumber(x(sorted[sorted.count - 1]), decimals: 1)),\(formatNumber(y(1), decimals: 1))"
            out += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            let ly = top + 20 + Double(i) * 20
            out += "<line x1=\"\(left + plotW + 15)\" y1=\"\(ly - 4)\" x2=\"\(left + plotW + 35)\" y2=\"\(ly - 4)\" stroke=\"\(color)\" stroke-width=\"3\"/>\n"
            out += "<text x=\"\(left + plotW + 40)\" y=\"\(ly)\">\(result.shape) (p50 \(formatNumber(result.medianNs)) ns)</text>\n"
        }
        out += "<text x=\"\(left + plotW / 2)\" y=\"\(height - 15)\" text-anchor=\"middle\">ns per hit (log scale)</text>\n"
        out += "</svg>\n"
        return out
    }
}
