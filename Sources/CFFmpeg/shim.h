// What Swift cannot import from libav's headers (function-like macros), as static inline
// wrappers with a reel_ prefix.
#ifndef REEL_CFFMPEG_SHIM_H
#define REEL_CFFMPEG_SHIM_H

#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

static inline int reel_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int reel_averror_eof(void) { return AVERROR_EOF; }
static inline int reel_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int64_t reel_nopts_value(void) { return AV_NOPTS_VALUE; }

#endif
