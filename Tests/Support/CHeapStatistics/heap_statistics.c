// The header's inline function is the whole target (SwiftPM needs one source file for a C target).
#include "heap_statistics.h"
