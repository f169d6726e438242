#include "csandbox.h"
#include "failure.h"
#include <errno.h>
#include <sys/prctl.h>

int csandbox_no_new_privs(char *message, size_t capacity) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0) return 0;
    return csandbox_fail(message, capacity, errno, "prctl(PR_SET_NO_NEW_PRIVS)");
}
