/* What a screen reader calls the window's controls. GTK 4.8 names an icon-only button
 * after its image ("GtkImage") and an entry after its type; its setters are variadic,
 * which Swift cannot call, and a role can only be given when a widget is made. */
#include "quire-shim.h"

void quire_accessible_name(GtkWidget *widget, const char *name) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    /* A menu button takes the focus with the button inside it, which GTK 4.8 names after
     * what labels it: the menu button (so "GtkMenuButton" twice once named here) when it
     * shows an icon, its text ("143 %") when it shows one, which the name then leads. */
    if (GTK_IS_MENU_BUTTON(widget)) {
        GtkWidget *inner = gtk_widget_get_first_child(widget);
        if (inner == NULL) return;
        if (gtk_menu_button_get_label(GTK_MENU_BUTTON(widget)) == NULL)
            gtk_accessible_reset_relation(GTK_ACCESSIBLE(inner), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
        gtk_accessible_update_property(GTK_ACCESSIBLE(inner), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
}

void quire_accessible_set_description(GtkWidget *widget, const char *description) {
    if (description != NULL && *description != '\0')
        gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    else
        gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

GtkWidget *quire_status_label_new(void) {
    /* STATUS is AT-SPI's "status bar", which Orca reads on its Read Status Bar command. */
    return g_object_new(GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_STATUS, NULL);
}

GtkWidget *quire_mnemonic_button_new(const char *label) {
    GtkWidget *button = gtk_button_new_with_mnemonic(label);
    /* GTK 4.8 names it with its label as given and then with the label it shows: "_Unlock
     * Unlock". Without the first, it is named by what it shows. */
    gtk_accessible_reset_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL);
    return button;
}

/* The first of `widget` and its descendants, depth first, that `matches` `key`. */
static GtkWidget *find_descendant(GtkWidget *widget, gboolean (*matches)(GtkWidget *, const char *), const char *key) {
    if (matches(widget, key)) return widget;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = find_descendant(child, matches, key);
        if (found != NULL) return found;
    }
    return NULL;
}

static gboolean is_of_type(GtkWidget *widget, const char *type_name) {
    return g_strcmp0(G_OBJECT_TYPE_NAME(widget), type_name) == 0;
}

static gboolean is_button_with_icon(GtkWidget *widget, const char *icon) {
    return GTK_IS_BUTTON(widget) && g_strcmp0(gtk_button_get_icon_name(GTK_BUTTON(widget)), icon) == 0;
}

void quire_search_bar_name_close(GtkWidget *bar, const char *name) {
    /* GtkSearchBar's own close button, which it keeps to itself. */
    GtkWidget *button = find_descendant(bar, is_button_with_icon, "window-close-symbolic");
    if (button != NULL) quire_accessible_name(button, name);
}

void quire_toast_name(GtkWidget *overlay, const char *text, const char *dismiss) {
    /* libadwaita 1.2 makes the toast's widget (a private type) when it shows the toast: no
     * name, and an icon-only close button read as "GtkImage". */
    GtkWidget *toast = find_descendant(overlay, is_of_type, "AdwToastWidget");
    if (toast == NULL) return;
    quire_accessible_name(toast, text);
    GtkWidget *button = find_descendant(toast, is_button_with_icon, "window-close-symbolic");
    if (button != NULL) quire_accessible_name(button, dismiss);
}
