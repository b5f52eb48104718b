#ifndef PARLEY_CCMARKGFM_SHIM_H
#define PARLEY_CCMARKGFM_SHIM_H
// cmark-gfm (CommonMark) and its GFM extensions: tables, task lists, strikethrough, autolinks.
// Debian's libcmark-gfm-extensions-dev ships no pkg-config file; module.modulemap links it by name.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

#endif
