// NSS, which poppler verifies signatures with, is C and included by CSplash's
// signatures.cpp alone; this module exists for pkg-config's flags (NSS's and NSPR's
// include directories) and the link.
#include <nss.h>
