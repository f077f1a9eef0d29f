#if canImport(Glibc)
import Glibc
#endif

/// Measures what each step of a plan costs, for `reel profile`: wall time and the thread's
/// CPU time between `start` and `stop`, summed per step index over one frame.
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
    public func start() -> (wall: UInt64, cpu: UInt64) {
        let wall = StepClock.wallNow
        return (wall, StepClock.threadCPUNow)
    }

    /// Adds the time since `started` to step `step`.
    public func stop(step: Int, started: (wall: UInt64, cpu: UInt64)) {
        guard step < wall.count else { return }
        // CPU first: the wall reading brackets the system call that reads it.
        cpu[step] &+= StepClock.threadCPUNow &- started.cpu
        wall[step] &+= StepClock.wallNow &- started.wall
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
