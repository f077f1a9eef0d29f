// Refuses, before any of Reel's code runs, to start on a CPU that lacks the instructions the
// release build was compiled for. `bin/lib/setup.sh` builds with AVX2 and FMA (Haswell) when
// the building machine has them; a binary copied to an older machine would otherwise die of
// an illegal instruction somewhere in its first frame. Compiled into `reel` only when the
// build targets those features, and itself compiled for baseline x86-64 so that the check
// runs on any CPU. REEL_CPU_CHECK_PRETEND_MISSING makes it fail on purpose (bin/test uses it
// to see the message).
#include <stdlib.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__AVX2__) && defined(__FMA__)
__attribute__((constructor, target("arch=x86-64"))) static void reel_check_cpu(void) {
    __builtin_cpu_init();
    if (getenv("REEL_CPU_CHECK_PRETEND_MISSING") == NULL && __builtin_cpu_supports("avx2") &&
        __builtin_cpu_supports("fma")) {
        return;
    }
    static const char message[] =
        "reel: this binary was built for x86-64 CPUs with AVX2 and FMA (Intel Haswell, AMD "
        "Excavator or later) and this CPU lacks them; build Reel on this machine (bin/reel "
        "builds for the CPU it runs on)\n";
    ssize_t written = write(STDERR_FILENO, message, sizeof message - 1);
    (void)written;
    _exit(1);
}
#endif
