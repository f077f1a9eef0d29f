import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelRaster

/// The sprite kernel against its twin, byte for byte, and its coverage and tint on known pixels.
@Suite struct SpriteKernelsTests {
    /// A batch of turned, scaled, tinted sprites of two sources (bilinear and nearest, one a
    /// part of its image) over a random picture: the kernel and its twin give the same bytes,
    /// landing source-over and added.
    @Test func kernelMatchesItsTwin() {
        var g = SeededGenerator(state: 11)
        let image = PixelBuffer(width: 12, height: 10)
        for y in 0..<10 { for x in 0..<12 { image.row(y)[x] = randomPixel(&g) } }
        let sources = [
            SpriteBatch.Source(pixels: image, origin: (0, 0), size: (12, 10), nearest: false),
            SpriteBatch.Source(pixels: image, origin: (3, 2.5), size: (6, 5), nearest: true)
        ]
        var sprites: [SpriteBatch.Sprite] = []
        for k in 0..<200 {
            let angle = Double.random(in: 0...(2 * .pi), using: &g)
            let scale = Double.random(in: 0.3...4, using: &g)
            let centre = (x: Double.random(in: -10...90, using: &g), y: Double.random(in: -10...70, using: &g))
            let source = sources[k % 2]
            // Target -> part pixels: undo the turn and scale about the centre.
            let (c, s) = (cos(angle) / scale, sin(angle) / scale)
            let tints: [UInt32] = [0xFFFF_FFFF, 0x8040_2010, randomPixel(&g) | 0xFF00_0000]
            sprites.append(
                SpriteBatch.Sprite(
                    a: c, b: s, c: -(c * centre.x + s * centre.y) + source.size.width / 2,
                    d: -s, e: c, f: -(-s * centre.x + c * centre.y) + source.size.height / 2,
                    tint: tints[k % 3], source: Int32(k % 2),
                    box: PixelRect(x: Int(centre.x) - 30, y: Int(centre.y) - 30, width: 60, height: 60)))
        }
        for additive in [false, true] {
            let batch = SpriteBatch(sources: sources, sprites: sprites, additive: additive)
            let fast = PixelBuffer(width: 80, height: 60)
            let twin = PixelBuffer(width: 80, height: 60)
            for y in 0..<60 {
                for x in 0..<80 {
                    let p = randomPixel(&g)
                    fast.row(y)[x] = p
                    twin.row(y)[x] = p
                }
            }
            // A band of rows, as the executor draws, then the rest.
            for clip in [PixelRect(x: 0, y: 0, width: 80, height: 32), PixelRect(x: 0, y: 32, width: 80, height: 28)] {
                SpriteKernels.draw(batch, into: fast, clip: clip)
                ReferenceSprites.draw(batch, into: twin, clip: clip)
            }
            #expect(fast.packedBytes == twin.packedBytes, "additive \(additive)")
        }
    }

    /// An opaque white 4x4 sprite at scale 1 on whole pixels covers its 16 pixels fully and
    /// nothing else; half a pixel off, its edge pixels are half covered; a tint multiplies.
    @Test func coverageAndTint() {
        let white = PixelBuffer(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { white.row(y)[x] = 0xFFFF_FFFF } }
        let source = SpriteBatch.Source(pixels: white, origin: (0, 0), size: (4, 4), nearest: false)
        func draw(x: Double, tint: UInt32 = 0xFFFF_FFFF) -> PixelBuffer {
            let target = PixelBuffer(width: 10, height: 10)
            let sprite = SpriteBatch.Sprite(
                a: 1, b: 0, c: -x, d: 0, e: 1, f: -3, tint: tint, source: 0, box: PixelRect(x: 0, y: 0, width: 10, height: 10))
            SpriteKernels.draw(SpriteBatch(sources: [source], sprites: [sprite], additive: false), into: target, clip: sprite.box)
            return target
        }
        let whole = draw(x: 3)
        #expect(whole.pixel(x: 3, y: 3) == (255, 255, 255, 255) && whole.pixel(x: 6, y: 6) == (255, 255, 255, 255))
        #expect(whole.pixel(x: 2, y: 4) == (0, 0, 0, 0) && whole.pixel(x: 7, y: 4) == (0, 0, 0, 0))
        let half = draw(x: 3.5)
        #expect(half.pixel(x: 3, y: 4).a == 128 && half.pixel(x: 4, y: 4).a == 255 && half.pixel(x: 7, y: 4).a == 128)
        let red = draw(x: 3, tint: 0x8000_0080)
        #expect(red.pixel(x: 4, y: 4) == (128, 0, 0, 128))
    }
}
