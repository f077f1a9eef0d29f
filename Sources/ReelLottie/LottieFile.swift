import Foundation
import ReelCore
import ReelFormat
import ReelJSON
import ReelTimeline

/// A Lottie animation as a file: `.json`, a dotLottie (`.lottie`, a zip) or a Telegram
/// sticker (`.tgs`, gzip), recognised by content, read within the timeline's size limit.
public enum LottieFile {
    /// The timeline the Lottie file at `path` becomes; nil when the file is not Lottie (a Reel
    /// timeline). `animation` picks a dotLottie's animation by id (the manifest's first otherwise).
    public static func open(_ path: String, animation: String? = nil) throws(TimelineError) -> Timeline? {
        guard let imported = try importing(path, animation: animation) else { return nil }
        var timeline: Timeline
        // What the decoder finds is told at the Lottie path the layer came from.
        do {
            timeline = try Timeline.decode(
                json: imported.document, file: path, name: imported.name, baseDirectory: imported.baseDirectory)
        } catch {
            throw TimelineError(
                file: path, problems: error.problems.map(imported.lottie),
                warnings: imported.warnings + error.warnings.map(imported.lottie))
        }
        timeline.warnings = imported.warnings + timeline.warnings.map(imported.lottie)
        timeline.isLottie = true
        return timeline
    }

    /// The timeline document the Lottie file at `path` becomes (what `reel import` writes);
    /// nil when the file is not Lottie.
    public static func importing(_ path: String, animation: String? = nil) throws(TimelineError) -> LottieImporter.Result? {
        let url = URL(fileURLWithPath: path)
        let limit = Timeline.maximumFileBytes
        func failure(_ expected: String, _ found: String) -> TimelineError {
            TimelineError(file: path, problems: [TimelineProblem(path: "", expected: expected, found: found)])
        }
        // What cannot be read (no file, a pipe, too large) is left to the timeline reader to name.
        guard AssetFiles.unreadable(path) == nil, let data = try? TextFile.bytes(path, limit: limit) else { return nil }
        var packaged: [String: Data] = [:]
        var jsonData = data
        var chosen: String?
        if LottieArchive.isGzip(data) {
            do {
                jsonData = try LottieArchive.gunzip(data, limit: limit)
            } catch {
                throw failure("a .tgs sticker: gzip of Lottie JSON of at most \(limit >> 20) MB", describe(error))
            }
        } else if LottieArchive.isZip(data) {
            let files: [String: Data]
            do {
                files = try LottieArchive.unzip(data, limit: limit) { name in
                    name == "manifest.json" || name.hasSuffix(".json") && (name.hasPrefix("animations/") || name.hasPrefix("a/"))
                        || name.hasPrefix("images/") || name.hasPrefix("i/")
                }
            } catch {
                throw failure("a dotLottie archive of at most \(limit >> 20) MB inflated", describe(error))
            }
            let manifest = files["manifest.json"].flatMap { String(data: $0, encoding: .utf8) }.flatMap {
                try? JSONParser.parse($0)
            }
            let ids: [String] =
                manifest.flatMap { m -> [String]? in
                    guard case .array(let list)? = m["animations"] else { return nil }
                    return list.compactMap { if case .string(let id)? = $0["id"] { return id } else { return nil } }
                } ?? []
            let available = files.keys.filter { $0.hasSuffix(".json") && $0 != "manifest.json" }.sorted()
            let id =
                animation ?? ids.first
                ?? available.first.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
            guard let id, let found = ["animations/\(id).json", "a/\(id).json"].compactMap({ files[$0] }).first else {
                throw failure(
                    animation.map { "an animation \"\($0)\" in the dotLottie" } ?? "a dotLottie with an animation in animations/",
                    available.isEmpty ? "none" : available.joined(separator: ", "))
            }
            chosen = id
            jsonData = found
            for (name, content) in files where name.hasPrefix("images/") || name.hasPrefix("i/") {
                packaged[(name as NSString).lastPathComponent] = content
            }
        } else if !LottieSniffer.looksLikeLottie(data) {
            return nil
        }
        let text: String
        do {
            text = try TextFile.utf8(jsonData)
        } catch {
            guard case .notUTF8(let at, let line) = error else { throw failure("Lottie JSON in UTF-8", "unreadable bytes") }
            throw failure("Lottie JSON in UTF-8", "bytes that are not UTF-8 at byte \(at) (line \(line))")
        }
        let json = try Timeline.parse(text, file: path)
        // A dotLottie's or sticker's animation is Lottie by its container; missing keys are
        // named by the import.
        guard case .object = json else {
            throw failure("a Lottie animation (an object with v, fr, ip, op, w, h, layers)", json.kindDescription)
        }
        let name = chosen ?? url.deletingPathExtension().lastPathComponent
        let base = url.deletingLastPathComponent().path
        return try LottieImporter.convert(json, file: path, name: name, baseDirectory: base, packaged: packaged)
    }

    private static func describe(_ error: LottieArchive.Failure) -> String {
        switch error {
        case .tooLarge(let s), .damaged(let s): return s
        }
    }
}
