import ReelCore
import ReelMedia
import ReelTimeline

/// The images a timeline's layers show, decoded once through libav (PNG, JPEG, ...),
/// premultiplied, with their mipmaps, and shared by every frame and thread.
public enum TimelineAssets {
    /// An asset that could not be decoded.
    public struct LoadError: Error, CustomStringConvertible {
        public let asset: String
        public let path: String
        public let reason: String
        public var description: String { "asset \"\(asset)\" (\(path)): \(reason)" }
    }

    /// Decodes every asset of `timeline`, each file once however many names it has.
    public static func load(_ timeline: Timeline) throws -> [String: Image] {
        var images: [String: Image] = [:]
        var byFile: [String: Image] = [:]
        for (name, path) in timeline.assets.sorted(by: { $0.key < $1.key }) {
            if let decoded = byFile[path] {
                images[name] = decoded
                continue
            }
            do {
                guard let pixels = try MediaReader(path: path).readFrames(limit: 1).first else {
                    throw LoadError(asset: name, path: path, reason: "the file holds no picture")
                }
                let image = Image(pixels: pixels)
                images[name] = image
                byFile[path] = image
            } catch let error as FFmpegError {
                throw LoadError(asset: name, path: path, reason: "\(error)")
            }
        }
        return images
    }
}
