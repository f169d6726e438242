/* glibc's gettext (part of libc on Linux: nothing to link), which Swift's Glibc module does not export. */
#include <libintl.h>
