/* Landlock: the helper may read files and list directories beneath the given paths, and
 * nothing else the kernel lets Landlock govern. Every right of the ABI the kernel offers is
 * handled (denied unless a rule grants it); rights newer than this file are unknown to it
 * and stay ungoverned, seccomp still stands in front of them. Descriptors opened before
 * restricting (the document, the socket, the memfds) are not affected: Landlock checks opens. */
#define _GNU_SOURCE
#include "csandbox.h"
#include "failure.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Debian 12's headers stop at ABI 2; the later rights, as the kernel's uapi defines them. */
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)
#endif
#define NET_BIND_TCP (1ULL << 0)
#define NET_CONNECT_TCP (1ULL << 1)
#define SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define SCOPE_SIGNAL (1ULL << 1)

/* The ruleset attribute as of ABI 6; the kernel accepts it whole from older ABIs as long
 * as the fields they do not know are zero. */
struct ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

static struct ruleset_attr handled_by(int abi) {
    struct ruleset_attr attr = { .handled_access_fs = LANDLOCK_ACCESS_FS_MAKE_SYM * 2 - 1 }; /* ABI 1: bits 0-12 */
    if (abi >= 2) attr.handled_access_fs |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3) attr.handled_access_fs |= LANDLOCK_ACCESS_FS_TRUNCATE;
    if (abi >= 4) attr.handled_access_net = NET_BIND_TCP | NET_CONNECT_TCP;
    if (abi >= 5) attr.handled_access_fs |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
    if (abi >= 6) attr.scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL;
    return attr;
}

int csandbox_landlock_abi(int *abi, char *message, size_t capacity) {
    long version = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (version > 0) {
        *abi = (int)version;
        return 0;
    }
    *abi = 0;
    if (errno == ENOSYS) {
        csandbox_fail(message, capacity, errno, "this kernel was built without Landlock");
        return 0;
    }
    if (errno == EOPNOTSUPP) {
        csandbox_fail(message, capacity, errno, "Landlock is not enabled at boot (lsm=)");
        return 0;
    }
    return csandbox_fail(message, capacity, errno, "landlock_create_ruleset(VERSION)");
}

/* Adds "read beneath `path`". A path that does not exist, or that this user may not reach
 * (another user's home), is no error: there is nothing the process could read there. */
static int allow_reading(int ruleset, const char *path, char *message, size_t capacity) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR || errno == EACCES) return 0;
        return csandbox_fail(message, capacity, errno, "opening %s for a Landlock rule", path);
    }
    struct stat status;
    struct landlock_path_beneath_attr rule = { .allowed_access = LANDLOCK_ACCESS_FS_READ_FILE, .parent_fd = fd };
    if (fstat(fd, &status) == 0 && S_ISDIR(status.st_mode)) rule.allowed_access |= LANDLOCK_ACCESS_FS_READ_DIR;
    int code = 0;
    if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0)
        code = csandbox_fail(message, capacity, errno, "landlock_add_rule(%s)", path);
    close(fd);
    return code;
}

/* Adds "anything on files beneath `path`" (a folder), but executing them. */
static int allow_writing(int ruleset, const char *path, uint64_t handled, char *message, size_t capacity) {
    int fd = open(path, O_PATH | O_CLOEXEC | O_DIRECTORY);
    if (fd < 0) return csandbox_fail(message, capacity, errno, "opening %s for a Landlock rule", path);
    struct landlock_path_beneath_attr rule = { .allowed_access = handled & ~(uint64_t)LANDLOCK_ACCESS_FS_EXECUTE, .parent_fd = fd };
    int code = 0;
    if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0)
        code = csandbox_fail(message, capacity, errno, "landlock_add_rule(%s)", path);
    close(fd);
    return code;
}

static int restrict_to(const char *const *paths, size_t count, const char *const *writable, size_t writable_count,
                       int network, int *abi, char *message, size_t capacity) {
    int code = csandbox_landlock_abi(abi, message, capacity);
    if (code || *abi == 0) return code;
    struct ruleset_attr attr = handled_by(*abi);
    if (network) attr.handled_access_net = 0;
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    if (ruleset < 0) return csandbox_fail(message, capacity, errno, "landlock_create_ruleset");
    for (size_t i = 0; i < count && code == 0; i++) code = allow_reading(ruleset, paths[i], message, capacity);
    for (size_t i = 0; i < writable_count && code == 0; i++)
        code = allow_writing(ruleset, writable[i], attr.handled_access_fs, message, capacity);
    if (code == 0 && syscall(SYS_landlock_restrict_self, ruleset, 0) != 0)
        code = csandbox_fail(message, capacity, errno, "landlock_restrict_self");
    close(ruleset);
    return code;
}

int csandbox_landlock_restrict(const char *const *paths, size_t count, int *abi,
                               char *message, size_t capacity) {
    return restrict_to(paths, count, NULL, 0, 0, abi, message, capacity);
}

int csandbox_landlock_restrict_writing(const char *const *paths, size_t count, const char *const *writable,
                                       size_t writable_count, int *abi, char *message, size_t capacity) {
    return restrict_to(paths, count, writable, writable_count, 1, abi, message, capacity);
}
