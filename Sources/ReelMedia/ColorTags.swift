import CFFmpeg

/// The colour tags a format's frames and stream carry: BT.709 limited range for video, sRGB
/// (BT.709 primaries, the sRGB curve, full range) for RGB pictures.
struct ColorTags {
    let primaries = AVCOL_PRI_BT709
    let transfer: AVColorTransferCharacteristic
    let matrix: AVColorSpace
    let range: AVColorRange

    init(_ format: OutputFormat) {
        (transfer, matrix, range) =
            format.isRGB
            ? (AVCOL_TRC_IEC61966_2_1, AVCOL_SPC_RGB, AVCOL_RANGE_JPEG) : (AVCOL_TRC_BT709, AVCOL_SPC_BT709, AVCOL_RANGE_MPEG)
    }

    func apply(to codec: UnsafeMutablePointer<AVCodecContext>) {
        (codec.pointee.color_primaries, codec.pointee.color_trc) = (primaries, transfer)
        (codec.pointee.colorspace, codec.pointee.color_range) = (matrix, range)
    }

    func apply(to frame: UnsafeMutablePointer<AVFrame>) {
        (frame.pointee.color_primaries, frame.pointee.color_trc) = (primaries, transfer)
        (frame.pointee.colorspace, frame.pointee.color_range) = (matrix, range)
    }
}
