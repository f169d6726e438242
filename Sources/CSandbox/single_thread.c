#define _GNU_SOURCE
#include "csandbox.h"
#include "failure.h"
#include <errno.h>
#include <sched.h>

/* unshare(CLONE_THREAD) does nothing in a single-threaded process and fails with EINVAL
 * in any other (unshare(2)): the kernel's own count, without /proc, which a confined
 * zygote's child cannot read. */
int csandbox_require_single_thread(char *message, size_t capacity) {
    if (unshare(CLONE_THREAD) == 0) return 0;
    if (errno == EINVAL)
        return csandbox_fail(message, capacity, EBUSY,
                             "other threads already run, which confinement would leave free");
    return csandbox_fail(message, capacity, errno, "unshare(CLONE_THREAD), to count threads");
}
