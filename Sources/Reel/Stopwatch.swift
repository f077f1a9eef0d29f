import ReelRender

/// Times a piece of work on the calling thread: wall time on the monotonic clock and the
/// thread's own CPU time, both in nanoseconds.
enum Stopwatch {
    /// Runs `work` and says when it started (relative to `origin`) and what it took.
    static func measure(from origin: UInt64, _ work: () throws -> Void) rethrows -> StageTime {
        // The wall readings bracket the CPU readings: reading a thread's CPU time is a system
        // call, and a thread is often switched out on its return, which belongs to this stage.
        let wall0 = StepClock.wallNow
        let cpu0 = StepClock.threadCPUNow
        try work()
        let cpu1 = StepClock.threadCPUNow
        let wall1 = StepClock.wallNow
        return StageTime(start: wall0 &- origin, wall: wall1 &- wall0, cpu: cpu1 &- cpu0)
    }

    /// Now on the monotonic clock, in nanoseconds.
    static var now: UInt64 { StepClock.wallNow }
}
