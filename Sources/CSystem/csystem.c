#define _GNU_SOURCE
#include "csystem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/syscall.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
#endif

int cityguide_exchange(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    // Through syscall(): older glibc versions have no renameat2() wrapper.
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#else
    (void)a;
    (void)b;
    errno = ENOSYS;
    return -1;
#endif
}

int cityguide_syncfs(int fd) {
#if defined(__linux__)
    return syncfs(fd);
#else
    (void)fd;
    sync();
    return 0;
#endif
}

int cityguide_copy_file(const char *source, const char *target) {
    int in = open(source, O_RDONLY | O_CLOEXEC);
    if (in < 0) return -1;
    int out = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out < 0) {
        int code = errno;
        close(in);
        errno = code;
        return -1;
    }
    int result = 0;
#if defined(__linux__)
    // In the kernel, without the bytes passing through the process; a reflink where the file system has them.
    for (;;) {
        ssize_t n = copy_file_range(in, NULL, out, NULL, 1 << 30, 0);
        if (n > 0) continue;
        if (n == 0) goto done;
        if (errno == EINTR) continue;
        if (errno != EXDEV && errno != ENOSYS && errno != EINVAL && errno != EOPNOTSUPP) {
            result = -1;
            goto done;
        }
        // Not supported here: fall back to read and write from where it stopped.
        break;
    }
#endif
    {
        char buffer[65536];
        for (;;) {
            ssize_t n = read(in, buffer, sizeof buffer);
            if (n == 0) break;
            if (n < 0) {
                if (errno == EINTR) continue;
                result = -1;
                break;
            }
            ssize_t done = 0;
            while (done < n) {
                ssize_t w = write(out, buffer + done, (size_t)(n - done));
                if (w < 0) {
                    if (errno == EINTR) continue;
                    result = -1;
                    goto done;
                }
                done += w;
            }
        }
    }
done:;
    int code = errno;
    close(in);
    if (close(out) != 0 && result == 0) {
        result = -1;
        code = errno;
    }
    errno = code;
    return result;
}
