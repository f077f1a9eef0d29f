import ArgumentParser
import Reel
import ReelFormat
import ReelTimeline

/// `reel inspect`: presentation values at a time, as JSON.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the evaluated (presentation) layer values at a time as JSON.")

    @OptionGroup var moment: TimelineMoment

    @Option(help: "Only this layer: an id path such as card/dot, or an id.")
    var layer: String?

    @Option(help: "Only this property: a key path such as position, opacity or transform.rotation.z.")
    var key: String?

    func run() throws {
        try reportingErrors {
            let timeline = try moment.open()
            printWarnings(of: timeline)
            // Text layers show their laid-out lines, with the timeline's own fonts.
            let assets = try TimelineAssets.load(timeline)
            let laidOut = ["lines": { TextInspection.lines(of: $0, assets: assets) }]
            print(try LayerInspector.inspect(timeline, at: moment.time, layer: layer, key: key, laidOut: laidOut).pretty())
        }
    }
}
