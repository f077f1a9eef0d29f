import Foundation
import ReelCore
import ReelLayers
import ReelRender
import ReelText
import ReelTimeline

/// `reel profile --chart`: per-frame cost stacked by stage, drawn by Reel as a layer tree. A
/// title, a legend of the stages, a millisecond axis with labelled grid lines, and frame
/// numbers under the bars, which share the plot's width whatever the frame count. The scale
/// ends at the 99th percentile; frames above it are cut there and marked.
extension ProfileReport {
    /// The chart, `width` x `height` pixels.
    public func chart(width: Int = 1200, height: Int = 400) -> PixelBuffer {
        let (w, h) = (Double(width), Double(height))
        let plot = Rect(x: 64, y: 64, width: w - 84, height: h - 104)
        var layers: [Layer] = []
        func box(_ id: String, _ r: Rect, _ hex: String) {
            var l = Layer(id: id)
            l.frame = r
            l.backgroundColor = Color(hex: hex)
            layers.append(l)
        }
        func label(_ id: String, _ text: String, _ r: Rect, size: Double, hex: String = "#D8D8E0", align: TextAlignment = .left) {
            var l = Layer(id: id)
            l.layerClass = .textLayer
            l.frame = r
            l.text.runs = [TextRun(text)]
            l.text.fontSize = size
            l.text.foregroundColor = Color(hex: hex) ?? .white
            l.text.alignmentMode = align
            l.text.truncationMode = .end
            layers.append(l)
        }
        let fps = framesPerSecond
        label(
            "title",
            "\(timeline): \(records.count) frames at \(self.width)x\(self.height), \(threads) thread\(threads == 1 ? "" : "s"), "
                + String(format: "%.1f frames/s", fps), Rect(x: 16, y: 12, width: w * 0.6, height: 26), size: 17)
        // Legend, right-aligned in the top margin.
        var x = w - 20
        for stage in stages.reversed() {
            let name = stage.rawValue
            let measured = Typesetter.systemFonts.layout(
                TextBlock(runs: [TextRun(name)], font: "Helvetica", fontSize: 14, width: w, height: h))
            let textWidth = measured.lines.first?.width ?? 0
            x -= textWidth
            label("legend-\(name)", name, Rect(x: x, y: 16, width: textWidth + 4, height: 20), size: 14)
            x -= 18
            box("swatch-\(name)", Rect(x: x, y: 20, width: 12, height: 12), Self.chartHex(stage))
            x -= 14
        }
        // The millisecond axis: grid lines at a round step, labelled, up to the 99th percentile
        // of the frames' totals, so one slow frame (the first frame's warm-up) does not flatten
        // the others; taller bars are cut at the top and marked.
        let top = max(summary(nil).p99, 0.001)
        let step = Self.roundStep(top / 6)
        let perMs = plot.height / (step * (top / step).rounded(.up))
        var ms = 0.0
        while ms <= top + step * 0.999 {
            let y = plot.maxY - ms * perMs
            box("grid-\(ms)", Rect(x: plot.minX, y: y, width: plot.width, height: 1), ms == 0 ? "#8A8A96" : "#3A3A46")
            label(
                "ms-\(ms)", Self.format(ms) + " ms", Rect(x: 0, y: y - 9, width: plot.minX - 8, height: 18), size: 12,
                hex: "#A0A0AC", align: .right)
            ms += step
        }
        // Bars: each frame a column of the plot's width, its stages stacked from the bottom.
        let column = plot.width / Double(max(records.count, 1))
        let gap = column >= 4 ? 1.0 : 0
        var outliers = 0
        for (i, r) in records.enumerated() {
            var y = plot.maxY
            if Double(total(r)) / 1e6 * perMs > plot.height + 0.5 {
                outliers += 1
                box(
                    "outlier-\(i)",
                    Rect(x: plot.minX + Double(i) * column, y: plot.minY - 6, width: max(column - gap, 2), height: 4),
                    Self.outlierHex)
            }
            for stage in stages {
                let bar = min(Double(r[stage].wall) / 1e6 * perMs, y - plot.minY)
                guard bar > 0 else { continue }
                box(
                    "bar-\(i)-\(stage.rawValue)",
                    Rect(x: plot.minX + Double(i) * column, y: y - bar, width: column - gap, height: bar),
                    Self.chartHex(stage))
                y -= bar
            }
        }
        // Frame numbers under the bars, at a round step.
        let first = records.first?.frame ?? 0
        let every = Int(Self.roundStep(Double(records.count) / 10).rounded(.up))
        for i in stride(from: 0, to: records.count, by: max(every, 1)) {
            let cx = plot.minX + (Double(i) + 0.5) * column
            box("tick-\(i)", Rect(x: cx, y: plot.maxY, width: 1, height: 5), "#8A8A96")
            label(
                "frame-\(i)", "\(first + i)", Rect(x: cx - 40, y: plot.maxY + 8, width: 80, height: 18), size: 12, hex: "#A0A0AC",
                align: .center)
        }
        if outliers > 0 {
            let slowest = Self.format(summary(nil).max)
            label(
                "outliers", "\(outliers) frame\(outliers == 1 ? "" : "s") above the scale (marked), slowest \(slowest) ms",
                Rect(x: plot.minX, y: 40, width: plot.width / 2, height: 18), size: 12, hex: Self.outlierHex)
        }
        label(
            "axis", "frame", Rect(x: plot.minX, y: h - 22, width: plot.width, height: 18), size: 12, hex: "#70707C",
            align: .center)
        var root = Layer(id: "chart")
        root.frame = Rect(x: 0, y: 0, width: w, height: h)
        root.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.12)
        root.sublayers = layers
        let buffer = PixelBuffer(width: width, height: height)
        FrameRenderer(canvas: Canvas(width: w, height: h, duration: 1)).render(root, into: buffer)
        return buffer
    }

    /// The colour of the marks over bars cut at the top of the scale.
    static let outlierHex = "#FF5A5A"

    /// A stage's colour in the chart.
    static func chartHex(_ stage: FrameStage) -> String {
        String(format: "#%06X", chartColors[FrameStage.allCases.firstIndex(of: stage)!])
    }

    /// The round number (1, 2 or 5 times a power of ten) at or above `x`.
    static func roundStep(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return 1 }
        let power = pow(10, (log10(x)).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= x * 0.999 } ?? 10 * power
    }

    /// A number of milliseconds without needless digits.
    static func format(_ ms: Double) -> String {
        ms == ms.rounded() ? String(Int(ms)) : String(format: ms >= 0.1 ? "%.1f" : "%.2f", ms)
    }
}
