import Foundation
import Reel

/// The render's progress on stderr: a live line (frame, percent, fps, ETA) when stderr is a
/// terminal, one summary line at the end otherwise.
final class ProgressMeter {
    private let enabled: Bool
    private let live: Bool
    private var last: RenderProgress?
    private var lastDraw = 0.0

    init(enabled: Bool) {
        self.enabled = enabled
        live = enabled && isatty(STDERR_FILENO) != 0
    }

    func update(_ p: RenderProgress) {
        last = p
        guard live, p.elapsed - lastDraw >= 0.1 || p.framesDone == p.frameCount else { return }
        lastDraw = p.elapsed
        let eta = p.remaining.isFinite ? String(format: "%.0fs", p.remaining) : "?"
        let line = String(
            format: "\rframe %d/%d  %3.0f%%  %.1f fps  ETA %@ ", p.framesDone, p.frameCount,
            p.fraction * 100, p.framesPerSecond, eta)
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish(path: String, fps: Double) {
        guard enabled, let p = last else { return }
        if live { FileHandle.standardError.write(Data("\n".utf8)) }
        printError(
            String(
                format: "rendered %d frames (%.2f s of video) to %@ in %.1f s, %.1f fps",
                p.outputFrames, Double(p.outputFrames) / fps, path, p.elapsed, p.framesPerSecond))
    }
}
