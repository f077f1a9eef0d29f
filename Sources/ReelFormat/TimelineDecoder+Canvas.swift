import Foundation
import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline

/// The `canvas` and the `assets` it draws from.
extension TimelineDecoder {
    /// `durationIfMissing`: the duration a canvas without one takes (scenes give it later).
    func decodeCanvas(_ node: JSONNode, durationIfMissing: Double? = nil) -> Canvas? {
        guard let m = node.object(allowed: Self.canvasKeys) else { return nil }
        func required(_ key: String) -> JSONNode? {
            if m[key] == nil, canvasDefaults == nil, key != "duration" || durationIfMissing == nil {
                node.problem(expected: "`\(key)`", found: "none")
            }
            return m[key]
        }
        let positive = "a positive number"
        let width =
            required("width")?.number(in: 1...16384, rangeText: "a width in 1...16384") ?? canvasDefaults.map { Double($0.width) }
        let height =
            required("height")?.number(in: 1...16384, rangeText: "a height in 1...16384")
            ?? canvasDefaults.map { Double($0.height) }
        let duration =
            required("duration")?.number(in: 0.001...86400, rangeText: "a duration in seconds, 0.001...86400")
            ?? canvasDefaults?.duration ?? (m["duration"] == nil ? durationIfMissing : nil)
        var fps = canvasDefaults?.fps ?? FrameRate(numerator: 30)
        if let f = m["fps"] {
            if case .number(let v) = f.value, let rate = FrameRate(v) {
                fps = rate
            } else if case .array(let parts) = f.value, parts.count == 2, case .number(let n) = parts[0],
                case .number(let d) = parts[1], n == n.rounded(), d == d.rounded(), n >= 1, d >= 1, n <= 1e9, d <= 1e9,
                (0.001...1000).contains(n / d)
            {
                // An exact fraction: [2997, 100] is 29.97 itself, not NTSC's 30000/1001.
                fps = FrameRate(numerator: Int(n), denominator: Int(d))
            } else {
                f.problem(expected: "a frame rate in 0.001...1000, or [numerator, denominator] of whole numbers")
            }
        }
        var scale = 1.0
        if let s = m["scale"], let v = s.number(in: 0.01...16, rangeText: positive + " up to 16") { scale = v }
        var background = Color.black
        if let b = m["background"], case .color(let c)? = ValueKind.color.decode(b) { background = c }
        var motionBlur: MotionBlur?
        if let mb = m["motionBlur"] {
            guard let decoded = MotionBlurCoding.decode(mb) else { return nil }
            motionBlur = decoded
        }
        guard let width, let height, let duration else { return nil }
        var canvas = Canvas(width: width, height: height, fps: fps, duration: duration, background: background, scale: scale)
        canvas.motionBlur = motionBlur
        let (pw, ph) = (canvas.pixelWidth, canvas.pixelHeight)
        if pw < 1 || ph < 1 || pw > 16384 || ph > 16384 {
            node.problem(expected: "a pixel size (width x height x scale) from 1 to 16384 each way", found: "\(pw)x\(ph) pixels")
            return nil
        }
        if pw * ph > Canvas.maximumPixels {
            node.problem(
                expected: "at most \(Canvas.maximumPixels) pixels in a frame (16384 x 8192; the encoder refuses more)",
                found: "\(pw)x\(ph) = \(pw * ph) pixels")
            return nil
        }
        if canvas.frameCount < 1 {
            node.problem(
                expected: "a duration of at least one frame (1 / fps seconds)",
                found: "\(duration) s at \(canvas.fps.framesPerSecond) fps, which rounds to 0 frames")
            return nil
        }
        return canvas
    }

    /// A path the file writes, absolute: relative ones from the timeline's folder.
    func resolved(_ relative: String) -> String {
        relative.hasPrefix("/")
            ? relative : URL(fileURLWithPath: baseDirectory).appendingPathComponent(relative).standardizedFileURL.path
    }

    func decodeAssets(_ node: JSONNode) -> [String: String] {
        guard case .object(let members) = node.value else {
            node.problem(expected: "an object of assets by name")
            return [:]
        }
        var assets: [String: String] = [:]
        for (name, value) in members {
            let a = node.child(name, value)
            guard let m = a.object(allowed: Self.assetKeys) else { continue }
            guard let p = m["path"] else {
                a.problem(expected: "a `path`", found: "none")
                continue
            }
            guard let rel = p.string() else { continue }
            let path = Timeline.isDataURI(rel) ? rel : resolved(rel)
            if let i = m["index"] {
                guard Timeline.isFontFile(path) else {
                    i.problem(expected: "no `index`: only a font collection (.ttc, .otc) has faces to choose")
                    continue
                }
                guard let index = i.number(in: 0...65535, rangeText: "a face number 0...65535"), index == index.rounded() else {
                    if case .number = i.value { i.problem(expected: "a whole face number") }
                    continue
                }
                fontIndices[name] = Int(index)
            }
            if let c = m["colorspace"] {
                guard Timeline.isVideoFile(path) else {
                    c.problem(expected: "no `colorspace`: only a video asset has a YUV matrix to choose")
                    continue
                }
                guard case .string(let word) = c.value, let matrix = VideoColorspace(rawValue: word) else {
                    c.problem(expected: "one of " + VideoColorspace.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "))
                    continue
                }
                clipMatrices[name] = matrix
            }
            assets[name] = path
        }
        return assets
    }
}
