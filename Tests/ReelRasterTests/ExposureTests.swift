import ReelCore
import ReelTestSupport
import Testing

@testable import ReelRaster

/// Averages of pictures by motion blur's integer rule, (Σ c_k + n/2) div n per channel.
@Suite struct ExposureTests {
    @Test(arguments: [1, 2, 3, 7, 16, 64])
    func theAverageIsTheRoundedIntegerMean(count: Int) {
        var g = SeededGenerator(state: UInt64(count))
        let (w, h) = (37, 5)
        let pictures = (0..<count).map { _ -> PixelBuffer in
            let p = PixelBuffer(width: w, height: h)
            for y in 0..<h { for x in 0..<w { p.row(y)[x] = randomPixel(&g) } }
            return p
        }
        let exposure = Exposure(width: w, height: h)
        for p in pictures { exposure.add(p) }
        let out = PixelBuffer(width: w, height: h)
        exposure.average(into: out)
        for y in 0..<h {
            for x in 0..<w {
                for shift in stride(from: 0, to: 32, by: 8) {
                    let sum = pictures.reduce(0) { $0 + Int(($1.row(y)[x] >> UInt32(shift)) & 0xFF) }
                    #expect(Int((out.row(y)[x] >> UInt32(shift)) & 0xFF) == (sum + count / 2) / count)
                }
            }
        }
    }

    @Test func anExposureStartsAgainAfterItsAverage() {
        let exposure = Exposure(width: 2, height: 1)
        let white = PixelBuffer(width: 2, height: 1)
        white.clear(to: .white)
        let clear = PixelBuffer(width: 2, height: 1)
        clear.clear(to: Color(red: 0, green: 0, blue: 0, alpha: 0))
        exposure.add(white)
        exposure.add(clear)
        let out = PixelBuffer(width: 2, height: 1)
        exposure.average(into: out)
        #expect(out.row(0)[0] == 0x8080_8080)  // (255 + 0 + 1) div 2 = 128 in every channel
        exposure.add(clear)
        exposure.average(into: out)
        #expect(out.row(0)[0] == 0)
    }
}
