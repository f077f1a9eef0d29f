#include "CLineBreaks.h"

#include <unicode/ubrk.h>

int32_t reel_line_breaks(const uint16_t *text, int32_t length, int32_t *breaks) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status)) {
        if (it) ubrk_close(it);
        return -1;
    }
    int32_t count = 0;
    for (int32_t b = ubrk_next(it); b != UBRK_DONE && count < length; b = ubrk_next(it)) breaks[count++] = b;
    ubrk_close(it);
    return count;
}
