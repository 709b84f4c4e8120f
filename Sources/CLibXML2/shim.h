#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its headers would pull in the system ICU, which clashes with the ICU
// bundled in Swift's Foundation. We never touch the encoding handler structs that use it.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/parserInternals.h>

// xmlFree is a global function pointer, which Swift 6 treats as shared mutable state.
static inline void cityguide_xmlFree(void *pointer) { xmlFree(pointer); }
#include <libxml/xmlreader.h>
