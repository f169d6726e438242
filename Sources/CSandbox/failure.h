/* How every csandbox function reports a failure: the errno value, returned, and a sentence. */
#ifndef QUIRE_CSANDBOX_FAILURE_H
#define QUIRE_CSANDBOX_FAILURE_H

#include <stddef.h>

/* Writes the formatted words, then ": strerror(code)", into message; returns code. */
int csandbox_fail(char *message, size_t capacity, int code, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

#endif
