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
        } throws: { "\($0)" == "cannot write a.mp4 with --codec prores: a .mp4 file takes `h264`" }
    }

    /// Only the formats with alpha say they carry it, and their pixel formats have an alpha plane.
    @Test func alphaFollowsThePixelFormat() {
        for format in OutputFormat.all {
            #expect(format.carriesAlpha == format.pixelFormat.hasPrefix("yuva"), "\(format)")
        }
    }
}
