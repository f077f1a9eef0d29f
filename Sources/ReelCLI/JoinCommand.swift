import ArgumentParser
import Foundation
import Reel
import ReelMedia
import ReelTimeline

/// `reel join`: the pieces `reel render --segment` wrote into a folder, checked and joined
/// into one file without re-encoding, with the timeline's sound made once over the whole.
struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join the pieces of a segmented render (reel render --segment K/N -o FOLDER/) into one video.")

    @Argument(help: "The folder the pieces and their manifests are in.")
    var folder: String

    @Option(name: .shortAndLong, help: "The joined video (MP4, MOV or WebM, as the pieces).")
    var output: String

    @OptionGroup var audioCodec: AudioCodecOption

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        try reportingErrors {
            let checked = try Self.check(folder)
            let first = checked[0]
            // The sound, once over the whole length: the timeline's (as fingerprinted) and its clips'.
            let timeline = try TimelineFile.open(
                first.timeline.isEmpty ? nil : first.timeline, overlay: Overlay(clip: first.video))
            let assets = try TimelineAssets.load(timeline)
            let sounds = timeline.sounds(hasSound: assets.clipHasSound(timeline))
            let dir = URL(fileURLWithPath: folder)
            let format = try OutputFormat.forOutput(output, audioCodec: audioCodec.codec)
            let pieces = checked.filter { $0.frameCount > 0 }
            let inputs = pieces.map { dir.appendingPathComponent($0.file).path }
            try AtomicOutput(destination: output, protecting: inputs).write { temporary in
                try PieceJoiner.join(
                    zip(pieces, inputs).map { PieceJoiner.Piece(path: $1, firstFrame: $0.firstFrame, frameCount: $0.frameCount) },
                    into: temporary, format: format, rate: timeline.canvas.fps, audio: format.takesAudio ? sounds : [])
            }
            guard !quiet else { return }
            print("joined \(checked.count) piece\(checked.count == 1 ? "" : "s"), \(first.totalFrames) frames, into \(output)")
        }
    }

    struct JoinError: Error, CustomStringConvertible {
        let description: String
    }

    /// The folder's pieces in order, each checked: all from one timeline (its fingerprint
    /// now, too) and one set of settings, every piece 1...N once, frames contiguous from 0 to
    /// the end, each file whole (as many video packets as frames).
    static func check(_ folder: String) throws -> [SegmentManifest] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let manifests = try names.filter { $0.hasPrefix("segment-") && $0.hasSuffix(".json") }.sorted().map { name in
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path),
                let manifest = try? JSONDecoder().decode(SegmentManifest.self, from: data)
            else { throw JoinError(description: "\(path): not a piece's manifest Reel can read") }
            return manifest
        }
        guard let first = manifests.first else { throw JoinError(description: "\(folder): no pieces (segment-K-of-N.json)") }
        for m in manifests where m.fingerprint != first.fingerprint || m.timeline != first.timeline || m.video != first.video {
            throw JoinError(
                description:
                    "piece \(m.index)/\(m.count) is from another timeline or clip than piece \(first.index)/\(first.count)")
        }
        for m in manifests where m.settings != first.settings || m.count != first.count || m.totalFrames != first.totalFrames {
            throw JoinError(
                description:
                    "piece \(m.index)/\(m.count) was rendered with other settings than piece \(first.index)/\(first.count): \(m.settings) vs \(first.settings)"
            )
        }
        var byIndex: [Int: SegmentManifest] = [:]
        for m in manifests {
            guard byIndex[m.index] == nil else { throw JoinError(description: "piece \(m.index)/\(m.count) is there twice") }
            byIndex[m.index] = m
        }
        let missing = (1...first.count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw JoinError(
                description:
                    "missing piece\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(first.count)" }.joined(separator: ", "))"
            )
        }
        let ordered = (1...first.count).map { byIndex[$0]! }
        var next = 0
        for m in ordered {
            guard m.firstFrame == next else {
                throw JoinError(
                    description:
                        "piece \(m.index)/\(m.count) starts at frame \(m.firstFrame), expected \(next) (a gap or an overlap)")
            }
            next += m.frameCount
            guard m.frameCount > 0 else { continue }
            let file = URL(fileURLWithPath: folder).appendingPathComponent(m.file).path
            let packets: Int
            do {
                packets = try PieceJoiner.packetCount(file)
            } catch {
                throw JoinError(description: "piece \(m.index)/\(m.count) (\(file)) cannot be read whole: \(error)")
            }
            guard packets == m.frameCount else {
                throw JoinError(
                    description:
                        "piece \(m.index)/\(m.count) (\(file)) holds \(packets) frames, its manifest says \(m.frameCount): cut short?"
                )
            }
        }
        guard next == first.totalFrames else {
            throw JoinError(description: "the pieces hold \(next) frames, the render \(first.totalFrames)")
        }
        let now = SegmentManifest.fingerprint(timeline: first.timeline, video: first.video, captions: first.captions)
        guard now == first.fingerprint else {
            throw JoinError(description: "\(first.timeline) changed since the pieces were rendered (its sound would not match)")
        }
        return ordered
    }
}
