#define _GNU_SOURCE
#include "cchannel.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FDS 4

int quire_channel_pair(int fds[2]) {
    return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds) == 0 ? 0 : -errno;
}

int quire_channel_send(int socket, const void *bytes, size_t count, const int *fds, int fd_count) {
    if (fd_count < 0 || fd_count > MAX_FDS) return -EINVAL;
    struct iovec iov = { .iov_base = (void *)bytes, .iov_len = count };
    union { char buffer[CMSG_SPACE(sizeof(int) * MAX_FDS)]; struct cmsghdr align; } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = { .msg_iov = &iov, .msg_iovlen = 1 };
    if (fd_count > 0) {
        message.msg_control = control.buffer;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * fd_count);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * fd_count);
        memcpy(CMSG_DATA(header), fds, sizeof(int) * fd_count);
    }
    ssize_t sent;
    do { sent = sendmsg(socket, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    if (sent < 0) return -errno;
    return (size_t)sent == count ? 0 : -EIO;
}

ssize_t quire_channel_receive(int socket, void *bytes, size_t capacity, int *fds, int fd_capacity, int *fd_count) {
    *fd_count = 0;
    struct iovec iov = { .iov_base = bytes, .iov_len = capacity };
    union { char buffer[CMSG_SPACE(sizeof(int) * MAX_FDS)]; struct cmsghdr align; } control;
    struct msghdr message = { .msg_iov = &iov, .msg_iovlen = 1,
                              .msg_control = control.buffer, .msg_controllen = sizeof control.buffer };
    ssize_t received;
    do { received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (received < 0 && errno == EINTR);
    if (received < 0) return -errno;
    int kept = 0;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        int count = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int *passed = (int *)CMSG_DATA(header);
        for (int i = 0; i < count; i++) {
            if (kept < fd_capacity) fds[kept++] = passed[i]; else close(passed[i]);
        }
    }
    // Descriptors cut off by a too-small control buffer are closed by the kernel.
    if (message.msg_flags & MSG_TRUNC) {
        for (int i = 0; i < kept; i++) close(fds[i]);
        return -EMSGSIZE;
    }
    *fd_count = kept;
    return received;
}

int quire_channel_wait(int socket, int timeout_ms) {
    struct pollfd one = { .fd = socket, .events = POLLIN };
    int ready;
    do { ready = poll(&one, 1, timeout_ms); } while (ready < 0 && errno == EINTR);
    if (ready < 0) return -errno;
    return ready > 0 ? 1 : 0;
}

int quire_pixels_create(size_t size) {
    int fd = memfd_create("quire-pixels", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -errno;
    if (ftruncate(fd, (off_t)size) != 0 || fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    return fd;
}

int quire_pixels_check(int fd, size_t size) {
    struct stat status;
    if (fstat(fd, &status) != 0) return -errno;
    int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0) return -errno;
    if (!(seals & F_SEAL_SHRINK) || !S_ISREG(status.st_mode) || (size_t)status.st_size < size) return -EINVAL;
    return 0;
}

void *quire_pixels_map(int fd, size_t size, int writable) {
    void *address = mmap(NULL, size, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED, fd, 0);
    return address == MAP_FAILED ? NULL : address;
}

void quire_pixels_unmap(void *address, size_t size) { munmap(address, size); }

int quire_pixels_allocate(int fd, size_t size) { return fallocate(fd, 0, 0, (off_t)size) == 0 ? 0 : -errno; }
