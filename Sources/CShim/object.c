/* GObject property setters: g_object_set is variadic, which Swift cannot call. */
#include "quire-shim.h"

void quire_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

void quire_object_set_uint(gpointer object, const char *property, guint value) {
    g_object_set(object, property, value, NULL);
}

int quire_object_get_int(gpointer object, const char *property) {
    int value = 0;
    g_object_get(object, property, &value, NULL);
    return value;
}
