/* Helper processes the window starts and watches: a spawned child fed its input, or a
 * forked child running a function, each reporting how it ended on the main loop. */
#include "quire-shim.h"
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

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
