import Foundation
import Reel
import ReelTimeline

/// What a studio serves from disk: its own page, and files of the timeline's folder, never
/// anything outside it (no `..`, no absolute path, no link that leads out).
enum StudioFiles {
    /// The page's files, shipped beside the binary.
    static let page: [String: (file: String, type: String)] = [
        "/": ("studio.html", "text/html; charset=utf-8"),
        "/studio.css": ("studio.css", "text/css; charset=utf-8"),
        "/studio.js": ("studio.js", "text/javascript; charset=utf-8")
    ]

    /// The bytes of the page's file `name`.
    static func pageFile(_ name: String) -> Data? {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Page") else { return nil }
        return try? Data(contentsOf: url)
    }

    /// The file `relative` (as the request names it, still percent-encoded) inside `folder`:
    /// nil for anything else.
    static func file(_ relative: Substring, in folder: String) -> String? {
        guard let decoded = String(relative).removingPercentEncoding, !decoded.isEmpty, !decoded.hasPrefix("/"),
            !decoded.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0.isEmpty }),
            !decoded.contains("\0")
        else { return nil }
        return AssetFiles.fileInside(URL(fileURLWithPath: folder).appendingPathComponent(decoded).path, root: folder)
    }

    /// A content type for a file by its name's ending.
    static func contentType(of path: String) -> String {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "json": "application/json"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "svg": "image/svg+xml"
        case "html": "text/html; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
