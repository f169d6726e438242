/* Runs a function on the main loop from any thread, in the order asked: what every
 * worker thread uses to hand its results to the window. */
#include "quire-shim.h"

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
