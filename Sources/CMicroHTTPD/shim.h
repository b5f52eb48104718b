#ifndef PARLEY_CMICROHTTPD_SHIM_H
#define PARLEY_CMICROHTTPD_SHIM_H
// GNU libmicrohttpd for ParleyServer (its only importer). Swift cannot call C-variadic
// functions, so the variadic entry points are wrapped in static inline functions here.
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/// Starts a daemon whose options are given as an `MHD_OPTION_ARRAY` ending in `MHD_OPTION_END`.
static inline struct MHD_Daemon *parley_mhd_start_daemon(unsigned int flags, MHD_AccessHandlerCallback handler,
                                                         void *handler_context, struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context, MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/// An option item carrying an integer (`MHD_OPTION_CONNECTION_LIMIT`, `…_MEMORY_LIMIT`, …).
static inline struct MHD_OptionItem parley_mhd_option_value(enum MHD_OPTION option, intptr_t value) {
    struct MHD_OptionItem item = {option, value, NULL};
    return item;
}

/// An option item carrying one pointer (`MHD_OPTION_LISTEN_SOCKET` takes an integer instead).
static inline struct MHD_OptionItem parley_mhd_option_pointer(enum MHD_OPTION option, void *pointer) {
    struct MHD_OptionItem item = {option, 0, pointer};
    return item;
}

/// `MHD_OPTION_NOTIFY_COMPLETED` with its callback and closure.
static inline struct MHD_OptionItem parley_mhd_option_completed(MHD_RequestCompletedCallback callback, void *context) {
    struct MHD_OptionItem item = {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)callback, context};
    return item;
}

/// `MHD_OPTION_EXTERNAL_LOGGER` with its callback and closure.
static inline struct MHD_OptionItem parley_mhd_option_logger(MHD_LogCallback callback, void *context) {
    struct MHD_OptionItem item = {MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)callback, context};
    return item;
}

/// The number of open connections of a daemon (`MHD_get_daemon_info` is variadic).
static inline unsigned int parley_mhd_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

/// The socket of a connection, or -1 (`MHD_get_connection_info` is variadic).
static inline int parley_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// Sets a connection's idle timeout in seconds, 0 for none (`MHD_set_connection_option` with
/// `MHD_CONNECTION_OPTION_TIMEOUT` is variadic). Only from the daemon's thread, inside a callback.
static inline void parley_mhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    (void)MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

/// What `parley_mhd_header_count` counts: the headers called `name` (ASCII case-insensitive).
struct parley_mhd_header_tally {
    const char *name;
    unsigned int count;
};

/// `MHD_KeyValueIterator` adding one to the tally for each header with its name.
static inline enum MHD_Result parley_mhd_tally_header(void *tally, enum MHD_ValueKind kind, const char *key,
                                                      const char *value) {
    struct parley_mhd_header_tally *counted = (struct parley_mhd_header_tally *)tally;
    (void)kind;
    (void)value;
    if (key != NULL && strcasecmp(key, counted->name) == 0) counted->count += 1;
    return MHD_YES;
}

/// The number of request headers called `name` (ASCII case-insensitive): libmicrohttpd keeps each
/// repeated header, but `MHD_lookup_connection_value` returns only the first.
static inline unsigned int parley_mhd_header_count(struct MHD_Connection *connection, const char *name) {
    struct parley_mhd_header_tally tally = {name, 0};
    (void)MHD_get_connection_values(connection, MHD_HEADER_KIND, parley_mhd_tally_header, &tally);
    return tally.count;
}

/// `MHD_CONTENT_READER_END_OF_STREAM`: the stream ended normally.
static inline ssize_t parley_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }

/// `MHD_CONTENT_READER_END_WITH_ERROR`: the stream ended abnormally; the connection is closed.
static inline ssize_t parley_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }

/// `MHD_SIZE_UNKNOWN`: a response body of unknown length (chunked in HTTP/1.1).
static inline uint64_t parley_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

#endif
