import Foundation
import ReelCore
import ReelRaster

/// Paths' strokes and fills kept from frame to frame, keyed by everything that shapes them: a
/// fill whose path and transform hold is swept into trapezoids once (a Lottie file's still
/// shapes cost nothing after their first frame); a stroke whose path, style and transform hold
/// is outlined once; a path whose stroke style changes (an
/// animated `strokeEnd`, a marching `lineDashPhase`) is flattened and measured once and only
/// cut again; an outline is kept from its second use. Results are the same values computed or kept, so frames are byte-identical
/// either way. Bounded by entry count (the least recently used half goes when full); safe to
/// share between threads.
public final class PathCache: @unchecked Sendable {
    struct OutlineKey: Hashable {
        let path: Path
        let style: StrokeStyle
        let transform: Transform3D
        let visible: PixelRect
    }

    struct AreaKey: Hashable {
        let path: Path
        let transform: Transform3D
    }

    struct PiecesKey: Hashable {
        let path: Path
        let tolerance: Double
    }

    /// The most entries of each kind kept.
    public static let capacity = 256

    private let lock = NSLock()
    private var outlines: [OutlineKey: (value: [[Point]], used: Int)] = [:]
    private var pieces: [PiecesKey: (value: PathPieces, used: Int)] = [:]
    private var areas: [AreaKey: (value: [[Point]], used: Int)] = [:]
    private var seenAreas: [AreaKey: (value: Bool, used: Int)] = [:]
    /// Outlines asked for once: one is kept when it is asked for again, so strokes that change
    /// every frame (a moving `strokeEnd`) do not churn the table.
    private var seen: [OutlineKey: (value: Bool, used: Int)] = [:]
    private var clock = 0

    public init() {}

    /// The stroke of `path` under `style` in the pixels `transform` maps to (`Stroker.outline`),
    /// of the pieces that can reach the pixels `visible`.
    public func outline(of path: Path, style: StrokeStyle, transform: Transform3D, visible: PixelRect) -> [[Point]] {
        let key = OutlineKey(path: path, style: style, transform: transform, visible: visible)
        if let kept = take(&outlines, key) { return kept }
        let tolerance = Stroker.localTolerance(transform)
        let measured = take(&pieces, PiecesKey(path: path, tolerance: tolerance)) ?? PathPieces(path: path, tolerance: tolerance)
        keep(&pieces, PiecesKey(path: path, tolerance: tolerance), measured)
        let outline = Stroker.outline(
            of: measured.cut(style), style: style, transform: transform, tolerance: tolerance, visible: visible)
        if take(&seen, key) != nil { keep(&outlines, key, outline) } else { keep(&seen, key, true) }
        return outline
    }

    /// The area `path` fills in the pixels `transform` maps to (`Path.area`), kept from its second use.
    public func area(of path: Path, transform: Transform3D) -> [[Point]] {
        let key = AreaKey(path: path, transform: transform)
        if let kept = take(&areas, key) { return kept }
        let area = path.area(transform: transform)
        if take(&seenAreas, key) != nil { keep(&areas, key, area) } else { keep(&seenAreas, key, true) }
        return area
    }

    private func take<K: Hashable, V>(_ table: inout [K: (value: V, used: Int)], _ key: K) -> V? {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        guard let entry = table[key] else { return nil }
        table[key] = (entry.value, clock)
        return entry.value
    }

    private func keep<K: Hashable, V>(_ table: inout [K: (value: V, used: Int)], _ key: K, _ value: V) {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        table[key] = (value, clock)
        guard table.count > PathCache.capacity else { return }
        let cut = table.values.map(\.used).sorted()[table.count / 2]
        table = table.filter { $0.value.used >= cut }
    }
}
