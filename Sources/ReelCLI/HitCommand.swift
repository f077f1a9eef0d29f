import ArgumentParser
import Foundation
import Reel
import ReelCore

/// `reel hit`: which layer CALayer.hitTest finds at a point.
struct HitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hit",
        abstract: "Print the id path of the layer hit at a point (Core Animation's hitTest).",
        discussion:
            "The path runs from a top-level layer down to the hit layer, ids joined by '/'. Exit status 1 when no layer is hit.")

    @OptionGroup var moment: TimelineMoment

    @Option(parsing: .unconditional, help: "The point in canvas points, as X,Y.")
    var point: String

    func validate() throws {
        guard parsedPoint != nil else { throw ValidationError("--point must be X,Y (two numbers), found \(point)") }
    }

    private var parsedPoint: Point? {
        let parts = point.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let x = parts[0], let y = parts[1] else { return nil }
        return Point(x: x, y: y)
    }

    func run() throws {
        try reportingErrors {
            let timeline = try moment.open(checkingFiles: false)
            printWarnings(of: timeline)
            let root = timeline.presentation(at: moment.time)
            // The canvas root spans the whole canvas; what users name are the layers below it.
            guard let path = root.hitTest(parsedPoint!), path.count > 1 else {
                printError("no layer at \(point)")
                throw ExitCode.failure
            }
            print(path.dropFirst().map(\.id).joined(separator: "/"))
        }
    }
}
