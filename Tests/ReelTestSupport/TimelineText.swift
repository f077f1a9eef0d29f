import ReelFormat
import ReelTimeline

/// A timeline of `layers` (JSON text) on a 200 x 100 canvas at 10 fps for 2 s, read as a file would be.
public func timeline(
    _ layers: String, canvas: String = #""canvas": {"width": 200, "height": 100, "fps": 10, "duration": 2}"#
) throws -> Timeline {
    try Timeline.decode("{\(canvas), \"layers\": \(layers)}", file: "test.json")
}

/// The problems reading `text` as a timeline file finds; none when it reads.
public func problems(_ text: String) -> [TimelineProblem] {
    do {
        _ = try Timeline.decode(text, file: "test.json")
        return []
    } catch {
        return error.problems
    }
}
