/* The sandbox a Quire helper process (and the zygote that forks helpers) applies to
 * itself, one mechanism per function. Each returns 0 or an errno value and, on failure,
 * writes a sentence a person can act on into `message` (at most `capacity` bytes). */
#ifndef QUIRE_CSANDBOX_H
#define QUIRE_CSANDBOX_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* EBUSY unless the calling process has one thread: no_new_privs and Landlock bind only
 * the thread that asks, so confining a process that already has others leaves them free. */
int csandbox_require_single_thread(char *message, size_t capacity);

/* Resource limits, soft and hard alike (lowering a hard limit cannot be undone). */
struct csandbox_limits {
    uint64_t address_space_bytes; /* RLIMIT_AS */
    uint64_t open_files;          /* RLIMIT_NOFILE */
    uint64_t cpu_seconds;         /* RLIMIT_CPU soft: SIGXCPU; one second later SIGKILL */
    uint64_t file_size_bytes;     /* RLIMIT_FSIZE soft: 0 but for a save helper */
    uint64_t file_size_ceiling;   /* RLIMIT_FSIZE hard, at least the soft one: the zygote's
                                     lets the save helpers it forks raise theirs */
};

/* Sets the limits above plus RLIMIT_CORE 0, and ignores SIGXFSZ so that a write past
 * RLIMIT_FSIZE (to an inherited log file, say) fails with EFBIG instead of killing the
 * process. */
int csandbox_limit_resources(struct csandbox_limits limits, char *message, size_t capacity);

/* Asks for SIGKILL when the parent thread dies, then checks that `parent` is still the
 * parent: if it died before the request, the process _exit(1)s at once. */
int csandbox_die_with_parent(pid_t parent, char *message, size_t capacity);

/* prctl(PR_SET_NO_NEW_PRIVS): execve can never gain privileges, and Landlock and
 * seccomp may be applied without CAP_SYS_ADMIN. */
int csandbox_no_new_privs(char *message, size_t capacity);

/* The Landlock ABI the kernel offers, in *abi; 0 (with the reason in `message`) when it
 * has none, which is a status, not an error. */
int csandbox_landlock_abi(int *abi, char *message, size_t capacity);

/* Restricts the process to reading files and listing directories beneath `paths` (paths
 * that do not exist or cannot be reached are skipped); every other filesystem right the ABI knows is denied,
 * and from ABI 4 TCP bind/connect, from ABI 6 abstract unix sockets and signals out of
 * the domain. *abi is the ABI enforced, or 0 (reason in `message`) when none is offered. */
int csandbox_landlock_restrict(const char *const *paths, size_t count, int *abi,
                               char *message, size_t capacity);

/* The same for the web fetch process, which also creates, writes and removes files beneath
 * `writable` and keeps the network (TCP is left ungoverned). */
int csandbox_landlock_restrict_writing(const char *const *paths, size_t count, const char *const *writable,
                                       size_t writable_count, int *abi, char *message, size_t capacity);
enum csandbox_profile {
    CSANDBOX_PROFILE_HELPER = 0, /* renders one document; never forks */
    CSANDBOX_PROFILE_ZYGOTE = 1, /* forks helpers, which then confine themselves */
};

/* Loads the profile's seccomp allowlist on every thread (seccomp_profiles.c says what
 * each allows). Applied last: afterwards not even the calls above are all allowed. */
int csandbox_seccomp_apply(enum csandbox_profile profile, char *message, size_t capacity);

#endif
