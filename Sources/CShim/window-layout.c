/* A window laid out before GTK realizes it (issue 48, item 1). */
#include "quire-shim.h"

gboolean quire_window_lay_out_early(GtkWindow *window) {
    GtkWidget *child = gtk_window_get_child(window);
    int width = 0, height = 0;
    gtk_window_get_default_size(window, &width, &height);
    if (child == NULL || width <= 0 || height <= 0 || gtk_widget_get_realized(GTK_WIDGET(window))
        || gtk_window_is_maximized(window) || gtk_window_is_fullscreen(window))
        return FALSE;
    /* The default size is the window's, frame included: a window drawing its own frame
     * without a compositor ("solid-csd": a border and padding to resize by) gives its child
     * that much less; one with a compositor draws its shadow outside the default size. The
     * frame is what the window measures beyond its child. */
    int child_width = 0, child_height = 0, window_width = 0, window_height = 0;
    gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &child_width, NULL, NULL, NULL);
    if (gtk_widget_has_css_class(GTK_WIDGET(window), "solid-csd")) {
        gtk_widget_measure(GTK_WIDGET(window), GTK_ORIENTATION_HORIZONTAL, -1, &window_width, NULL, NULL, NULL);
        gtk_widget_measure(GTK_WIDGET(window), GTK_ORIENTATION_VERTICAL, -1, &window_height, NULL, NULL, NULL);
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, -1, &child_height, NULL, NULL, NULL);
        width -= window_width - child_width;
        height -= window_height - child_height;
    }
    /* Measured first, as an allocation must be; a content wider or taller than that makes
     * GTK choose another size: not predicted. */
    if (child_width > width) return FALSE;
    gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, width, &child_height, NULL, NULL, NULL);
    if (child_height > height) return FALSE;
    gtk_widget_allocate(child, width, height, -1, NULL);
    return TRUE;
}
