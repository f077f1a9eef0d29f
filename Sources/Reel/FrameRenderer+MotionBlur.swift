import ReelCore
import ReelLayers
import ReelMedia
import ReelRaster
import ReelTimeline

/// Motion blur on the canvas: a frame is the average of the pictures drawn at its shutter's
/// sub-frame times (extension-rules.md). Where every sub-frame's layer tree is the same, the
/// average of equal pictures is that picture, so it is drawn once.
extension FrameRenderer {
    /// The layer trees whose pictures make the frame at `time`: one when the canvas has no
    /// motion blur or nothing moves over the shutter.
    func exposedTrees(at time: Double) -> [Layer] {
        let times = timeline.canvas.exposure(at: time)
        let first = timeline.presentation(at: times[0])
        guard times.count > 1 else { return [blurringLayers(first, at: time)] }
        let trees = [first] + times.dropFirst().map { timeline.presentation(at: $0) }
        return trees.allSatisfy({ $0 == first }) ? [first] : trees
    }

    /// The average of the pictures of `trees` written into `buffer` (the canvas's pixel size),
    /// per premultiplied channel with the rounding the rule gives.
    func average(_ trees: [Layer], into buffer: PixelBuffer) {
        let sums = exposure ?? Exposure(width: buffer.width, height: buffer.height)
        exposure = sums
        let picture = subframe ?? makeBuffer()
        subframe = picture
        for tree in trees {
            render(tree, into: picture)
            sums.add(picture)
        }
        sums.average(into: buffer)
    }

    /// The frame at `time` drawn whole and converted whole into `frame`.
    func encodeWhole(time: Double, converter: ColorConverter, into frame: VideoFrame) throws {
        let buffer = wholeFrame ?? makeBuffer()
        wholeFrame = buffer
        render(time: time, into: buffer)
        try converter.convert(buffer, rows: 0..<buffer.height, into: frame)
    }

    /// The average of `trees` converted whole into `frame`.
    func encodeAverage(of trees: [Layer], converter: ColorConverter, into frame: VideoFrame) throws {
        let buffer = wholeFrame ?? makeBuffer()
        wholeFrame = buffer
        average(trees, into: buffer)
        try converter.convert(buffer, rows: 0..<buffer.height, into: frame)
    }

    /// `tree`, the frame at `time`, with each layer blurred on its own replaced by a stand-in
    /// that shows the average of its pictures over its shutter. A layer whose picture is the
    /// same at every sub-frame time is left as it is (the average of equal pictures).
    func blurringLayers(_ tree: Layer, at time: Double) -> Layer {
        guard let pictures = blurredPictures else { return tree }
        pictures.pictures = [:]
        var out = tree
        let canvas = timeline.canvas
        for (n, site) in blurSites.enumerated() {
            guard let here = site.path(in: timeline, at: time) else { continue }
            let times = site.blur.exposure(at: time, fps: canvas.fps, duration: canvas.duration)
            let alone = times.map {
                LayerMotionBlur.isolated(timeline.presentation(at: $0), path: site.path(in: timeline, at: $0))
            }
            guard alone.contains(where: { $0 != alone[0] }) else { continue }
            let average = makeBuffer()
            self.average(alone, into: average)
            let name = "reel.motionBlur.\(n)@\(time)"
            guard
                let stand = LayerMotionBlur.standIn(
                    in: out, path: here, name: name, width: canvas.pixelWidth, height: canvas.pixelHeight,
                    scale: canvas.scale)
            else { continue }
            pictures.pictures[name] = Image(pixels: average, mipmapped: false)
            out = stand
        }
        return out
    }
}
