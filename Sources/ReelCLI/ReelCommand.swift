import ArgumentParser
import Foundation
import Reel

/// `reel`: Core Animation timelines rendered to video.
@main
struct ReelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reel",
        abstract: "Render Core Animation layer timelines to H.264 video.",
        version: ReelVersion.text,
        subcommands: [
            RenderCommand.self, FrameCommand.self, ProfileCommand.self, HitCommand.self, InspectCommand.self,
            ValidateCommand.self, ClockCommand.self, KeysCommand.self, JoinCommand.self,
            StudioCommand.self, ImportCommand.self
        ]
    )

    /// The stack a command runs on: planning recurses a few calls per layer level, and the
    /// format allows about 127 levels (JSON nests 256 deep), more than the main thread's 8 MB
    /// holds in a debug build. Only the pages touched are memory.
    static let stackBytes = 256 << 20

    /// Runs the command on a thread with `stackBytes` of stack; the main thread waits for it
    /// (signals are handled on whichever thread they reach).
    static func main() {
        let thread = Thread {
            Self.main(nil)
            Glibc.exit(0)
        }
        thread.stackSize = stackBytes
        thread.start()
        while true { pause() }
    }
}
