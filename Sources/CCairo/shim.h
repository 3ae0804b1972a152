// Cairo for drawing, Pango (through pangocairo) for text, fontconfig behind Pango for fonts.
#include <cairo/cairo.h>
#include <pango/pangocairo.h>
