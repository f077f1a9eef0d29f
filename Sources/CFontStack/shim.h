// The font stack Reel's text is made with: fontconfig (finding fonts), FreeType (outlines),
// HarfBuzz (shaping and font metrics) and FriBidi (bidirectional levels). Line breaks come
// from ICU through CLineBreaks.
#ifndef REEL_CFONTSTACK_SHIM_H
#define REEL_CFONTSTACK_SHIM_H

#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include FT_BBOX_H
#include <hb.h>
#include <hb-ot.h>
#include <fribidi/fribidi.h>

/// FriBidi's paragraph directions (macros Swift cannot import).
static inline FriBidiParType reel_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType reel_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }

#endif
