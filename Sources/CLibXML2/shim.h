#ifndef PARLEY_CLIBXML2_SHIM_H
#define PARLEY_CLIBXML2_SHIM_H
// libxml2 is built with ICU on Debian; hiding ICU avoids the UErrorCode clash with Foundation.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlsave.h>

/// Frees memory that libxml2 allocated (`xmlFree` is a global variable Swift 6 rejects).
static inline void parley_xmlFree(void *pointer) { xmlFree(pointer); }

#endif
