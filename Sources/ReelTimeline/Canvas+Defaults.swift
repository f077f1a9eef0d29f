import ReelCore

extension Canvas {
    /// What a canvas takes where its file leaves a key out: `reel render --video CLIP` gives a
    /// timeline the clip's size, frame rate and duration unless the timeline sets them.
    public struct Defaults: Hashable, Sendable {
        public let width: Int
        public let height: Int
        public let fps: FrameRate
        public let duration: Double

        public init(width: Int, height: Int, fps: FrameRate, duration: Double) {
            (self.width, self.height, self.fps, self.duration) = (width, height, fps, duration)
        }
    }
}
