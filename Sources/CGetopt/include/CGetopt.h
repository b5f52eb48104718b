#ifndef PARLEY_CGETOPT_H
#define PARLEY_CGETOPT_H
#include <getopt.h>

/// The argument of the option `getopt_long` just returned, or NULL.
const char *parley_optarg(void);
/// The index of the next element of argv to process.
int parley_optind(void);
/// Sets the index of the next element of argv to process (0 restarts scanning).
void parley_set_optind(int value);
/// Turns getopt's own error messages off (Parley prints its own).
void parley_set_opterr(int value);
/// The option character that caused the last error.
int parley_optopt(void);

#endif
