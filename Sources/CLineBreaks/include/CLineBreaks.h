// Where Unicode's line-breaking rules (UAX #14) let a line break, from ICU. ICU's own headers
// stay inside LineBreaks.c: their types clash with the copy of ICU Foundation carries.
#ifndef REEL_CLINEBREAKS_H
#define REEL_CLINEBREAKS_H

#include <stdint.h>

/// Writes the UTF-16 offsets after 0 where a line may break in `length` units of `text` (the
/// end included) to `breaks`, which holds `length` entries; returns how many, or -1 when ICU
/// cannot start.
int32_t reel_line_breaks(const uint16_t *text, int32_t length, int32_t *breaks);

#endif
