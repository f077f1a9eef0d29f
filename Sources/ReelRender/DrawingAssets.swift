import ReelCore
import ReelText

/// What layers draw from besides their own keys: the timeline's decoded images by asset name
/// (`contents`) and the typesetter that knows its fonts (text layers). Shared by every planner
/// and thread.
public struct DrawingAssets: Sendable {
    public let images: [String: Image]
    public let typesetter: Typesetter

    public init(images: [String: Image] = [:], typesetter: Typesetter = .systemFonts) {
        self.images = images
        self.typesetter = typesetter
    }
}
