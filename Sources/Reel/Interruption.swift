import Foundation

/// What Reel does when SIGINT, SIGTERM or SIGHUP stops it: remove the temporary file of the
/// output being written (an existing output stays untouched, it was never opened), say so,
/// and exit with 128 + the signal (130, 143, 129), as shells expect.
public enum Interruption {
    /// The temporary file to remove, as a C string the handler can use without allocating.
    nonisolated(unsafe) private static var pending: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var installed = false

    /// Installs the handlers (once); afterwards an interruption removes `path` (nil: none).
    static func removeOnInterrupt(_ path: String?) {
        install()
        let old = pending
        pending = path.map { strdup($0) }
        free(old)
    }

    private static func install() {
        guard !installed else { return }
        installed = true
        var handled = sigset_t()
        sigemptyset(&handled)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            // A hangup ignored on entry (nohup) stays ignored.
            if sig == SIGHUP, unsafeBitCast(signal(SIGHUP, SIG_IGN), to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            sigaddset(&handled, sig)
            signal(sig) { sig in
                // Only async-signal-safe calls here: unlink, write of constant text, _exit.
                if let path = Interruption.pending { unlink(path) }
                let message: StaticString = sig == SIGINT ? "\nreel: interrupted; no output was written\n"
                    : sig == SIGTERM ? "\nreel: terminated; no output was written\n" : "\nreel: hung up; no output was written\n"
                _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
                _exit(128 + sig)
            }
        }
        // A parent may have started Reel with these signals blocked: they would wait until the end.
        sigprocmask(SIG_UNBLOCK, &handled, nil)
    }
}
