/* The C edge of Quire: wrappers for GTK/GLib macros, casts and varargs that Swift cannot
 * import, and the one GObject subclass that must be written in C (the scrollable canvas). */
#ifndef QUIRE_SHIM_H
#define QUIRE_SHIM_H

#include <gtk/gtk.h>

/* Casts: Swift sees GObject pointers as OpaquePointer or typed pointers; these avoid unsafeBitCast. */
static inline GtkWidget *quire_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *quire_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkBox *quire_box(gpointer p) { return GTK_BOX(p); }
static inline GtkLabel *quire_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkProgressBar *quire_progress_bar(gpointer p) { return GTK_PROGRESS_BAR(p); }
static inline GtkButton *quire_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkEditable *quire_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkEntry *quire_entry(gpointer p) { return GTK_ENTRY(p); }
static inline GtkStack *quire_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkHeaderBar *quire_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
static inline GtkScrolledWindow *quire_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkApplication *quire_gtk_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GtkNative *quire_native(gpointer p) { return GTK_NATIVE(p); }
static inline GtkFileChooser *quire_file_chooser(gpointer p) { return GTK_FILE_CHOOSER(p); }
static inline GtkNativeDialog *quire_native_dialog(gpointer p) { return GTK_NATIVE_DIALOG(p); }
static inline GtkImage *quire_image(gpointer p) { return GTK_IMAGE(p); }
static inline GApplication *quire_application(gpointer p) { return G_APPLICATION(p); }
static inline GActionMap *quire_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GObject *quire_object(gpointer p) { return G_OBJECT(p); }
static inline GMenuModel *quire_menu_model(gpointer p) { return G_MENU_MODEL(p); }
static inline GdkToplevel *quire_toplevel(gpointer p) { return GDK_TOPLEVEL(p); }
static inline GdkPaintable *quire_paintable(gpointer p) { return GDK_PAINTABLE(p); }
static inline GdkTexture *quire_texture(gpointer p) { return GDK_TEXTURE(p); }
static inline GtkPopover *quire_popover(gpointer p) { return GTK_POPOVER(p); }
static inline GtkPicture *quire_picture(gpointer p) { return GTK_PICTURE(p); }
static inline GtkTextView *quire_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkGrid *quire_grid(gpointer p) { return GTK_GRID(p); }
static inline GtkDrawingArea *quire_drawing_area(gpointer p) { return GTK_DRAWING_AREA(p); }
static inline GtkListBoxRow *quire_list_box_row(gpointer p) { return GTK_LIST_BOX_ROW(p); }
static inline GtkApplicationWindow *quire_application_window(gpointer p) { return GTK_APPLICATION_WINDOW(p); }
static inline GtkShortcutsWindow *quire_shortcuts_window(gpointer p) { return GTK_SHORTCUTS_WINDOW(p); }

/* Type checks. */
static inline gboolean quire_is_label(gpointer p) { return GTK_IS_LABEL(p); }
static inline gboolean quire_is_menu_button(gpointer p) { return GTK_IS_MENU_BUTTON(p); }

static inline gulong quire_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                          gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, 0);
}

/* Runs `fn(data)` once on the main loop, from any thread; `destroy(data)` afterwards. */
void quire_main_invoke(GSourceFunc fn, gpointer data, GDestroyNotify destroy);

/* Sets a string property (varargs g_object_set does not import). */
void quire_object_set_string(gpointer object, const char *property, const char *value);
void quire_object_set_uint(gpointer object, const char *property, guint value);
/* An int property's value (varargs g_object_get does not import either). */
int quire_object_get_int(gpointer object, const char *property);
/* shortcut-labels.c: key caps named as a keyboard says them ("Page Down", not "Page_Down"). */
void quire_shortcut_labels_spaced(GtkWidget *root);

/* A texture over a cairo ARGB32 image surface without copying (the texture keeps the surface
 * alive), or over an A8 one (a grey picture) widened to three bytes a pixel. */
GdkTexture *quire_texture_for_surface(cairo_surface_t *surface);

/* Pushes a colour matrix onto `snapshot` (pop with gtk_snapshot_pop): output component o of
 * r, g, b is sum(rows[3 * o + i] * input i) + offset[o], on unpremultiplied colours; alpha kept. */
void quire_snapshot_push_colour_matrix(GtkSnapshot *snapshot, const double rows[9], const double offset[3]);

/* Binds keyboard accelerators, separated by '|' ("<Control>plus|<Control>equal"), to a
 * detailed action name ("win.zoom-in"). */
void quire_set_accels(GtkApplication *application, const char *action, const char *accels);

/* window-layout.c: lays out `window`'s child at the window's default size before the window
 * is realized (not when it is realized, maximized or fullscreen, nor when its content needs
 * more room), so that what starts work on its size (the canvas asks for its first pictures)
 * starts it while GTK realizes and maps the window; GTK's own allocation at that size then
 * changes nothing. Returns whether it laid it out. */
gboolean quire_window_lay_out_early(GtkWindow *window);

/* Calls `painted(data)` after every frame of `widget`'s window has been laid out and painted,
 * until it returns FALSE; then `destroy(data)`. Keeps frames coming while it runs. */
void quire_after_each_frame(GtkWidget *widget, gboolean (*painted)(gpointer data), gpointer data, GDestroyNotify destroy);

/* Runs `body(body_data)` in a fork of this process and exits with what it returns; calls
 * `ended` on the main loop as `quire_run_child` does, then `destroy(data)`. Only while
 * the process has a single thread (before GTK starts); returns the child's pid, or -1
 * (nothing started) when it has more or fork fails. The child's stdio is /dev/null and
 * crash signals end it by default. */
int quire_fork_child(int (*body)(void *), void *body_data,
                     void (*ended)(gboolean signaled, int code, gpointer data),
                     gpointer data, GDestroyNotify destroy);

/* Starts argv[0] with `input` on its stdin (closed after it), its output discarded; calls
 * `ended` on the main loop when it has exited: signaled and the signal, or its exit status.
 * Returns the child (owned by the caller, for g_subprocess_force_exit) or NULL with `error`. */
GSubprocess *quire_run_child(const char *const *argv, GBytes *input,
                             void (*ended)(gboolean signaled, int code, gpointer data),
                             gpointer data, GDestroyNotify destroy, GError **error);

/* Files dragged onto `widget` (from a file manager) are handed to `dropped` as a
 * NULL-terminated list of URIs, valid during the call. */
void quire_accept_dropped_files(GtkWidget *widget, void (*dropped)(char **uris, gpointer data), gpointer data,
                                GDestroyNotify destroy);

/* Drops GTK's "Unable to acquire session bus" warning (Quire then runs as a lone instance,
 * which is what it wants); every other message goes to GLib's default writer. */
void quire_quiet_missing_session_bus(void);

/* Renders `widget` as it is now through its native's renderer: a PNG's bytes, in device pixels; NULL, saying why, when it cannot. */
GBytes *quire_widget_png(GtkWidget *widget, GError **error);

/* Name of the GSK renderer's type of `widget`'s native, e.g. "GskCairoRenderer". */
const char *quire_widget_renderer_name(GtkWidget *widget);

/* accessible.c: the name and description a screen reader gives `widget` (an empty description
 * is none); the node its reading flows to next (NULL: none); whether GTK found an
 * accessibility bus for `widget`'s display (false with GTK_A11Y=none, or when there is none). */
void quire_accessible_describe(GtkWidget *widget, const char *label, const char *description);
void quire_accessible_flow_to(GtkWidget *widget, GtkWidget *next);
/* Calls `moved` with a text buffer's cursor and selection bound offsets whenever either
 * mark is set, until the buffer is finalized, which calls `destroy` with `data`. */
void quire_text_buffer_watch_cursor(GtkTextBuffer *buffer, void (*moved)(int cursor, int bound, void *data), void *data,
                                    GDestroyNotify destroy);
gboolean quire_accessibility_bus_known(GtkWidget *widget);

/* accessible-controls.c: `name` as what a screen reader calls `widget` (and the button inside
 * a menu button); `description` as what it adds (none when empty); a label with the role of a
 * status bar, for a count that changes. */
void quire_accessible_name(GtkWidget *widget, const char *name);
void quire_accessible_set_description(GtkWidget *widget, const char *description);
GtkWidget *quire_status_label_new(void);
/* A button with a mnemonic ("_Unlock"), named by the text it shows; the icon-only close
 * button of GtkSearchBar `bar`, named `name`. */
GtkWidget *quire_mnemonic_button_new(const char *label);
void quire_search_bar_name_close(GtkWidget *bar, const char *name);
/* The toast `overlay` shows, named `text`, and its close button `dismiss`. */
void quire_toast_name(GtkWidget *overlay, const char *text, const char *dismiss);
/* Whether an assistive technology listens (org.a11y.Status: ScreenReaderEnabled or IsEnabled),
 * told to `changed` once known and at each change, on the main loop; false without an answer. */
void quire_assistive_status_watch(void (*changed)(gboolean listening, void *data), void *data);

/* ---- QuireCanvas: a viewport-sized widget implementing GtkScrollable. ----
 * It owns no content: it tells Swift its size and scroll offset, and Swift draws. */
#define QUIRE_TYPE_CANVAS (quire_canvas_get_type())
G_DECLARE_FINAL_TYPE(QuireCanvas, quire_canvas, QUIRE, CANVAS, GtkWidget)

typedef struct {
    /* Draw the viewport: `x`, `y` are the scroll offsets of its top-left corner in pixels. */
    void (*snapshot)(gpointer data, GtkSnapshot *snapshot, double width, double height, double x, double y);
    /* The widget got a new size (content size may need recomputing before adjustments). */
    void (*resized)(gpointer data, int width, int height);
    /* The scroll offset changed (adjustment value). */
    void (*scrolled)(gpointer data, double x, double y);
} QuireCanvasCallbacks;

GtkWidget *quire_canvas_new(void);
/* A canvas with an accessible role other than a widget's (the pages' is a document). */
GtkWidget *quire_canvas_new_with_role(GtkAccessibleRole role);
void quire_canvas_set_callbacks(QuireCanvas *canvas, const QuireCanvasCallbacks *callbacks,
                                gpointer data, GDestroyNotify destroy);
/* The virtual size of everything that can be scrolled to, in pixels. */
void quire_canvas_set_content_size(QuireCanvas *canvas, double width, double height);
/* Moves the view so that (x, y) is the top-left corner (clamped). */
void quire_canvas_scroll_to(QuireCanvas *canvas, double x, double y);
double quire_canvas_get_x(QuireCanvas *canvas);
/* Lays `child` (made the canvas's child) at (x, y) of the content (it scrolls with the
 * pages), width × height before a clockwise turn of `degrees`, drawn over the pages.
 * gtk_widget_unparent removes it. */
void quire_canvas_place(QuireCanvas *canvas, GtkWidget *child, double x, double y, double width, double height,
                        int degrees);
double quire_canvas_get_y(QuireCanvas *canvas);

#endif
