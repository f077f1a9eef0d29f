import Foundation
import Synchronization

/// What Reel does when SIGINT, SIGTERM or SIGHUP stops it. By default: remove the temporary
/// file of the output being written (an existing output stays untouched, it was never
/// opened), say so, and exit with 128 + the signal (130, 143, 129), as shells expect. While a
/// render keeps partial output (`--keep-partial`), the first signal is only noted: the render
/// stops after the frame in hand and finishes the file; a second signal stops at once.
public enum Interruption {
    /// The temporary file to remove, as a C string the handler can use without allocating.
    nonisolated(unsafe) private static var pending: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var installed = false
    /// Whether the first signal is only noted (in `received`) rather than ending the process.
    private static let deferring = Atomic<Bool>(false)
    /// The signal noted while deferring; 0 for none.
    private static let noted = Atomic<Int32>(0)

    /// Installs the handlers (once); afterwards an interruption removes `path` (nil: none).
    static func removeOnInterrupt(_ path: String?) {
        install()
        let old = pending
        pending = path.map { strdup($0) }
        free(old)
    }

    /// From now on the first signal is noted instead of ending the process (`received` tells);
    /// `false` restores the default.
    static func deferSignals(_ on: Bool) {
        install()
        noted.store(0, ordering: .sequentiallyConsistent)
        deferring.store(on, ordering: .sequentiallyConsistent)
    }

    /// The signal noted while deferring, if one came.
    static var received: Int32? {
        let sig = noted.load(ordering: .sequentiallyConsistent)
        return sig == 0 ? nil : sig
    }

    /// The words a signal is reported with: "interrupted", "terminated", "hung up".
    public static func word(for sig: Int32) -> String {
        sig == SIGINT ? "interrupted" : sig == SIGTERM ? "terminated" : "hung up"
    }

    private static func install() {
        guard !installed else { return }
        installed = true
        var handled = sigset_t()
        sigemptyset(&handled)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            // A hangup ignored on entry (nohup) stays ignored.
            if sig == SIGHUP, unsafeBitCast(signal(SIGHUP, SIG_IGN), to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                continue
            }
            sigaddset(&handled, sig)
            signal(sig) { sig in
                // Only async-signal-safe work here: lock-free atomics, unlink, write of constant text, _exit.
                if Interruption.deferring.load(ordering: .sequentiallyConsistent),
                    Interruption.noted.compareExchange(expected: 0, desired: sig, ordering: .sequentiallyConsistent).exchanged
                {
                    return
                }
                if let path = Interruption.pending { unlink(path) }
                let message: StaticString =
                    sig == SIGINT
                    ? "\nreel: interrupted; no output was written\n"
                    : sig == SIGTERM ? "\nreel: terminated; no output was written\n" : "\nreel: hung up; no output was written\n"
                _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
                _exit(128 + sig)
            }
        }
        // A parent may have started Reel with these signals blocked: they would wait until the end.
        sigprocmask(SIG_UNBLOCK, &handled, nil)
    }
}
