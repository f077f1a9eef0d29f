extension PixelBuffer {
    /// The picture turned clockwise by `turns` quarter turns (a phone clip's display matrix).
    public func turned(clockwiseQuarterTurns turns: Int) -> PixelBuffer {
        let k = ((turns % 4) + 4) % 4
        guard k != 0 else { return self }
        let (w, h) = k == 2 ? (width, height) : (height, width)
        let out = PixelBuffer(width: w, height: h)
        for y in 0..<height {
            let src = row(y)
            for x in 0..<width {
                let (tx, ty): (Int, Int)
                switch k {
                case 1: (tx, ty) = (height - 1 - y, x)
                case 2: (tx, ty) = (width - 1 - x, height - 1 - y)
                default: (tx, ty) = (y, width - 1 - x)
                }
                out.row(ty)[tx] = src[x]
            }
        }
        return out
    }
}
