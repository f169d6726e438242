#include "failure.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int csandbox_fail(char *message, size_t capacity, int code, const char *format, ...) {
    if (!message || capacity == 0) return code;
    va_list arguments;
    va_start(arguments, format);
    int written = vsnprintf(message, capacity, format, arguments);
    va_end(arguments);
    if (written >= 0 && (size_t)written < capacity)
        snprintf(message + written, capacity - (size_t)written, ": %s", strerror(code));
    return code;
}
