// A JavaScript engine for Lottie expressions: Debian's Duktape sources (duktape-dev), built
// here with an instruction budget (interrupt counter and execution timeout check) and a memory
// limit, wrapped in a few calls Swift can make (Duktape's API is mostly macros).
#ifndef REEL_JAVASCRIPT_H
#define REEL_JAVASCRIPT_H

#include <stddef.h>

typedef struct ReelJS ReelJS;

/// What script calls back into the host with `__host(operation, path, argument)`: it writes
/// at most `capacity` numbers to `out` and returns how many, or -1 when it has no answer.
typedef int (*ReelJSHost)(void *context, int operation, const char *path, double argument, double *out, int capacity);

/// A new engine whose heap never grows past `memory_limit` bytes; NULL when it cannot start.
ReelJS *reel_js_create(size_t memory_limit, ReelJSHost host, void *context);
void reel_js_destroy(ReelJS *js);

/// Runs `source` as global code within `seconds`: 0, or -1 with the engine's message in `error`.
int reel_js_run(ReelJS *js, const char *source, size_t length, double seconds, char *error, size_t error_size);

/// Calls the global function `name` with (`id`, `frame`, [`value`...]) within `seconds`; its
/// result (a number or an array of numbers) goes to `out`. Returns how many numbers, -1 with
/// the message in `error` when it throws or runs out of time or memory, -2 when the result is
/// not numbers (described in `error`).
int reel_js_call(
    ReelJS *js, const char *name, double id, double frame, const double *value, int value_count, double seconds,
    double *out, int capacity, char *error, size_t error_size);

#endif
