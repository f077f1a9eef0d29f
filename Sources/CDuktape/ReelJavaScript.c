// Builds Debian's Duktape (duktape-dev: /usr/share/duktape) with a budget: its configuration
// header first, then the two options the prebuilt library lacks, then the engine itself.
// Duktape's configuration comes first, as the engine's own file includes it: it sets the
// feature macros the system headers read.
#define DUK_COMPILING_DUKTAPE
#include "/usr/share/duktape/duk_config.h"

int reel_js_timed_out(void *udata);
#define DUK_USE_INTERRUPT_COUNTER
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) reel_js_timed_out(udata)

#include "/usr/share/duktape/duktape.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ReelJavaScript.h"

struct ReelJS {
    duk_context *ctx;
    size_t used;
    size_t limit;
    double deadline;
    ReelJSHost host;
    void *context;
};

static double reel_js_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int reel_js_timed_out(void *udata) {
    const struct ReelJS *js = udata;
    return js != NULL && js->deadline > 0 && reel_js_now() > js->deadline;
}

// Every block carries its size in front, so the heap's total is known exactly.
typedef union {
    size_t size;
    max_align_t align;
} reel_js_header;

static void *reel_js_alloc(void *udata, duk_size_t size) {
    struct ReelJS *js = udata;
    if (size == 0) return NULL;
    if (size > js->limit || js->used + size > js->limit) return NULL;
    reel_js_header *h = malloc(sizeof(reel_js_header) + size);
    if (h == NULL) return NULL;
    h->size = size;
    js->used += size;
    return h + 1;
}

static void reel_js_free(void *udata, void *ptr) {
    struct ReelJS *js = udata;
    if (ptr == NULL) return;
    reel_js_header *h = (reel_js_header *)ptr - 1;
    js->used -= h->size;
    free(h);
}

static void *reel_js_realloc(void *udata, void *ptr, duk_size_t size) {
    struct ReelJS *js = udata;
    if (ptr == NULL) return reel_js_alloc(udata, size);
    if (size == 0) {
        reel_js_free(udata, ptr);
        return NULL;
    }
    reel_js_header *h = (reel_js_header *)ptr - 1;
    size_t old = h->size;
    if (size > old && (size - old > js->limit || js->used + (size - old) > js->limit)) return NULL;
    reel_js_header *n = realloc(h, sizeof(reel_js_header) + size);
    if (n == NULL) return NULL;
    n->size = size;
    js->used = js->used - old + size;
    return n + 1;
}

// Only reached by an error outside a protected call, which this file never makes.
static void reel_js_fatal(void *udata, const char *msg) {
    (void)udata;
    fprintf(stderr, "reel: the expression engine failed: %s\n", msg ? msg : "(no message)");
    abort();
}

static duk_ret_t reel_js_host_call(duk_context *ctx) {
    duk_memory_functions funcs;
    duk_get_memory_functions(ctx, &funcs);
    struct ReelJS *js = funcs.udata;
    int operation = duk_to_int(ctx, 0);
    const char *path = duk_to_string(ctx, 1);
    double argument = duk_to_number(ctx, 2);
    double out[256];
    int n = js->host(js->context, operation, path, argument, out, 256);
    if (n < 0) return 0;
    duk_push_array(ctx);
    for (int i = 0; i < n; i++) {
        duk_push_number(ctx, out[i]);
        duk_put_prop_index(ctx, -2, (duk_uarridx_t)i);
    }
    return 1;
}

ReelJS *reel_js_create(size_t memory_limit, ReelJSHost host, void *context) {
    struct ReelJS *js = calloc(1, sizeof(struct ReelJS));
    if (js == NULL) return NULL;
    js->limit = memory_limit;
    js->host = host;
    js->context = context;
    js->ctx = duk_create_heap(reel_js_alloc, reel_js_realloc, reel_js_free, js, reel_js_fatal);
    if (js->ctx == NULL) {
        free(js);
        return NULL;
    }
    duk_push_c_function(js->ctx, reel_js_host_call, 3);
    duk_put_global_string(js->ctx, "__host");
    return js;
}

void reel_js_destroy(ReelJS *js) {
    if (js == NULL) return;
    duk_destroy_heap(js->ctx);
    free(js);
}

static void reel_js_message(duk_context *ctx, char *error, size_t error_size) {
    if (error == NULL || error_size == 0) return;
    const char *message = duk_safe_to_string(ctx, -1);
    snprintf(error, error_size, "%s", message ? message : "unknown error");
}

int reel_js_run(ReelJS *js, const char *source, size_t length, double seconds, char *error, size_t error_size) {
    js->deadline = reel_js_now() + seconds;
    int rc = duk_peval_lstring(js->ctx, source, length);
    js->deadline = 0;
    if (rc != 0) reel_js_message(js->ctx, error, error_size);
    duk_pop(js->ctx);
    return rc == 0 ? 0 : -1;
}

int reel_js_call(
    ReelJS *js, const char *name, double id, double frame, const double *value, int value_count, double seconds,
    double *out, int capacity, char *error, size_t error_size) {
    duk_context *ctx = js->ctx;
    duk_get_global_string(ctx, name);
    duk_push_number(ctx, id);
    duk_push_number(ctx, frame);
    duk_push_array(ctx);
    for (int i = 0; i < value_count; i++) {
        duk_push_number(ctx, value[i]);
        duk_put_prop_index(ctx, -2, (duk_uarridx_t)i);
    }
    js->deadline = reel_js_now() + seconds;
    int rc = duk_pcall(ctx, 3);
    js->deadline = 0;
    int count = -1;
    if (rc != 0) {
        reel_js_message(ctx, error, error_size);
    } else if (duk_is_number(ctx, -1)) {
        if (capacity > 0) out[0] = duk_get_number(ctx, -1);
        count = 1;
    } else if (duk_is_array(ctx, -1)) {
        duk_size_t n = duk_get_length(ctx, -1);
        count = 0;
        for (duk_size_t i = 0; i < n && count >= 0; i++) {
            duk_get_prop_index(ctx, -1, (duk_uarridx_t)i);
            if (duk_is_number(ctx, -1) && (int)i < capacity) {
                out[i] = duk_get_number(ctx, -1);
                count++;
            } else {
                count = -2;
            }
            duk_pop(ctx);
        }
        if (count == -2) snprintf(error, error_size, "the result is an array of %zu values that are not all numbers", (size_t)n);
    } else {
        count = -2;
        snprintf(error, error_size, "the result is %s, not a number or an array of numbers", duk_safe_to_string(ctx, -1));
    }
    duk_pop(ctx);
    return count;
}
