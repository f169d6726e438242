#include <libsoup/soup.h>
#include <gio/gio.h>
