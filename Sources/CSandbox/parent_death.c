#include "csandbox.h"
#include "failure.h"
#include <errno.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

int csandbox_die_with_parent(pid_t parent, char *message, size_t capacity) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0)
        return csandbox_fail(message, capacity, errno, "prctl(PR_SET_PDEATHSIG)");
    /* A parent that died before the request was made sent nothing: we were reparented. */
    if (getppid() != parent) _exit(1);
    return 0;
}
