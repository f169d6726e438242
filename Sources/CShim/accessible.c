/* What a screen reader is told about a widget: GTK 4.8's setters are variadic, which Swift
 * cannot call. */
#include "quire-shim.h"

void quire_accessible_describe(GtkWidget *widget, const char *label, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    if (description != NULL && *description != '\0')
        gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    else
        gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

void quire_accessible_flow_to(GtkWidget *widget, GtkWidget *next) {
    if (next == NULL) {
        gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_FLOW_TO);
        return;
    }
    GtkAccessibleRelation relation = GTK_ACCESSIBLE_RELATION_FLOW_TO;
    GValue value = G_VALUE_INIT;
    gtk_accessible_relation_init_value(relation, &value);
    /* The relation's value takes the list (GTK frees it with the value it makes). */
    g_value_set_pointer(&value, g_list_append(NULL, next));
    gtk_accessible_update_relation_value(GTK_ACCESSIBLE(widget), 1, &relation, &value);
    g_value_unset(&value);
}

gboolean quire_accessibility_bus_known(GtkWidget *widget) {
    /* Where GTK 4.8's AT-SPI backend keeps the bus it found (WebKitGTK reads it too); unset
     * with GTK_A11Y=none or when there is no accessibility bus. */
    return g_object_get_data(G_OBJECT(gtk_widget_get_display(widget)), "-gtk-atspi-bus-address") != NULL;
}

/* Whether an assistive technology listens: org.a11y.Status on the session bus, whose
 * ScreenReaderEnabled Orca sets (IsEnabled: any other). Asked without blocking; `changed`
 * is called with the answer, then again whenever it changes, on the main loop. */
typedef struct {
    void (*changed)(gboolean listening, void *data);
    void *data;
} StatusWatch;

static gboolean status_listening(GDBusProxy *proxy) {
    gboolean listening = FALSE;
    const char *names[] = { "ScreenReaderEnabled", "IsEnabled" };
    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        GVariant *value = g_dbus_proxy_get_cached_property(proxy, names[i]);
        if (value == NULL) continue;
        if (g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean(value)) listening = TRUE;
        g_variant_unref(value);
    }
    return listening;
}

static void status_properties_changed(GDBusProxy *proxy, GVariant *changed, GStrv invalidated, gpointer data) {
    (void)changed; (void)invalidated;
    StatusWatch *watch = data;
    watch->changed(status_listening(proxy), watch->data);
}

static void status_proxy_ready(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source;
    StatusWatch *watch = data;
    GDBusProxy *proxy = g_dbus_proxy_new_for_bus_finish(result, NULL);
    if (proxy == NULL) { watch->changed(FALSE, watch->data); return; }
    /* The proxy and the watch live as long as the process: one per Quire. */
    g_signal_connect(proxy, "g-properties-changed", G_CALLBACK(status_properties_changed), watch);
    watch->changed(status_listening(proxy), watch->data);
}

void quire_assistive_status_watch(void (*changed)(gboolean listening, void *data), void *data) {
    StatusWatch *watch = g_new0(StatusWatch, 1);
    watch->changed = changed;
    watch->data = data;
    g_dbus_proxy_new_for_bus(G_BUS_TYPE_SESSION, G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START, NULL, "org.a11y.Bus", "/org/a11y/bus",
                             "org.a11y.Status", NULL, status_proxy_ready, watch);
}

/* The offsets of a text buffer's cursor and selection bound whenever either mark is set
 * (by the screen reader through AT-SPI, or by us): `moved` gets them. */
typedef struct {
    void (*moved)(int cursor, int bound, void *data);
    void *data;
    GDestroyNotify destroy;
} CursorWatch;

static void cursor_watch_free(gpointer data, GClosure *closure) {
    (void)closure;
    CursorWatch *watch = data;
    if (watch->destroy != NULL) watch->destroy(watch->data);
    g_free(watch);
}

static void cursor_mark_set(GtkTextBuffer *buffer, const GtkTextIter *location, GtkTextMark *mark, gpointer data) {
    (void)location;
    CursorWatch *watch = data;
    if (mark != gtk_text_buffer_get_insert(buffer) && mark != gtk_text_buffer_get_selection_bound(buffer)) return;
    GtkTextIter cursor, bound;
    gtk_text_buffer_get_iter_at_mark(buffer, &cursor, gtk_text_buffer_get_insert(buffer));
    gtk_text_buffer_get_iter_at_mark(buffer, &bound, gtk_text_buffer_get_selection_bound(buffer));
    watch->moved(gtk_text_iter_get_offset(&cursor), gtk_text_iter_get_offset(&bound), watch->data);
}

void quire_text_buffer_watch_cursor(GtkTextBuffer *buffer, void (*moved)(int cursor, int bound, void *data), void *data,
                                    GDestroyNotify destroy) {
    CursorWatch *watch = g_new0(CursorWatch, 1);
    watch->moved = moved;
    watch->data = data;
    watch->destroy = destroy;
    g_signal_connect_data(buffer, "mark-set", G_CALLBACK(cursor_mark_set), watch, cursor_watch_free, 0);
}
