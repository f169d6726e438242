// libpoppler's own classes are C++, included by CSplash's splash.cpp alone; this module
// exists for pkg-config's flags (poppler's include directory) and the link.
#include <poppler-config.h>
