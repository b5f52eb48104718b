#ifndef PARLEY_CYAJL_SHIM_H
#define PARLEY_CYAJL_SHIM_H
// yajl 2.1 (Debian libyajl-dev): the streaming, event-based JSON parser behind ParleyJSON.
#include <yajl/yajl_parse.h>

/// Turns off yajl's UTF-8 check of strings (yajl_config is variadic, which Swift cannot call):
/// ParleyJSON reads invalid UTF-8 in a string as U+FFFD itself, where yajl would stop the parse.
static inline int parley_yajl_dont_validate_strings(yajl_handle handle) {
    return yajl_config(handle, yajl_dont_validate_strings, 1);
}
#endif
