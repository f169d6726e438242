/* Files dropped on a window, handed over as a list of URIs. */
#include "quire-shim.h"

typedef struct {
    void (*dropped)(char **uris, gpointer data);
    gpointer data;
    GDestroyNotify destroy;
} DropWatch;

static void free_drop_watch(gpointer p, GClosure *closure) {
    DropWatch *watch = p;
    if (watch->destroy)
        watch->destroy(watch->data);
    g_free(watch);
}

static gboolean files_dropped(GtkDropTarget *target, const GValue *value, double x, double y, gpointer p) {
    DropWatch *watch = p;
    GSList *files = gdk_file_list_get_files(g_value_get_boxed(value));
    GPtrArray *uris = g_ptr_array_new();
    for (GSList *file = files; file; file = file->next)
        g_ptr_array_add(uris, g_file_get_uri(file->data));
    g_ptr_array_add(uris, NULL);
    g_slist_free(files);
    char **list = (char **)g_ptr_array_free(uris, FALSE);
    watch->dropped(list, watch->data);
    g_strfreev(list);
    return TRUE;
}

void quire_accept_dropped_files(GtkWidget *widget, void (*dropped)(char **uris, gpointer data), gpointer data,
                                GDestroyNotify destroy) {
    GtkDropTarget *target = gtk_drop_target_new(GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
    DropWatch *watch = g_new(DropWatch, 1);
    *watch = (DropWatch){dropped, data, destroy};
    g_signal_connect_data(target, "drop", G_CALLBACK(files_dropped), watch, free_drop_watch, 0);
    gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(target));
}
