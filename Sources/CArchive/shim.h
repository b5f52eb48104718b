#ifndef PARLEY_CARCHIVE_SHIM_H
#define PARLEY_CARCHIVE_SHIM_H
// libarchive (Debian libarchive-dev), read side only; ParleyArchive is its sole importer.
#include <archive.h>
#include <archive_entry.h>

/// Whether an entry is a regular file (`AE_IFREG` is a cast macro Swift does not import).
static inline int parley_archive_entry_is_regular(struct archive_entry *entry) {
    return archive_entry_filetype(entry) == AE_IFREG;
}

#endif
