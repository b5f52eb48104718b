#ifndef PARLEY_CPOSTGRES_SHIM_H
#define PARLEY_CPOSTGRES_SHIM_H
#include <libpq-fe.h>
#endif
