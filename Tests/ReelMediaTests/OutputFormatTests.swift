import Testing

@testable import ReelMedia

/// The output's extension picks the container, `--codec` the codec among the container's.
@Suite struct OutputFormatTests {
    @Test func theExtensionPicksTheFormat() throws {
        #expect(try OutputFormat.forOutput("a/b.mp4") == .h264MP4)
        #expect(try OutputFormat.forOutput("clip.MOV") == .proRes4444)
        #expect(try OutputFormat.forOutput("clip.mov", codec: "h264") == .h264MOV)
        #expect(try OutputFormat.forOutput("web/overlay.webm") == .vp9WebM)
        #expect(try OutputFormat.forOutput("x.webm", codec: "vp9") == .vp9WebM)
        #expect(try OutputFormat.forOutput("x.mp4", codec: "hevc") == .hevcMP4)
        #expect(try OutputFormat.forOutput("a.gif") == .gif)
        #expect(try OutputFormat.forOutput("frames/%05d.png") == .pngSequence)
    }

    /// `--pix-fmt` picks among the codec's pixel formats; the frame size follows it.
    @Test func thePixelFormatIsChosenWithinTheCodec() throws {
        let tenBit = try OutputFormat.forOutput("x.mp4", codec: "hevc", pixelFormat: "yuv420p10le")
        #expect(tenBit.encoder == "libx265" && tenBit.pixelFormat == "yuv420p10le" && tenBit.convertsWholeFrames)
        #expect(tenBit.bytesPerPixel == 3 && OutputFormat.h264MP4.bytesPerPixel == 1.5)
        #expect(!OutputFormat.h264MP4.convertsWholeFrames)
        #expect {
            try OutputFormat.forOutput("a.webm", pixelFormat: "yuv420p10le")
        } throws: { "\($0)" == "cannot write a.webm with --pix-fmt yuv420p10le: VP9 takes `yuva420p`" }
    }

    /// A PNG sequence names one number per file, as libavformat's sequence muxer does.
    @Test func aSequenceNeedsOneNumberPattern() throws {
        #expect(OutputFormat.sequenceFileName("f%05d.png", number: 42) == "f00042.png")
        #expect(OutputFormat.sequenceFileName("f%d-%d.png", number: 1) == nil)
        for bad in ["frames/f.png", "frames/%d-%d.png"] {
            #expect {
                try OutputFormat.forOutput(bad)
            } throws: { "\($0)".contains("a PNG sequence needs one number pattern in its file name") }
        }
    }

    @Test func unknownExtensionsAndCodecsAreRefusedInWords() {
        #expect {
            try OutputFormat.forOutput("dir.v2/out")
        } throws: { "\($0)".contains("found no extension") && "\($0)".contains(".mov (ProRes 4444 or H.264)") }
        #expect {
            try OutputFormat.forOutput("w.txt")
        } throws: {
            "\($0)"
                == "cannot write w.txt: Reel chooses the format by the extension and writes \(OutputFormat.choicesText), found .txt"
        }
        #expect {
            try OutputFormat.forOutput("a.mp4", codec: "prores")
        } throws: { "\($0)" == "cannot write a.mp4 with --codec prores: a .mp4 file takes `h264` or `hevc`" }
    }

    /// Only the formats with alpha say they carry it, and their pixel formats have an alpha
    /// plane (GIF's RGBA is mapped to an opaque palette).
    @Test func alphaFollowsThePixelFormat() {
        for format in OutputFormat.all {
            let alphaPlane = format.pixelFormat.hasPrefix("yuva") || (format.pixelFormat == "rgba" && format != .gif)
            #expect(format.carriesAlpha == alphaPlane, "\(format)")
        }
    }
}
