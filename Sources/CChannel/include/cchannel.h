#ifndef QUIRE_CCHANNEL_H
#define QUIRE_CCHANNEL_H

#include <stddef.h>
#include <sys/types.h>

/// A connected pair of SOCK_SEQPACKET sockets (message boundaries kept, descriptors
/// passable), close-on-exec. 0, or -errno.
int quire_channel_pair(int fds[2]);

/// Sends one message of `count` bytes with up to 4 descriptors (SCM_RIGHTS). Returns 0
/// or -errno; never raises SIGPIPE.
int quire_channel_send(int socket, const void *bytes, size_t count, const int *fds, int fd_count);

/// Receives one message into `bytes` and up to `fd_capacity` descriptors (close-on-exec;
/// any beyond are closed). Returns its length, 0 at the end (the other side closed), or
/// -errno; -EMSGSIZE for a message longer than `capacity` (its descriptors closed).
ssize_t quire_channel_receive(int socket, void *bytes, size_t capacity, int *fds, int fd_capacity, int *fd_count);

/// Waits up to `timeout_ms` (-1: for ever) for a message or the end: 1 when one can be
/// received, 0 on timeout, -errno on error. EINTR is retried.
int quire_channel_wait(int socket, int timeout_ms);

/// A memfd of `size` bytes for pixels, sealed so that no process can shrink or grow it
/// (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL): a mapping of it can never fault. The
/// descriptor, or -errno.
int quire_pixels_create(size_t size);

/// Whether `fd` is a memfd of at least `size` bytes that cannot shrink: 0, or -errno
/// (-EINVAL when it is not so sealed or too small).
int quire_pixels_check(int fd, size_t size);

/// Maps `size` bytes of `fd` shared, writable when `writable`; NULL on failure.
void *quire_pixels_map(int fd, size_t size, int writable);
void quire_pixels_unmap(void *address, size_t size);
/* Gives the memfd's pages memory now, all in one call (0, or -errno). */
int quire_pixels_allocate(int fd, size_t size);

#endif
