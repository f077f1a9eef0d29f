import ArgumentParser
import Foundation
import ReelStudio

/// `reel studio`: a live page to scrub, play, inspect and profile a timeline while it is edited.
struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Preview a timeline in the browser: scrub, play, hit-test, inspect and profile it while you edit it.",
        discussion: """
            Serves one page on 127.0.0.1 (or --host): the frame at the playhead, drawn on request at a scale that fits \
            the window; the layer tree with the layer under the pointer; the selected layer's values; the cost of every \
            frame. Saving the timeline (or an asset it names) updates the page; an invalid file shows its problems over \
            the last good frame. Only the page and the timeline's own folder are served.
            """)

    @Argument(help: "The timeline JSON file.")
    var timeline: String

    @Option(help: "The port to serve on.")
    var port: Int = 8080

    @Option(help: "The address to listen on: 127.0.0.1 (this machine only) unless you mean to share it.")
    var host: String = "127.0.0.1"

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @OptionGroup var assets: AssetsRootOption

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1...65535, found \(port)") }
    }

    func run() throws {
        try reportingErrors {
            let server = try StudioServer(timeline: timeline, assetsRoot: assets.folder, host: host, port: port)
            let open = self.open
            let failure = StudioRun.serve(server) { address in
                // Written straight to the descriptor: a script waiting for the address sees it at once.
                FileHandle.standardOutput.write(Data("reel studio: \(address) (Ctrl-C to stop)\n".utf8))
                if open { _ = try? Process.run(URL(fileURLWithPath: "/usr/bin/xdg-open"), arguments: [address]) }
            }
            if let failure {
                let text = "\(failure)"
                if text.contains("Address already in use") || text.contains("errno: 98") {
                    printError("reel: cannot serve on \(host):\(port): the port is in use (another studio?); give --port")
                } else {
                    printError("reel: cannot serve on \(host):\(port): \(text)")
                }
                throw ExitCode.failure
            }
        }
    }
}

/// Runs the server's async work from a synchronous command, waiting for it to end.
enum StudioRun {
    final class Outcome: @unchecked Sendable {
        var error: Error?
    }

    static func serve(_ server: StudioServer, ready: @escaping @Sendable (String) -> Void) -> Error? {
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task {
            do {
                try await server.run(ready: ready)
            } catch {
                outcome.error = error
            }
            done.signal()
        }
        done.wait()
        return outcome.error
    }
}
