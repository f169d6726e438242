/* What a window shows, as GTK renders it: a PNG's bytes for --snapshot (written by the
 * caller, which never replaces what is not a regular file), and the renderer's name for
 * the snapshot's report. */
#include "quire-shim.h"

GBytes *quire_widget_png(GtkWidget *widget, GError **error) {
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    if (renderer == NULL || width <= 0 || height <= 0) {
        g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_FAILED, "The window is not on screen");
        return NULL;
    }
    GdkPaintable *paintable = gtk_widget_paintable_new(widget);
    /* The paintable's own size includes what the widget draws outside its allocation
     * (a client-side window's shadow); drawing it at the allocation would shrink it. */
    width = gdk_paintable_get_intrinsic_width(paintable);
    height = gdk_paintable_get_intrinsic_height(paintable);
    /* In device pixels, as on screen: a 2x window saves a 2x picture. */
    int scale = gtk_widget_get_scale_factor(widget);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gtk_snapshot_scale(snapshot, scale, scale);
    gdk_paintable_snapshot(paintable, snapshot, width, height);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    g_object_unref(paintable);
    if (node == NULL) {
        g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_FAILED, "The window drew nothing");
        return NULL;
    }
    graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, width * scale, height * scale);
    GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &viewport);
    gsk_render_node_unref(node);
    GBytes *png = gdk_texture_save_to_png_bytes(texture);
    g_object_unref(texture);
    return png;
}

const char *quire_widget_renderer_name(GtkWidget *widget) {
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
    return renderer ? G_OBJECT_TYPE_NAME(renderer) : "";
}
