/* Small C helpers for what Swift cannot express against GTK/GLib directly. */
#include "quire-shim.h"
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    GSourceFunc fn;
    gpointer data;
    GDestroyNotify destroy;
} Invocation;

static gboolean run_invocation(gpointer p) {
    Invocation *inv = p;
    inv->fn(inv->data);
    return G_SOURCE_REMOVE;
}

static void free_invocation(gpointer p) {
    Invocation *inv = p;
    if (inv->destroy)
        inv->destroy(inv->data);
    g_free(inv);
}

void quire_main_invoke(GSourceFunc fn, gpointer data, GDestroyNotify destroy) {
    Invocation *inv = g_new(Invocation, 1);
    *inv = (Invocation){fn, data, destroy};
    /* An idle source rather than g_main_context_invoke: never runs re-entrantly inside the
     * caller even when called on the main thread, so delivery order is always the queue's. */
    g_idle_add_full(G_PRIORITY_DEFAULT, run_invocation, inv, free_invocation);
}

void quire_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

void quire_object_set_uint(gpointer object, const char *property, guint value) {
    g_object_set(object, property, value, NULL);
}

static void release_surface(gpointer surface) { cairo_surface_destroy(surface); }

GdkTexture *quire_texture_for_surface(cairo_surface_t *surface) {
    cairo_surface_flush(surface);
    int width = cairo_image_surface_get_width(surface);
    int height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    GBytes *bytes = g_bytes_new_with_free_func(cairo_image_surface_get_data(surface),
                                               (gsize)stride * height, release_surface,
                                               cairo_surface_reference(surface));
    /* cairo ARGB32 is premultiplied native-endian: B8G8R8A8 in memory on little-endian. */
    GdkTexture *texture = gdk_memory_texture_new(width, height,
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
                                                 GDK_MEMORY_B8G8R8A8_PREMULTIPLIED,
#else
                                                 GDK_MEMORY_A8R8G8B8_PREMULTIPLIED,
#endif
                                                 bytes, stride);
    g_bytes_unref(bytes);
    return texture;
}

void quire_snapshot_push_colour_matrix(GtkSnapshot *snapshot, const double rows[9], const double offset[3]) {
    /* graphene multiplies a row vector: its row i holds what input i gives each output. */
    float values[16] = {0};
    for (int output = 0; output < 3; output++)
        for (int input = 0; input < 3; input++)
            values[4 * input + output] = (float)rows[3 * output + input];
    values[15] = 1;
    graphene_matrix_t matrix;
    graphene_matrix_init_from_float(&matrix, values);
    graphene_vec4_t shift;
    graphene_vec4_init(&shift, (float)offset[0], (float)offset[1], (float)offset[2], 0);
    gtk_snapshot_push_color_matrix(snapshot, &matrix, &shift);
}

gboolean quire_widget_save_png(GtkWidget *widget, const char *path, GError **error) {
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    if (renderer == NULL || width <= 0 || height <= 0) {
        g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_FAILED, "The window is not on screen");
        return FALSE;
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
        return FALSE;
    }
    graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, width * scale, height * scale);
    GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &viewport);
    gsk_render_node_unref(node);
    gboolean ok = gdk_texture_save_to_png(texture, path);
    g_object_unref(texture);
    if (!ok)
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "Could not write %s", path);
    return ok;
}

const char *quire_widget_renderer_name(GtkWidget *widget) {
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
    return renderer ? G_OBJECT_TYPE_NAME(renderer) : "";
}

void quire_set_accels(GtkApplication *application, const char *action, const char *accels) {
    char **list = g_strsplit(accels, "|", -1);
    gtk_application_set_accels_for_action(application, action, (const char *const *)list);
    g_strfreev(list);
}

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

typedef struct {
    void (*ended)(gboolean signaled, int code, gpointer data);
    gpointer data;
    GDestroyNotify destroy;
} ChildWatch;

static void child_ended(GSubprocess *child, ChildWatch *watch) {
    gboolean signaled = g_subprocess_get_if_signaled(child);
    int code = signaled ? g_subprocess_get_term_sig(child)
             : g_subprocess_get_if_exited(child) ? g_subprocess_get_exit_status(child) : -1;
    watch->ended(signaled, code, watch->data);
    if (watch->destroy)
        watch->destroy(watch->data);
    g_free(watch);
    g_object_unref(child);
}

static void child_communicated(GObject *source, GAsyncResult *result, gpointer p) {
    GSubprocess *child = G_SUBPROCESS(source);
    g_subprocess_communicate_finish(child, result, NULL, NULL, NULL);
    /* communicate returns when the pipes close; the exit status needs the wait too. */
    g_subprocess_wait(child, NULL, NULL);
    child_ended(child, p);
}

static void child_waited(GObject *source, GAsyncResult *result, gpointer p) {
    GSubprocess *child = G_SUBPROCESS(source);
    g_subprocess_wait_finish(child, result, NULL);
    child_ended(child, p);
}

GSubprocess *quire_run_child(const char *const *argv, GBytes *input,
                             void (*ended)(gboolean signaled, int code, gpointer data),
                             gpointer data, GDestroyNotify destroy, GError **error) {
    GSubprocessLauncher *launcher = g_subprocess_launcher_new(
        G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
    /* A crash must end the child at once, by its signal: not after Swift's backtracer. */
    g_subprocess_launcher_setenv(launcher, "SWIFT_BACKTRACE", "enable=no", TRUE);
    GSubprocess *child = g_subprocess_launcher_spawnv(launcher, argv, error);
    g_object_unref(launcher);
    if (!child)
        return NULL;
    ChildWatch *watch = g_new(ChildWatch, 1);
    *watch = (ChildWatch){ended, data, destroy};
    /* Input that fits the pipe's buffer is written at once: a check started before GTK
     * (before any main loop runs) would otherwise wait for it until the window is up.
     * Longer input (a document's bytes) is fed by the main loop as the child reads. */
    gsize size = 0;
    const void *bytes = g_bytes_get_data(input, &size);
    if (size <= 4096) {
        GOutputStream *in = g_subprocess_get_stdin_pipe(child);
        /* A child that already died closed its end: its status tells why, not the write. */
        g_output_stream_write_all(in, bytes, size, NULL, NULL, NULL);
        g_output_stream_close(in, NULL, NULL);
        g_subprocess_wait_async(g_object_ref(child), NULL, child_waited, watch);
    } else {
        g_subprocess_communicate_async(g_object_ref(child), input, NULL, child_communicated, watch);
    }
    return child;
}

/* Whether this process runs only its main thread, as /proc/self/status says. */
static gboolean single_threaded(void) {
    FILE *status = fopen("/proc/self/status", "r");
    if (!status)
        return FALSE;
    char line[256];
    int threads = 0;
    while (fgets(line, sizeof line, status))
        if (sscanf(line, "Threads: %d", &threads) == 1)
            break;
    fclose(status);
    return threads == 1;
}

static void forked_child_ended(GPid pid, gint status, gpointer p) {
    ChildWatch *watch = p;
    gboolean signaled = WIFSIGNALED(status);
    int code = signaled ? WTERMSIG(status) : WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    g_spawn_close_pid(pid);
    watch->ended(signaled, code, watch->data);
}

static void free_child_watch(gpointer p) {
    ChildWatch *watch = p;
    if (watch->destroy)
        watch->destroy(watch->data);
    g_free(watch);
}

int quire_fork_child(int (*body)(void *), void *body_data,
                     void (*ended)(gboolean signaled, int code, gpointer data),
                     gpointer data, GDestroyNotify destroy) {
    /* fork copies only the calling thread: with others running (holding locks) the
     * child could deadlock. */
    if (!single_threaded())
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        /* A crash ends the child by its signal at once (no backtracer of the parent's);
         * what poppler prints about a damaged file is the window's to print, not twice. */
        int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS};
        for (size_t i = 0; i < sizeof crashes / sizeof *crashes; i++)
            signal(crashes[i], SIG_DFL);
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
            dup2(null, 2);
        }
        _exit(body(body_data));
    }
    ChildWatch *watch = g_new(ChildWatch, 1);
    *watch = (ChildWatch){ended, data, destroy};
    g_child_watch_add_full(G_PRIORITY_DEFAULT, pid, forked_child_ended, watch, free_child_watch);
    return pid;
}

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
