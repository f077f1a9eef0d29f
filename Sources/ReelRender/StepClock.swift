#if canImport(Glibc)
    import Glibc
#endif

/// Measures what each step of a plan costs, for `reel profile`: wall time between `start`
/// and `stop`, summed per step index over one frame (a step drawn band by band adds up its
/// bands). Steps are timed on the monotonic clock only: reading a thread's CPU clock is a
/// system call (about 0.8 us on the reference machine, more than a small step costs), so a
/// step's CPU time is its share of its stage's CPU time, given by `apportion`.
public final class StepClock {
    /// Nanoseconds per step, indexed like the plan's steps.
    public private(set) var wall: [UInt64] = []
    public private(set) var cpu: [UInt64] = []

    public init() {}

    /// Clears the figures for a plan of `steps` steps.
    public func reset(steps: Int) {
        wall = [UInt64](repeating: 0, count: steps)
        cpu = [UInt64](repeating: 0, count: steps)
    }

    /// The moment a step starts.
    public func start() -> UInt64 { StepClock.wallNow }

    /// Adds the time since `started` to step `step`.
    public func stop(step: Int, started: UInt64) {
        guard step < wall.count else { return }
        wall[step] &+= StepClock.wallNow &- started
    }

    /// Gives each step the part of the stage's CPU time (`stageCPU` over `stageWall`) its wall time is.
    public func apportion(stageWall: UInt64, stageCPU: UInt64) {
        let ratio = stageWall > 0 ? Double(stageCPU) / Double(stageWall) : 1
        cpu = wall.map { UInt64((Double($0) * ratio).rounded()) }
    }

    /// Nanoseconds on the monotonic clock (wall time).
    public static var wallNow: UInt64 { now(CLOCK_MONOTONIC) }

    /// Nanoseconds of CPU the calling thread has used.
    public static var threadCPUNow: UInt64 { now(CLOCK_THREAD_CPUTIME_ID) }

    private static func now(_ clock: clockid_t) -> UInt64 {
        var t = timespec()
        clock_gettime(clock, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}
