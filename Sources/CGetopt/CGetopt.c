#include "CGetopt.h"

const char *parley_optarg(void) { return optarg; }
int parley_optind(void) { return optind; }
void parley_set_optind(int value) { optind = value; }
void parley_set_opterr(int value) { opterr = value; }
int parley_optopt(void) { return optopt; }
