/* The application's plumbing: keys for actions (a NULL-terminated list, from one
 * string), and a quiet start without a session bus. */
#include "quire-shim.h"

void quire_set_accels(GtkApplication *application, const char *action, const char *accels) {
    char **list = g_strsplit(accels, "|", -1);
    gtk_application_set_accels_for_action(application, action, (const char *const *)list);
    g_strfreev(list);
}

static GLogWriterOutput quiet_writer(GLogLevelFlags level, const GLogField *fields, gsize n, gpointer data) {
    (void)data;
    for (gsize i = 0; i < n; i++) {
        if (g_strcmp0(fields[i].key, "MESSAGE") == 0 && fields[i].length < 0 &&
            g_str_has_prefix(fields[i].value, "Unable to acquire session bus"))
            return G_LOG_WRITER_HANDLED;
    }
    return g_log_writer_default(level, fields, n, NULL);
}

void quire_quiet_missing_session_bus(void) {
    g_log_set_writer_func(quiet_writer, NULL, NULL);
}
