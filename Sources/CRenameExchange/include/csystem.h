#ifndef CITYGUIDE_CSYSTEM_H
#define CITYGUIDE_CSYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE). Returns 0, or -1 with errno set;
/// ENOSYS or EINVAL mean the system or the file system cannot, and the caller falls back to two renames.
int cityguide_exchange(const char *a, const char *b);

/// Flushes the file system holding `fd` to disk (Linux syncfs); elsewhere, everything (sync). Returns 0, or -1
/// with errno set.
int cityguide_syncfs(int fd);

#endif
