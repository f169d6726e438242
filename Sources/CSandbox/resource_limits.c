#include "csandbox.h"
#include "failure.h"
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>

static int set_limit(int resource, rlim_t soft, rlim_t hard, const char *name, char *message, size_t capacity) {
    struct rlimit limit = { .rlim_cur = soft, .rlim_max = hard };
    if (setrlimit(resource, &limit) == 0) return 0;
    return csandbox_fail(message, capacity, errno, "%s", name);
}

int csandbox_limit_resources(struct csandbox_limits limits, char *message, size_t capacity) {
    int code;
    if ((code = set_limit(RLIMIT_AS, limits.address_space_bytes, limits.address_space_bytes,
                          "setrlimit(RLIMIT_AS)", message, capacity))) return code;
    if ((code = set_limit(RLIMIT_CORE, 0, 0, "setrlimit(RLIMIT_CORE)", message, capacity))) return code;
    rlim_t ceiling = limits.file_size_ceiling > limits.file_size_bytes ? limits.file_size_ceiling : limits.file_size_bytes;
    if ((code = set_limit(RLIMIT_FSIZE, limits.file_size_bytes, ceiling, "setrlimit(RLIMIT_FSIZE)", message, capacity))) return code;
    if ((code = set_limit(RLIMIT_NOFILE, limits.open_files, limits.open_files,
                          "setrlimit(RLIMIT_NOFILE)", message, capacity))) return code;
    if ((code = set_limit(RLIMIT_CPU, limits.cpu_seconds, limits.cpu_seconds + 1,
                          "setrlimit(RLIMIT_CPU)", message, capacity))) return code;
    if (signal(SIGXFSZ, SIG_IGN) == SIG_ERR) return csandbox_fail(message, capacity, errno, "ignoring SIGXFSZ");
    return 0;
}
