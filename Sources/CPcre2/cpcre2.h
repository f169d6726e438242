/* PCRE2 over UTF-16 units (the search text's), for regular expressions in Find (`RegexPattern`). */
#define PCRE2_CODE_UNIT_WIDTH 16
#include <pcre2.h>
