#ifndef PARLEY_CXXHASH_SHIM_H
#define PARLEY_CXXHASH_SHIM_H
// xxHash 0.8 (Debian libxxhash-dev): XXH3, the fast non-cryptographic hash behind ParleyDigest's RecordDigest.
#include <xxhash.h>
#endif
