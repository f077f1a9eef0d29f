import ArgumentParser
import Foundation
import Reel
import ReelJSON
import ReelLottie

/// `reel import`: the Reel timeline a Lottie file becomes, written for a user to read and
/// edit; rendering it gives the same frames as rendering the Lottie file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write the Reel timeline a Lottie file (.json, .lottie, .tgs) becomes, with its images beside it.")

    @Argument(help: "The Lottie file.")
    var lottie: String

    @Option(name: .shortAndLong, help: "Output timeline JSON file (default: the Lottie file's base name + .reel.json).")
    var output: String?

    @Option(help: "A dotLottie's animation to import, by id (default: the manifest's first).")
    var animation: String?

    func run() throws {
        try reportingErrors {
            guard let imported = try LottieFile.importing(lottie, animation: animation) else {
                throw ValidationError("\(lottie) is not a Lottie animation (a JSON object with v, fr, ip, op, w, h, layers)")
            }
            for warning in imported.warnings { printError("warning: \(warning)") }
            let path = output ?? URL(fileURLWithPath: lottie).deletingPathExtension().lastPathComponent + ".reel.json"
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let stem = URL(fileURLWithPath: path).lastPathComponent.components(separatedBy: ".").first ?? "timeline"
            var document = imported.document
            // Embedded images become files beside the timeline, named after it.
            var images: [(name: String, data: Data)] = []
            if case .object(var members) = document, let a = members.firstIndex(where: { $0.key == "assets" }),
                case .object(var assets) = members[a].value
            {
                for i in assets.indices {
                    guard case .string(let uri)? = assets[i].value["path"], uri.hasPrefix("data:"),
                        let comma = uri.firstIndex(of: ","),
                        let data = Data(base64Encoded: String(uri[uri.index(after: comma)...]))
                    else { continue }
                    let type = uri[..<comma].contains("jpeg") ? "jpg" : uri[..<comma].contains("webp") ? "webp" : "png"
                    let file = "\(stem)-\(assets[i].key.replacingOccurrences(of: " ", with: "-")).\(type)"
                    images.append((file, data))
                    assets[i].value = .object([(key: "path", value: .string(file))])
                }
                members[a].value = .object(assets)
                document = .object(members)
            }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for image in images {
                try AtomicOutput(destination: folder.appendingPathComponent(image.name).path, protecting: [lottie]).write(
                    image.data)
            }
            try AtomicOutput(destination: path, protecting: [lottie]).write(Data((document.pretty() + "\n").utf8))
            print("\(path): \(images.count) image\(images.count == 1 ? "" : "s") beside it")
        }
    }
}
