/* The shortcuts window's key caps: GTK 4.8 labels keys it has no symbol for by their
 * keysym name, passed through its translations ("Page_Down" in English); the caps read
 * as a keyboard says them ("Page Down"). */
#include "quire-shim.h"
#include <string.h>

static void space_names(GtkWidget *widget, gboolean in_shortcut_label) {
    if (in_shortcut_label && GTK_IS_LABEL(widget)) {
        const char *text = gtk_label_get_text(GTK_LABEL(widget));
        if (text != NULL && strchr(text, '_') != NULL) {
            char *spaced = g_strdelimit(g_strdup(text), "_", ' ');
            gtk_label_set_text(GTK_LABEL(widget), spaced);
            g_free(spaced);
        }
    }
    gboolean inside = in_shortcut_label || GTK_IS_SHORTCUT_LABEL(widget);
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child)) {
        space_names(child, inside);
    }
}

void quire_shortcut_labels_spaced(GtkWidget *root) {
    space_names(root, FALSE);
}
