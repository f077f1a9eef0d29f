/// The stages a frame goes through, in order: the timeline evaluated at the frame's time,
/// the clip frames its video layers show decoded, the layer tree planned into drawing steps,
/// the plan drawn, the pixels converted to YUV, the YUV frame encoded.
public enum FrameStage: String, CaseIterable, Sendable, Codable {
    case evaluate, decode, plan, draw, convert, encode
}

/// When a stage ran and what it cost: nanoseconds of wall time from the start of the run,
/// and wall and CPU (the running thread's) durations.
public struct StageTime: Sendable, Codable {
    public var start: UInt64
    public var wall: UInt64
    public var cpu: UInt64

    public init(start: UInt64 = 0, wall: UInt64 = 0, cpu: UInt64 = 0) {
        (self.start, self.wall, self.cpu) = (start, wall, cpu)
    }
}
