#ifndef PARLEY_CYAJL_SHIM_H
#define PARLEY_CYAJL_SHIM_H
// yajl 2.1 (Debian libyajl-dev): the streaming, event-based JSON parser behind ParleyJSON.
#include <yajl/yajl_parse.h>
#endif
