#ifndef PARLEY_CSQLITE_SHIM_H
#define PARLEY_CSQLITE_SHIM_H
#include <sqlite3.h>

/// Binds `bytes` bytes of UTF-8 text that SQLite copies at once (SQLITE_TRANSIENT is a macro
/// Swift cannot import). A NULL `text` binds the empty string, not SQL NULL: an empty Swift
/// string may have no storage to point at. SQLITE_TOOBIG when the text exceeds SQLite's limit.
static inline int parley_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, sqlite3_uint64 bytes) {
    return sqlite3_bind_text64(statement, index, text ? text : "", bytes, SQLITE_TRANSIENT, SQLITE_UTF8);
}

/// Turns off SQLite's memory statistics (`SQLITE_CONFIG_MEMSTATUS`, a variadic call Swift cannot
/// make), which take a process-wide mutex on every allocation. Effective only before SQLite is
/// initialized (SQLITE_MISUSE after, which changes nothing).
static inline int parley_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// Sets the pages of a run SQLite's sorter builds in memory before it writes the run out
/// (`SQLITE_CONFIG_PMASZ`, variadic): the run is at least this many pages of the database, so its
/// bytes grow with the page size. Effective only before SQLite is initialized.
static inline int parley_sqlite3_set_sorter_run_pages(unsigned pages) {
    return sqlite3_config(SQLITE_CONFIG_PMASZ, pages);
}

#endif
