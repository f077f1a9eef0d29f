import Foundation
import ReelTestSupport
import Testing

/// `reel render T --data ROWS -o 'out/{NAME}.mp4'` and `reel validate T --data ROWS` through the
/// binary: each row's video equals a single render with the same `--set` values frame for
/// frame (lossless), failed rows name their row and column while the others render, output
/// names that would collide or leave the folder are refused, and `--rows`, `--skip-existing`,
/// `--report` and `--segment` pick and account for rows.
@Suite struct BatchRenderTests {
    static let template = #"""
        {"variables": {"name": {"type": "text", "default": "Ana"}, "accent": {"type": "color", "default": "#FF0000"},
                       "photo": {"type": "asset", "default": "red.png"}, "size": {"type": "number", "default": 20},
                       "alpha": {"type": "number", "default": 1}},
         "canvas": {"width": 64, "height": 48, "fps": 10, "duration": 0.5, "background": {"var": "accent"}},
         "assets": {"photo": {"path": {"var": "photo"}}},
         "layers": [{"id": "p", "frame": [4, 4, 24, 24], "contents": "photo"},
                    {"id": "box", "frame": [32, 8, {"var": "size"}, 20], "backgroundColor": "#FFFFFF", "opacity": {"var": "alpha"},
                     "animations": [{"keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 0.5}]}]}
        """#

    /// A scratch folder with the template and two small pictures.
    func folder() throws -> URL {
        let dir = makeScratchDirectory()
        try Self.template.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        for (name, colour) in [("red", "red"), ("blue", "blue")] {
            let made = try runProgram(
                URL(fileURLWithPath: "/usr/bin/ffmpeg"),
                ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=\(colour):size=16x16", "-frames:v", "1", "\(name).png"],
                in: dir)
            #expect(made.status == 0)
        }
        return dir
    }

    /// The MD5 of each decoded video frame.
    func frames(_ file: URL) throws -> [String] {
        let r = try runProgram(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-i", file.path, "-map", "0:v", "-f", "framemd5", "-"])
        return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            String($0.split(separator: ",").last!).trimmingCharacters(in: .whitespaces)
        }
    }

    func exists(_ dir: URL, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path)
    }

    @Test func eachRowsVideoIsASingleRenderWithItsValues() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "name,accent,photo,size,extra\nAna,#00FF00,blue.png,10,x\n\"Zoë, Z\",#0000FF,red.png,30,y\n"
            .write(to: dir.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let batch = try runReel(
            ["render", "t.json", "--data", "rows.csv", "-o", "out/{name}.mp4", "--crf", "0", "--preset", "ultrafast"], in: dir)
        #expect(batch.status == 0, "\(batch.stderr)")
        // A column that is not a variable is warned about once.
        #expect(batch.stderr.components(separatedBy: "column extra is not a variable of t.json; it is ignored").count == 2)
        #expect(batch.stderr.contains("rendered 2 rows (0 skipped, 0 failed)"))
        // Each row's video against a single render with its values as --set.
        for (row, values) in [("Ana", ["Ana", "#00FF00", "blue.png", "10"]), ("Zoë, Z", ["Zoë, Z", "#0000FF", "red.png", "30"])] {
            let single = try runReel(
                [
                    "render", "t.json", "--set", "name=\(values[0])", "--set", "accent=\(values[1])", "--set",
                    "photo=\(values[2])",
                    "--set", "size=\(values[3])", "-o", "single.mp4", "--crf", "0", "--preset", "ultrafast", "--quiet"
                ], in: dir)
            #expect(single.status == 0, "\(single.stderr)")
            let rowFrames = try frames(dir.appendingPathComponent("out/\(row).mp4"))
            #expect(rowFrames.count == 5)
            #expect(rowFrames == (try frames(dir.appendingPathComponent("single.mp4"))), "\(row)")
        }
        let rowFrames = try frames(dir.appendingPathComponent("out/Zoë, Z.mp4"))
        #expect(rowFrames != (try frames(dir.appendingPathComponent("out/Ana.mp4"))))
        // The same rows as JSON Lines, values as JSON: the same videos.
        try ##"{"name": "Zoë, Z", "accent": "#0000FF", "photo": "red.png", "size": 30}"##
            .write(to: dir.appendingPathComponent("rows.jsonl"), atomically: true, encoding: .utf8)
        let lines = try runReel(
            ["render", "t.json", "--data", "rows.jsonl", "-o", "jl/{name}.mp4", "--crf", "0", "--preset", "ultrafast", "--quiet"],
            in: dir)
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(try frames(dir.appendingPathComponent("jl/Zoë, Z.mp4")) == rowFrames)
    }

    @Test func failedRowsNameTheirRowAndColumnAndTheOthersRender() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try
            "name,accent,photo,alpha\nA,#00FF00,blue.png,1\nB,not-a-colour,red.png,1\nC,#00FF00\nD,#00FF00,missing.png,1\na/b,#00FF00,red.png,1\n..,#00FF00,red.png,1\nE,#00FF00,red.png,5\nF,#000000,red.png,0.5\n"
            .write(to: dir.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let r = try runReel(
            ["render", "t.json", "--data", "rows.csv", "-o", "out/{name}.mp4", "--preset", "ultrafast", "--report", "report.csv"],
            in: dir)
        #expect(r.status == 1)
        for message in [
            "row 2 (line 3), column accent: expected a colour",
            "row 3 (line 4): expected 4 fields, as the header has, found 2",
            "row 4 (line 5), column photo: expected a readable file (relative to the timeline's folder), found no file at",
            "row 5 (line 6), column name: expected a value that makes a file name (not empty, . or .., without /, NUL or control characters), found \"a/b\"",
            "row 6 (line 7), column name: expected a value that makes a file name",
            "row 7 (line 8): t.json: layers[1].opacity: expected"
        ] {
            #expect(r.stderr.contains(message), "\(message)\n\(r.stderr)")
        }
        #expect(exists(dir, "out/A.mp4") && exists(dir, "out/F.mp4"))
        #expect(!exists(dir, "out/B.mp4") && !exists(dir, "out/E.mp4") && !exists(dir, "a") && !exists(dir, "out/...mp4"))
        let report = try String(contentsOf: dir.appendingPathComponent("report.csv"), encoding: .utf8)
        let lines = report.split(separator: "\n")
        #expect(lines.first == "row,output,status,message")
        #expect(lines.count == 9)
        #expect(lines[1].hasPrefix("1,out/A.mp4,rendered,"))
        #expect(lines[2].hasPrefix("2,,failed,\"row 2 (line 3), column accent: expected a colour"))
        #expect(lines[8].hasPrefix("8,out/F.mp4,rendered,"))
        // validate --data lists the same rows' problems without rendering.
        let v = try runReel(["validate", "t.json", "--data", "rows.csv"], in: dir)
        #expect(v.status == 1)
        #expect(v.stdout.contains("rows.csv: 8 rows, 4 valid, 4 with problems"), "\(v.stdout)\n\(v.stderr)")
        #expect(v.stderr.contains("row 2 (line 3), column accent: expected a colour"))
        #expect(v.stderr.contains("row 7 (line 8): layers[1].opacity: expected"))
        // With the render's -o, validate checks each row's output name as the render does.
        let named = try runReel(["validate", "t.json", "--data", "rows.csv", "-o", "out/{name}.mp4"], in: dir)
        #expect(named.stdout.contains("rows.csv: 8 rows, 2 valid, 6 with problems"), "\(named.stdout)\n\(named.stderr)")
        #expect(named.stderr.contains("row 5 (line 6), column name: expected a value that makes a file name"))
    }

    /// An empty CSV cell takes the variable's default; an empty JSON Lines value is a value, and
    /// an empty name is refused by validate (given -o) as by the render.
    @Test func anEmptyCellTakesTheDefaultAndAnEmptyNameFailsInBoth() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "name,accent\n,#00FF00\n".write(to: dir.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let csv = try runReel(["validate", "t.json", "--data", "rows.csv", "-o", "out/{name}.mp4"], in: dir)
        #expect(csv.status == 0 && csv.stdout.contains("1 row, 1 valid"), "\(csv.stdout)\n\(csv.stderr)")
        try "{\"name\": \"\"}\n".write(to: dir.appendingPathComponent("rows.jsonl"), atomically: true, encoding: .utf8)
        let validated = try runReel(["validate", "t.json", "--data", "rows.jsonl", "-o", "out/{name}.mp4"], in: dir)
        let rendered = try runReel(["render", "t.json", "--data", "rows.jsonl", "-o", "out/{name}.mp4"], in: dir)
        #expect(validated.status == 1 && rendered.status == 1)
        let message = "row 1 (line 1), column name: expected a value that makes a file name"
        #expect(
            validated.stderr.contains(message) && rendered.stderr.contains(message), "\(validated.stderr)\n\(rendered.stderr)")
    }

    @Test func twoRowsNamingOneFileAreRefusedBeforeAnythingRenders() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // "Zoë" twice: once composed, once with a combining diaeresis (equal after NFC).
        try "name\nAna\nZo\u{EB}\nZoe\u{308}\n".write(
            to: dir.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let r = try runReel(["render", "t.json", "--data", "rows.csv", "-o", "out/{name}.mp4"], in: dir)
        #expect(r.status == 1)
        #expect(
            r.stderr.contains("expected a different output file for every row, found rows 2 and 3 both name out/Zoe\u{308}.mp4"),
            "\(r.stderr)")
        #expect(!exists(dir, "out"))
        let unknown = try runReel(["render", "t.json", "--data", "rows.csv", "-o", "out/{nmae}.mp4"], in: dir)
        #expect(unknown.status == 1 && unknown.stderr.contains("expected `{NAME}` naming one of the template's variables"))
    }

    @Test func rowsSkipExistingAndSegmentsPickRows() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "name\nr1\nr2\nr3\nr4\nr5\n".write(to: dir.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        func render(_ extra: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
            try runReel(
                ["render", "t.json", "--data", "rows.csv", "-o", "out/{name}.mp4", "--preset", "ultrafast"] + extra, in: dir)
        }
        let picked = try render(["--rows", "2..<4"])
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect((1...5).map { exists(dir, "out/r\($0).mp4") } == [false, true, true, false, false])
        let rest = try render(["--skip-existing", "--report", "report.csv"])
        #expect(rest.status == 0 && rest.stderr.contains("rendered 3 rows (2 skipped, 0 failed)"), "\(rest.stderr)")
        let report = try String(contentsOf: dir.appendingPathComponent("report.csv"), encoding: .utf8)
        #expect(
            report.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false)[2] } == [
                "status", "rendered", "skipped", "skipped", "rendered", "rendered"
            ])
        // Two machines split the rows contiguously, as frames are split.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("out"))
        #expect(try render(["--segment", "1/2"]).status == 0)
        #expect((1...5).map { exists(dir, "out/r\($0).mp4") } == [true, true, false, false, false])
        #expect(try render(["--segment", "2/2"]).status == 0)
        #expect((1...5).allSatisfy { exists(dir, "out/r\($0).mp4") })
    }

    /// `validate --data` streams its rows: a million take no more memory than a hundred thousand.
    @Test func aMillionRowsAreStreamedInFlatMemory() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func peak(_ rows: Int) throws -> Int {
            let name = "rows\(rows).csv"
            var text = "name,size\n"
            text.reserveCapacity(rows * 12)
            for i in 0..<rows { text += "n\(i),\(10 + i % 7)\n" }
            try text.write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8)
            let r = try runProgram(
                URL(fileURLWithPath: "/usr/bin/time"),
                ["-f", "peak %M", reelExecutable().path, "validate", "t.json", "--data", name],
                in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(String(decoding: r.stdout, as: UTF8.self).contains("\(name): \(rows) rows, \(rows) valid, 0 with problems"))
            return Int(r.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }?.dropFirst(5) ?? "") ?? -1
        }
        let small = try peak(100_000)
        let large = try peak(1_000_000)
        #expect(small > 0 && Double(large) <= Double(small) * 1.1, "peak \(small) KB for 10^5 rows, \(large) KB for 10^6")
    }

    /// The first SIGINT finishes the row in hand and stops: finished rows keep their files,
    /// no partial file is left, the report lists what was done, and the exit status is 130.
    @Test func anInterruptFinishesTheRowInHandAndKeepsFinishedRows() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text =
            ##"{"variables": {"name": {"type": "text", "default": "a"}}, "canvas": {"width": 320, "height": 180, "duration": 3}, "layers": [{"id": "a", "bounds": [0, 0, 100, 100], "position": [160, 90], "backgroundColor": "#FF0000", "shadowOpacity": 0.5, "shadowRadius": 20, "animations": [{"keyPath": "transform.rotation.z", "toValue": 6.28, "duration": 3}]}]}"##
        try text.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        try "name\nr1\nr2\nr3\nr4\nr5\nr6\n".write(to: dir.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = reelExecutable()
        process.arguments = [
            "render", "t.json", "--data", "rows.csv", "-o", "out/{name}.mp4", "--report", "report.csv", "--crf", "0", "--quiet"
        ]
        process.currentDirectoryURL = dir
        let errors = dir.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        var deadline = Date().addingTimeInterval(60 * testTimeScale)
        while Date() < deadline, !exists(dir, "out/r1.mp4") { usleep(20_000) }
        kill(process.processIdentifier, SIGINT)
        deadline = Date().addingTimeInterval(60 * testTimeScale)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("interrupted; kept the"), "\(stderr)")
        let made = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted()
        #expect(
            made.first == "r1.mp4" && made.count < 6 && made.allSatisfy { $0.hasSuffix(".mp4") && !$0.hasPrefix(".") }, "\(made)")
        let report = try String(contentsOf: dir.appendingPathComponent("report.csv"), encoding: .utf8)
        #expect(report.split(separator: "\n").count == made.count + 1, "\(report)")
        // Every file kept is a whole video.
        for name in made { #expect(try frames(dir.appendingPathComponent("out/\(name)")).count == 90, "\(name)") }
    }
}
