import ArgumentParser

/// The options of commands that look at one moment of a timeline: the file and a time.
struct TimelineMoment: ParsableArguments {
    @Argument(help: "The timeline JSON file.")
    var timeline: String

    @Option(help: "Time in seconds.")
    var time: Double = 0

    func validate() throws {
        guard time.isFinite, time >= 0 else { throw ValidationError("--time must be 0 or more seconds, found \(time)") }
    }
}
