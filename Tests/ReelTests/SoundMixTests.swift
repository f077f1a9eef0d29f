import Foundation
import ReelTestSupport
import Testing

/// The timeline's list of sounds (the extensions page, "Sound") rendered through the `reel`
/// binary into 16-bit PCM, checked sample by sample against the mix worked out here from the
/// page's rule: two sounds with fades and trims, one ducked under the other, and a player
/// layer whose `volume` animates; the same after a 3-piece segmented render and join.
@Suite struct SoundMixTests {
    static let rate = 48000

    /// The page's rule for one sound, written out here: its played part starts at sample
    /// `first` and holds `source` (already trimmed and cut to its duration).
    struct Sound {
        var source: [Int16]
        var first: Int
        var volume = 1.0
        var fadeIn = 0.0
        var fadeOut = 0.0
        /// (start, end) seconds of the sound it ducks under, its level in dB, attack, release.
        var duck: (start: Double, end: Double, level: Double, attack: Double, release: Double)?
        var curve: ((Double) -> Double)?

        func gain(at t: Double) -> Double {
            let start = Double(first) / 48000
            let end = Double(first + source.count) / 48000
            var g = volume
            if fadeIn > 0 { g *= min(1, max(0, (t - start) / fadeIn)) }
            if fadeOut > 0 { g *= min(1, max(0, (end - t) / fadeOut)) }
            if let d = duck {
                let floor = pow(10, d.level / 20)
                if t < d.start - d.attack {
                } else if t < d.start {
                    g *= 1 - (1 - floor) * (t - (d.start - d.attack)) / d.attack
                } else if t <= d.end {
                    g *= floor
                } else if t < d.end + d.release {
                    g *= floor + (1 - floor) * (t - d.end) / d.release
                }
            }
            if let curve { g *= curve(t) }
            return g
        }
    }

    /// The left channel of the mix at each sample: summed, then round(x × 32767), clipped.
    static func mix(_ sounds: [Sound], count: Int) -> [Int16] {
        (0..<count).map { k in
            var x = 0.0
            for s in sounds where k >= s.first && k < s.first + s.source.count {
                x += s.gain(at: Double(k) / 48000) * Double(s.source[k - s.first]) / 32768
            }
            return Int16(max(-32768, min(32767, (x * 32767).rounded())))
        }
    }

    /// The left channel of a file's sound as 16-bit samples.
    func left(_ file: URL) throws -> [Int16] {
        let r = try runProgram(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            ["-v", "error", "-i", file.path, "-map", "0:a", "-af", "pan=mono|c0=c0", "-f", "s16le", "-acodec", "pcm_s16le", "-"])
        return r.stdout.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    @Test func twoSoundsWithFadesTrimsADuckAndAnAnimatedPlayerVolumeMixByThePagesRule() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let music = try TestSound.wav(dir.appendingPathComponent("music.wav").path, seconds: 3.5) {
            Int16(6000 * sin(Double($0) * 0.011))
        }
        let voice = try TestSound.wav(dir.appendingPathComponent("voice.wav").path, seconds: 1) {
            Int16(truncatingIfNeeded: ($0 * 29) % 10000 - 5000)
        }
        // A clip with a PCM sound the test knows: its own WAV muxed beside a small picture.
        let tone = try TestSound.wav(dir.appendingPathComponent("tone.wav").path, seconds: 2) {
            Int16(4000 * sin(Double($0) * 0.05))
        }
        let made = try runProgram(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:size=64x48:rate=10:duration=2", "-i", "tone.wav",
                "-c:v", "mjpeg", "-c:a", "pcm_s16le", "-shortest", "clip.mov"
            ], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let timeline = #"""
            {"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 3, "background": "#203040"},
             "assets": {"music": {"path": "music.wav"}, "voice": {"path": "voice.wav"}, "clip": {"path": "clip.mov"}},
             "audio": [
               {"id": "music", "asset": "music", "volume": 0.8, "trimStart": 0.25, "duration": 2.5,
                "fadeIn": 0.5, "fadeOut": 0.5, "duck": {"under": ["voice"], "attack": 0.2, "release": 0.3}},
               {"id": "voice", "asset": "voice", "start": 1, "trimStart": 0.1, "duration": 0.6, "fadeOut": 0.1}
             ],
             "layers": [{"id": "clip", "class": "AVPlayerLayer", "frame": [0, 0, 64, 48], "player": "clip",
               "animations": [{"keyPath": "volume", "fromValue": 1, "toValue": 0.25, "duration": 2}]}]}
            """#
        try timeline.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let render = try runReel(["render", "t.json", "-o", "out.mov", "--audio-codec", "pcm", "--quiet"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")

        let (trim, played) = (12000, 120000)
        var m = Sound(source: Array(music[trim..<(trim + played)]), first: 0, volume: 0.8, fadeIn: 0.5, fadeOut: 0.5)
        let v = Sound(source: Array(voice[4800..<(4800 + 28800)]), first: 48000, fadeOut: 0.1)
        m.duck = (1, 1.6, -12, 0.2, 0.3)
        var c = Sound(source: tone, first: 0)
        c.curve = { t in t >= 2 ? 0.25 : 1 - 0.75 * t / 2 }
        let expected = Self.mix([m, v, c], count: 3 * Self.rate)
        func check(_ name: String) throws {
            let got = try left(dir.appendingPathComponent(name))
            #expect(got.count == expected.count, "\(name): \(got.count) samples")
            var worst = 0
            var at = 0
            for k in 0..<min(got.count, expected.count) where abs(Int(got[k]) - Int(expected[k])) > worst {
                (worst, at) = (abs(Int(got[k]) - Int(expected[k])), k)
            }
            #expect(worst <= 1, "\(name): \(worst) steps at sample \(at) (\(Double(at) / 48000) s)")
        }
        try check("out.mov")
        // Pieces rendered apart are silent; the join makes the sound once over the whole.
        for k in 1...3 {
            let piece = try runReel(
                ["render", "t.json", "--segment", "\(k)/3", "-o", "pieces/", "--codec", "prores", "--quiet"], in: dir)
            #expect(piece.status == 0, "\(piece.stderr)")
        }
        let join = try runReel(["join", "pieces", "-o", "joined.mov", "--audio-codec", "pcm", "--quiet"], in: dir)
        #expect(join.status == 0, "\(join.stderr)")
        try check("joined.mov")
    }
}
