/* A callback after each frame a widget paints, for as long as it asks: how the window
 * knows that what it drew is on screen (the first view, a settled snapshot). */
#include "quire-shim.h"

typedef struct {
    gboolean (*painted)(gpointer);
    gpointer data;
    GDestroyNotify destroy;
    GtkWidget *widget;
    GdkFrameClock *clock;
    gulong handler;
    guint tick;
} FrameWatch;

static void free_frame_watch(FrameWatch *watch) {
    if (watch->destroy)
        watch->destroy(watch->data);
    g_object_unref(watch->widget);
    g_free(watch);
}

static void after_paint(GdkFrameClock *clock, FrameWatch *watch) {
    (void)clock;
    if (watch->painted(watch->data))
        return;
    g_signal_handler_disconnect(watch->clock, watch->handler);
    gtk_widget_remove_tick_callback(watch->widget, watch->tick);
    free_frame_watch(watch);
}

/* The tick callback only keeps the frame clock running; the work happens after paint. */
static gboolean keep_ticking(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget; (void)clock; (void)data;
    return G_SOURCE_CONTINUE;
}

static void start_watch(GtkWidget *widget, FrameWatch *watch) {
    g_signal_handlers_disconnect_by_func(widget, start_watch, watch);
    watch->clock = gtk_widget_get_frame_clock(widget);
    watch->handler = g_signal_connect(watch->clock, "after-paint", G_CALLBACK(after_paint), watch);
    watch->tick = gtk_widget_add_tick_callback(widget, keep_ticking, NULL, NULL);
}

void quire_after_each_frame(GtkWidget *widget, gboolean (*painted)(gpointer), gpointer data, GDestroyNotify destroy) {
    FrameWatch *watch = g_new0(FrameWatch, 1);
    *watch = (FrameWatch){.painted = painted, .data = data, .destroy = destroy, .widget = g_object_ref(widget)};
    /* The frame clock exists once the window is realized. */
    if (gtk_widget_get_realized(widget))
        start_watch(widget, watch);
    else
        g_signal_connect(widget, "realize", G_CALLBACK(start_watch), watch);
}
