#include <poppler.h>
#include <gio/gio.h>
