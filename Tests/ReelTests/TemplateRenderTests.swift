import Foundation
import ReelTestSupport
import Testing

/// `--set` end to end: the same template renders what each value says, and a value the
/// template cannot take writes nothing.
@Suite struct TemplateRenderTests {
    @Test func setValuesRenderAndBadOnesWriteNothing() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(
            #"""
            {"variables": {"accent": {"type": "color", "default": "#FF0000"}, "name": {"type": "text", "default": "World"}},
             "canvas": {"width": 64, "height": 32, "duration": 0.2, "background": {"var": "accent"}},
             "layers": [{"id": "t", "class": "CATextLayer", "frame": [0, 0, 64, 32], "string": "Hi {{name}}"}]}
            """#.utf8
        ).write(to: dir.appendingPathComponent("t.json"))
        let red = try runReel(["frame", "t.json", "-o", "red.png"], in: dir)
        let green = try runReel(["frame", "t.json", "--set", "accent=#00FF00", "--set", "name=Ada", "-o", "green.png"], in: dir)
        #expect(red.status == 0 && green.status == 0, "\(red.stderr) \(green.stderr)")
        #expect(
            try Data(contentsOf: dir.appendingPathComponent("red.png"))
                != Data(contentsOf: dir.appendingPathComponent("green.png")))
        let inspect = try runReel(["inspect", "t.json", "--set", "name=Ada", "--layer", "t", "--key", "string"], in: dir)
        #expect(inspect.stdout.contains("\"Hi Ada\""), "\(inspect.stdout)")
        let bad = try runReel(["render", "t.json", "--set", "accent=bluish", "-o", "out.mp4"], in: dir)
        #expect(bad.status == 1 && bad.stderr.contains("--set accent: expected a colour"), "\(bad.stderr)")
        let unknown = try runReel(["render", "t.json", "--set", "acent=#000000", "-o", "out.mp4"], in: dir)
        #expect(unknown.status == 1 && unknown.stderr.contains("(did you mean `accent`?)"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.mp4").path))
    }
}
