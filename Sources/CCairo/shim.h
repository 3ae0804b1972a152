// Cairo for drawing, Pango (through pangocairo) for text, fontconfig behind Pango for fonts.
#include <cairo/cairo.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>

/// The PangoFcFontMap behind a pangocairo font map (on Linux every pangocairo font map is one), so
/// Swift can hand it a fontconfig configuration (`PANGO_FC_FONT_MAP` is a macro).
static inline PangoFcFontMap *ccairo_fc_font_map(PangoFontMap *map) { return PANGO_FC_FONT_MAP(map); }
