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
