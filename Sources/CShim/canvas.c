/* QuireCanvas: a widget the size of the viewport that implements GtkScrollable, so a
 * GtkScrolledWindow gives it overlay scrollbars and kinetic scrolling while the document
 * may be millions of pixels tall. Drawing and layout live in Swift behind callbacks. */
#include "quire-shim.h"
#include <math.h>

struct _QuireCanvas {
    GtkWidget parent;
    GtkAdjustment *adjustment[2]; /* horizontal, vertical; never NULL */
    gulong changed_handler[2];
    GtkScrollablePolicy policy[2];
    double content[2];
    int allocated[3]; /* width, height and scale last told to `resized` */
    QuireCanvasCallbacks callbacks;
    gpointer data;
    GDestroyNotify destroy;
};

enum { PROP_0, PROP_HADJUSTMENT, PROP_VADJUSTMENT, PROP_HSCROLL_POLICY, PROP_VSCROLL_POLICY };

G_DEFINE_TYPE_WITH_CODE(QuireCanvas, quire_canvas, GTK_TYPE_WIDGET,
                        G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

static void value_changed(GtkAdjustment *adjustment, QuireCanvas *self) {
    (void)adjustment;
    if (self->callbacks.scrolled)
        self->callbacks.scrolled(self->data, gtk_adjustment_get_value(self->adjustment[0]),
                                 gtk_adjustment_get_value(self->adjustment[1]));
    gtk_widget_queue_draw(GTK_WIDGET(self));
    /* Placed children lie in the content: they move with it. */
    for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(self)); child != NULL;
         child = gtk_widget_get_next_sibling(child))
        if (!GTK_IS_NATIVE(child)) {
            gtk_widget_queue_allocate(GTK_WIDGET(self));
            break;
        }
}

static void set_adjustment(QuireCanvas *self, int axis, GtkAdjustment *adjustment) {
    if (adjustment == NULL)
        adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    if (self->adjustment[axis] == adjustment)
        return;
    if (self->adjustment[axis]) {
        g_signal_handler_disconnect(self->adjustment[axis], self->changed_handler[axis]);
        g_object_unref(self->adjustment[axis]);
    }
    self->adjustment[axis] = g_object_ref_sink(adjustment);
    self->changed_handler[axis] =
        g_signal_connect(adjustment, "value-changed", G_CALLBACK(value_changed), self);
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

/* One configure per axis: value clamped, upper = max(content, viewport), page = viewport. */
static void configure(QuireCanvas *self) {
    GtkWidget *widget = GTK_WIDGET(self);
    double viewport[2] = {gtk_widget_get_width(widget), gtk_widget_get_height(widget)};
    for (int axis = 0; axis < 2; axis++) {
        GtkAdjustment *adj = self->adjustment[axis];
        double page = viewport[axis];
        double upper = MAX(self->content[axis], page);
        double value = CLAMP(gtk_adjustment_get_value(adj), 0, MAX(0, upper - page));
        g_object_freeze_notify(G_OBJECT(adj));
        gtk_adjustment_configure(adj, value, 0, upper, page * 0.1, page * 0.9, page);
        g_object_thaw_notify(G_OBJECT(adj));
    }
}

/* Where a child (a form field's editor) lies: its top-left corner in the content (it moves
 * with the scroll), its size
 * before turning, and the turn, clockwise. A child smaller than its minimum is allocated
 * its minimum and scaled down to fit. */
typedef struct { double x, y, width, height; int degrees; } Placement;

static GQuark placement_quark(void) { return g_quark_from_static_string("quire-canvas-placement"); }

void quire_canvas_place(QuireCanvas *self, GtkWidget *child, double x, double y, double width, double height,
                        int degrees) {
    Placement *placement = g_object_get_qdata(G_OBJECT(child), placement_quark());
    if (placement == NULL) {
        placement = g_new0(Placement, 1);
        g_object_set_qdata_full(G_OBJECT(child), placement_quark(), placement, g_free);
    }
    *placement = (Placement){x, y, MAX(width, 1), MAX(height, 1), degrees};
    if (gtk_widget_get_parent(child) != GTK_WIDGET(self))
        gtk_widget_set_parent(child, GTK_WIDGET(self));
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

static void allocate_children(QuireCanvas *self) {
    for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(self)); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        if (GTK_IS_NATIVE(child)) {
            if (GTK_IS_POPOVER(child) && gtk_widget_get_visible(child))
                gtk_popover_present(GTK_POPOVER(child));
            continue;
        }
        Placement *placement = g_object_get_qdata(G_OBJECT(child), placement_quark());
        if (placement == NULL)
            continue;
        int minimum = 0, natural = 0;
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
        /* At a whole pixel, whole pixels wide, scaled only when the child needs more than the place has: a
         * fraction of a pixel of scale would blur it all. */
        int width = MAX((int)round(placement->width), minimum);
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, NULL, NULL);
        int height = MAX((int)round(placement->height), minimum);
        double across = width > round(placement->width) ? placement->width / width : 1;
        double down = height > round(placement->height) ? placement->height / height : 1;
        GskTransform *transform = gsk_transform_translate(
            NULL, &GRAPHENE_POINT_INIT((float)round(placement->x - gtk_adjustment_get_value(self->adjustment[0])),
                                       (float)round(placement->y - gtk_adjustment_get_value(self->adjustment[1]))));
        transform = gsk_transform_rotate(transform, (float)placement->degrees);
        transform = gsk_transform_scale(transform, (float)across, (float)down);
        gtk_widget_allocate(child, width, height, -1, transform);
    }
}

static void quire_canvas_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    QuireCanvas *self = QUIRE_CANVAS(widget);
    /* Only a new size: children (form fields, the pages' accessible text) allocate the
     * canvas again on every scroll, and a resize keeps the reader's place, which would
     * undo a scroll in progress. */
    int scale = gtk_widget_get_scale_factor(widget);
    if (self->callbacks.resized && (width != self->allocated[0] || height != self->allocated[1] || scale != self->allocated[2])) {
        self->allocated[0] = width;
        self->allocated[1] = height;
        self->allocated[2] = scale;
        self->callbacks.resized(self->data, width, height);
    }
    configure(self);
    allocate_children(self);
}

static void quire_canvas_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *min_baseline, int *nat_baseline) {
    (void)widget; (void)orientation; (void)for_size;
    /* Zero on both axes: a scrolled window that propagates natural size would otherwise
     * try to become as tall as the document. */
    *minimum = *natural = 0;
    *min_baseline = *nat_baseline = -1;
}

static void quire_canvas_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    QuireCanvas *self = QUIRE_CANVAS(widget);
    if (self->callbacks.snapshot)
        self->callbacks.snapshot(self->data, snapshot, gtk_widget_get_width(widget),
                                 gtk_widget_get_height(widget),
                                 gtk_adjustment_get_value(self->adjustment[0]),
                                 gtk_adjustment_get_value(self->adjustment[1]));
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child))
        if (!GTK_IS_NATIVE(child))
            gtk_widget_snapshot_child(widget, child, snapshot);
}

static void quire_canvas_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    QuireCanvas *self = QUIRE_CANVAS(object);
    switch (id) {
    case PROP_HADJUSTMENT: set_adjustment(self, 0, g_value_get_object(value)); break;
    case PROP_VADJUSTMENT: set_adjustment(self, 1, g_value_get_object(value)); break;
    case PROP_HSCROLL_POLICY: self->policy[0] = g_value_get_enum(value); break;
    case PROP_VSCROLL_POLICY: self->policy[1] = g_value_get_enum(value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void quire_canvas_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    QuireCanvas *self = QUIRE_CANVAS(object);
    switch (id) {
    case PROP_HADJUSTMENT: g_value_set_object(value, self->adjustment[0]); break;
    case PROP_VADJUSTMENT: g_value_set_object(value, self->adjustment[1]); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum(value, self->policy[0]); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum(value, self->policy[1]); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void quire_canvas_dispose(GObject *object) {
    QuireCanvas *self = QUIRE_CANVAS(object);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self))) != NULL)
        gtk_widget_unparent(child);
    for (int axis = 0; axis < 2; axis++) {
        if (self->adjustment[axis]) {
            g_signal_handler_disconnect(self->adjustment[axis], self->changed_handler[axis]);
            g_clear_object(&self->adjustment[axis]);
        }
    }
    if (self->destroy)
        self->destroy(self->data);
    self->destroy = NULL;
    self->data = NULL;
    memset(&self->callbacks, 0, sizeof self->callbacks);
    G_OBJECT_CLASS(quire_canvas_parent_class)->dispose(object);
}

static void quire_canvas_class_init(QuireCanvasClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = quire_canvas_set_property;
    object_class->get_property = quire_canvas_get_property;
    object_class->dispose = quire_canvas_dispose;
    widget_class->size_allocate = quire_canvas_size_allocate;
    widget_class->measure = quire_canvas_measure;
    widget_class->snapshot = quire_canvas_snapshot;
    g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");
    gtk_widget_class_set_css_name(widget_class, "quire-canvas");
}

static void quire_canvas_init(QuireCanvas *self) {
    set_adjustment(self, 0, NULL);
    set_adjustment(self, 1, NULL);
    gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *quire_canvas_new(void) { return g_object_new(QUIRE_TYPE_CANVAS, NULL); }

GtkWidget *quire_canvas_new_with_role(GtkAccessibleRole role) {
    return g_object_new(QUIRE_TYPE_CANVAS, "accessible-role", role, NULL);
}

void quire_canvas_set_callbacks(QuireCanvas *self, const QuireCanvasCallbacks *callbacks,
                                gpointer data, GDestroyNotify destroy) {
    if (self->destroy)
        self->destroy(self->data);
    self->callbacks = *callbacks;
    self->data = data;
    self->destroy = destroy;
}

void quire_canvas_set_content_size(QuireCanvas *self, double width, double height) {
    self->content[0] = width;
    self->content[1] = height;
    if (gtk_widget_get_width(GTK_WIDGET(self)) > 0)
        configure(self);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

void quire_canvas_scroll_to(QuireCanvas *self, double x, double y) {
    gtk_adjustment_set_value(self->adjustment[0], x);
    gtk_adjustment_set_value(self->adjustment[1], y);
}

double quire_canvas_get_x(QuireCanvas *self) { return gtk_adjustment_get_value(self->adjustment[0]); }
double quire_canvas_get_y(QuireCanvas *self) { return gtk_adjustment_get_value(self->adjustment[1]); }
