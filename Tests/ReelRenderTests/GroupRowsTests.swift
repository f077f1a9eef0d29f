import ReelCore
import ReelLayers
import ReelTestSupport
import Testing

@testable import Reel
@testable import ReelRender

/// Groups drawn row by row straight onto the frame, and frames drawn a band of rows at a
/// time, give the very bytes of drawing each group through an offscreen picture and the
/// frame whole: the same coverage, the same kernels, only less memory touched.
@Suite struct GroupRowsTests {
    /// A canvas of cards in random shapes, colours (translucent too), borders, shadows and
    /// group opacities, turned, scaled and partly off the edges, with an image on top.
    func scene(seed: UInt64) -> (Layer, [String: Image]) {
        var random = SeededGenerator(state: seed)
        func unit() -> Double { Double.random(in: 0...1, using: &random) }
        func color(opaque: Bool) -> Color {
            Color(red: unit(), green: unit(), blue: unit(), alpha: opaque || unit() < 0.5 ? 1 : unit())
        }
        var root = Layer(id: "root")
        root.bounds = Rect(x: 0, y: 0, width: 320, height: 240)
        root.position = Point(x: 160, y: 120)
        root.backgroundColor = seed % 3 == 0 ? nil : color(opaque: seed % 2 == 0)
        for i in 0..<9 {
            var card = Layer(id: "card\(i)")
            card.bounds = Rect(x: 0, y: 0, width: 30 + 150 * unit(), height: 20 + 110 * unit())
            card.position = Point(x: -40 + 400 * unit(), y: -30 + 300 * unit())
            let scale = 0.5 + unit()
            card.transform = Transform3D.scale(scale, scale).concatenating(.rotation((unit() - 0.5) * 2 * .pi, x: 0, y: 0, z: 1))
            card.cornerRadius = unit() < 0.2 ? 0 : 40 * unit()
            card.backgroundColor = unit() < 0.15 ? nil : color(opaque: unit() < 0.7)
            if unit() < 0.7 {
                card.borderWidth = 1 + 8 * unit()
                card.borderColor = color(opaque: unit() < 0.6)
            }
            if unit() < 0.7 {
                card.shadowOpacity = 0.2 + 0.8 * unit()
                card.shadowRadius = 2 + 12 * unit()
                card.shadowOffset = Size(width: 10 * (unit() - 0.5), height: 12 * unit())
                card.shadowColor = color(opaque: true)
            }
            card.opacity = unit() < 0.2 ? 1 : 0.1 + 0.9 * unit()
            root.sublayers.append(card)
        }
        let pixels = PixelBuffer(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                pixels.row(y)[x] = PixelBuffer.pack(
                    Color(red: Double(x) / 63, green: Double(y) / 47, blue: 0.5).premultipliedRGBA8)
            }
        }
        var picture = Layer(id: "picture")
        picture.bounds = Rect(x: 0, y: 0, width: 96, height: 72)
        picture.position = Point(x: 200, y: 130)
        picture.transform = .rotation(0.4, x: 0, y: 0, z: 1)
        picture.contents = "p"
        picture.cornerRadius = 18
        picture.masksToBounds = true
        root.sublayers.append(picture)
        return (root, ["p": Image(pixels: pixels)])
    }

    func render(_ root: Layer, _ images: [String: Image], byRows: Bool, height: Int = 240) -> [UInt8] {
        let buffer = PixelBuffer(width: 320, height: height)
        // Stale pixels from an earlier frame must not show through.
        buffer.clear(to: Color(red: 1, green: 0, blue: 1))
        RenderHarness.renderer(width: 320, height: height, assets: DrawingAssets(images: images), drawsByRows: byRows).render(
            root, into: buffer)
        return buffer.packedBytes
    }

    @Test(arguments: 1...12)
    func rowsAndBandsGiveTheBytesOfPictures(seed: Int) {
        let (root, images) = scene(seed: UInt64(seed))
        #expect(render(root, images, byRows: true) == render(root, images, byRows: false))
    }

    /// A frame whose height is not a whole number of bands, and one smaller than a band.
    @Test(arguments: [PlanExecutor.bandHeight * 3 + 7, PlanExecutor.bandHeight - 5])
    func bandsCoverEveryRow(height: Int) {
        let (root, images) = scene(seed: 99)
        #expect(render(root, images, byRows: true, height: height) == render(root, images, byRows: false, height: height))
    }

    /// Cards inside a `shouldRasterize` layer are drawn row by row in the bitmap's own plan,
    /// whose kept shadows must not be taken for the frame's own at the same step.
    @Test func rasterizedCardsKeepTheirOwnShadows() {
        var (root, images) = scene(seed: 7)
        var holder = Layer(id: "holder")
        holder.bounds = Rect(x: 0, y: 0, width: 200, height: 150)
        holder.position = Point(x: 150, y: 110)
        holder.shouldRasterize = true
        var inner = root.sublayers[2]
        inner.position = Point(x: 100, y: 75)
        inner.shadowRadius = 9
        inner.shadowOffset = Size(width: -6, height: 3)
        inner.shadowOpacity = 0.9
        holder.sublayers = [inner]
        root.sublayers.insert(holder, at: 0)
        #expect(render(root, images, byRows: true) == render(root, images, byRows: false))
    }

    /// Which groups go row by row, and when a frame can be drawn in bands.
    @Test func scheduleFindsRowGroupsAndBands() {
        let (root, images) = scene(seed: 5)
        let planner = FramePlanner(assets: DrawingAssets(images: images))
        let plan = planner.plan(root, width: 320, height: 240, scale: 1)
        let schedule = PlanExecutor.Schedule(plan, groupsByRow: true)
        let begins = plan.steps.indices.filter { if case .beginGroup = plan.steps[$0].operation { true } else { false } }
        #expect(!begins.isEmpty)
        #expect(begins.allSatisfy { schedule.rowGroupEnd[$0] > $0 })
        #expect(schedule.inBands)
        #expect(!PlanExecutor.Schedule(plan, groupsByRow: false).inBands)
        // A mask layer needs its picture whole: no bands, but the cards still go row by row.
        var masked = root
        var card = Layer(id: "masked")
        card.bounds = Rect(x: 0, y: 0, width: 100, height: 80)
        card.position = Point(x: 160, y: 120)
        card.backgroundColor = .white
        var mask = Layer(id: "mask")
        mask.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        mask.backgroundColor = .white
        card.mask = mask
        masked.sublayers.append(card)
        let maskedPlan = planner.plan(masked, width: 320, height: 240, scale: 1)
        let maskedSchedule = PlanExecutor.Schedule(maskedPlan, groupsByRow: true)
        #expect(!maskedSchedule.inBands)
        #expect(maskedSchedule.rowGroupEnd.contains { $0 >= 0 })
    }
}
