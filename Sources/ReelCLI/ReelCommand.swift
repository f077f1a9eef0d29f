import ArgumentParser

/// `reel`: Core Animation timelines rendered to video.
@main
struct ReelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reel",
        abstract: "Render Core Animation layer timelines to H.264 video.",
        subcommands: [
            RenderCommand.self, FrameCommand.self, ProfileCommand.self, HitCommand.self, InspectCommand.self,
            ValidateCommand.self, ClockCommand.self
        ]
    )
}
