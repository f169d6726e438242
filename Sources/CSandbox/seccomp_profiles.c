/* The seccomp allowlists. Policy:
 * 1. Anything not listed fails with EPERM: libraries that probe (fontconfig writing its
 *    cache, glibc asking for a newer call) carry on, and nothing new is reached.
 * 2. What only an attacker would do kills the whole process at once, so a compromised
 *    helper cannot try one door after another: exec, ptrace, other processes' memory,
 *    sockets of its own. A new process is refused (EPERM), not killed for: on every crash
 *    the Swift runtime posix_spawns its backtracer, and a kill would make each crash look
 *    like a violation (SIGSYS, not SIGSEGV). The helper may still start threads.
 * 3. Files open read-only: open/openat with a write mode, O_CREAT or O_TRUNC fail.
 *    openat2 and clone3 take their flags in memory seccomp cannot read; they fail with
 *    ENOSYS, which makes glibc fall back to openat and clone, whose flags it can.
 * 4. The zygote adds what forking, reaping and signalling children needs, and what a child
 *    needs to confine itself further (prlimit, prctl, landlock, seccomp, its own priority
 *    lowered: the recognizer's nice 19 and SCHED_IDLE); namespaces no. */
#define _GNU_SOURCE
#include "csandbox.h"
#include "failure.h"
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#define NAMESPACE_FLAGS (CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER \
                         | CLONE_NEWPID | CLONE_NEWNET)
#define WRITING_FLAGS (O_ACCMODE | O_CREAT | O_TRUNC)

struct rule {
    int syscall;
    uint32_t action;
    unsigned conditions; /* 0 or 1: one comparison of one argument */
    struct scmp_arg_cmp condition;
};

#define ALLOW(name) { SCMP_SYS(name), SCMP_ACT_ALLOW, 0, { 0 } }
#define ALLOW_IF(name, argument, compare, a, b) \
    { SCMP_SYS(name), SCMP_ACT_ALLOW, 1, { .arg = argument, .op = compare, .datum_a = a, .datum_b = b } }
#define KILL(name) { SCMP_SYS(name), SCMP_ACT_KILL_PROCESS, 0, { 0 } }
#define MISSING(name) { SCMP_SYS(name), SCMP_ACT_ERRNO(ENOSYS), 0, { 0 } }

/* Both profiles: reading and writing descriptors already open, memory, time, signals to
 * itself, and the Swift runtime's and glibc's own bookkeeping. */
static const struct rule common[] = {
    ALLOW(read), ALLOW(pread64), ALLOW(readv), ALLOW(preadv), ALLOW(write), ALLOW(writev),
    ALLOW(recvmsg), ALLOW(sendmsg), ALLOW(recvfrom),
    ALLOW_IF(sendto, 4, SCMP_CMP_EQ, 0, 0), /* send() on a connected socket, to no address */
    ALLOW(close), ALLOW(close_range), ALLOW(dup), ALLOW(dup2), ALLOW(dup3), ALLOW(fcntl),
    ALLOW_IF(openat, 2, SCMP_CMP_MASKED_EQ, WRITING_FLAGS, O_RDONLY),
    ALLOW_IF(open, 1, SCMP_CMP_MASKED_EQ, WRITING_FLAGS, O_RDONLY),
    MISSING(openat2),
    ALLOW(fstat), ALLOW(stat), ALLOW(lstat), ALLOW(newfstatat), ALLOW(statx), ALLOW(lseek),
    ALLOW(fstatfs), ALLOW(statfs), ALLOW(fadvise64), /* fontconfig: is its cache safe to map */
    ALLOW(getdents64), ALLOW(readlink), ALLOW(readlinkat),
    ALLOW(access), ALLOW(faccessat), ALLOW(faccessat2),
    ALLOW(mmap), ALLOW(munmap), ALLOW(mprotect), ALLOW(madvise), ALLOW(mremap), ALLOW(brk),
    ALLOW(futex), ALLOW(getrandom), ALLOW(membarrier), ALLOW(rseq), ALLOW(set_robust_list),
    ALLOW(set_tid_address),
    ALLOW(clock_gettime), ALLOW(clock_getres), ALLOW(clock_nanosleep), ALLOW(nanosleep),
    ALLOW(gettimeofday), ALLOW(getrusage),
    ALLOW(exit), ALLOW(exit_group), ALLOW(restart_syscall),
    ALLOW(rt_sigreturn), ALLOW(rt_sigprocmask), ALLOW(rt_sigaction), ALLOW(sigaltstack),
    ALLOW(getpid), ALLOW(gettid), ALLOW(getppid),
    ALLOW(getuid), ALLOW(geteuid), ALLOW(getgid), ALLOW(getegid),
    ALLOW(getrlimit), ALLOW(sched_yield), ALLOW(sched_getaffinity),
    ALLOW(poll), ALLOW(ppoll), ALLOW(uname), ALLOW(sysinfo),
    MISSING(clone3),
    KILL(execve), KILL(execveat), KILL(ptrace), KILL(process_vm_readv), KILL(process_vm_writev),
    KILL(socket), KILL(connect), KILL(bind), KILL(listen), KILL(accept), KILL(accept4),
};

static const struct rule helper[] = {
    ALLOW_IF(prlimit64, 2, SCMP_CMP_EQ, 0, 0), /* reading a limit, never setting one */
    /* A thread shares this process and its confinement; any other clone, fork and vfork
     * would make a new process, and fail. */
    ALLOW_IF(clone, 0, SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD),
};

static const struct rule zygote[] = {
    ALLOW_IF(prlimit64, 0, SCMP_CMP_EQ, 0, 0), /* its own limits (a child lowers its own) */
    ALLOW(setrlimit),
    ALLOW_IF(clone, 0, SCMP_CMP_MASKED_EQ, NAMESPACE_FLAGS, 0),
    ALLOW(wait4), ALLOW(waitid), ALLOW(kill), ALLOW(tgkill), ALLOW(tkill),
    ALLOW_IF(socketpair, 0, SCMP_CMP_EQ, AF_UNIX, 0), /* a helper's channel to the window */
    ALLOW_IF(prctl, 0, SCMP_CMP_EQ, PR_SET_PDEATHSIG, 0),
    ALLOW_IF(prctl, 0, SCMP_CMP_EQ, PR_SET_NO_NEW_PRIVS, 0),
    ALLOW_IF(unshare, 0, SCMP_CMP_EQ, CLONE_THREAD, 0), /* a no-op: csandbox_require_single_thread */
    ALLOW(landlock_create_ruleset), ALLOW(landlock_add_rule), ALLOW(landlock_restrict_self),
    ALLOW(seccomp),
};

static int add_rules(scmp_filter_ctx filter, const struct rule *rules, size_t count, char *message, size_t capacity) {
    for (size_t i = 0; i < count; i++) {
        const struct rule *rule = &rules[i];
        int result = seccomp_rule_add_array(filter, rule->action, rule->syscall, rule->conditions, &rule->condition);
        if (result < 0) {
            char *name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, rule->syscall);
            csandbox_fail(message, capacity, -result, "seccomp rule for %s", name ? name : "an unknown call");
            free(name);
            return -result;
        }
    }
    return 0;
}

/* The helper may signal itself (raise, abort) and no other process. */
static int add_signals_to_self(scmp_filter_ctx filter, char *message, size_t capacity) {
    pid_t self = getpid();
    if (seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self)) < 0
        || seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self)) < 0)
        return csandbox_fail(message, capacity, EINVAL, "seccomp rules for signalling itself");
    return 0;
}

/* A child may lower its own priority (the recognizer runs at nice 19, SCHED_IDLE), and no
 * other process's: setpriority on itself alone (not its process group, which holds the
 * window), sched_setscheduler to SCHED_IDLE alone. Raising a priority needs CAP_SYS_NICE. */
static int add_lowering_own_priority(scmp_filter_ctx filter, char *message, size_t capacity) {
    if (seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(setpriority), 2, SCMP_A0(SCMP_CMP_EQ, PRIO_PROCESS), SCMP_A1(SCMP_CMP_EQ, 0)) < 0
        || seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(sched_setscheduler), 2, SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A1(SCMP_CMP_EQ, SCHED_IDLE)) < 0)
        return csandbox_fail(message, capacity, EINVAL, "seccomp rules for lowering its own priority");
    return 0;
}

#define COUNT(rules) (sizeof rules / sizeof rules[0])

int csandbox_seccomp_apply(enum csandbox_profile profile, char *message, size_t capacity) {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (!filter) return csandbox_fail(message, capacity, ENOMEM, "seccomp_init");
    int code = 0;
    int result;
    if ((result = seccomp_attr_set(filter, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS)) < 0
        || (result = seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1)) < 0)
        code = csandbox_fail(message, capacity, -result, "seccomp filter attributes");
    if (code == 0) code = add_rules(filter, common, COUNT(common), message, capacity);
    if (code == 0 && profile == CSANDBOX_PROFILE_HELPER) {
        code = add_rules(filter, helper, COUNT(helper), message, capacity);
        if (code == 0) code = add_signals_to_self(filter, message, capacity);
    }
    if (code == 0 && profile == CSANDBOX_PROFILE_ZYGOTE) {
        code = add_rules(filter, zygote, COUNT(zygote), message, capacity);
        if (code == 0) code = add_lowering_own_priority(filter, message, capacity);
    }
    if (code == 0 && (result = seccomp_load(filter)) < 0) code = csandbox_fail(message, capacity, -result, "seccomp_load");
    seccomp_release(filter);
    return code;
}
