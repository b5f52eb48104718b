#ifndef PARLEY_CPHONENUMBER_H
#define PARLEY_CPHONENUMBER_H
// Google's libphonenumber (C++) behind plain C functions. Its own headers pull in abseil and
// protobuf, so none of them is included here: Swift sees only these declarations.
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The most bytes an E.164 number takes with its NUL: `+`, at most 15 digits, NUL.
#define PARLEY_PHONE_E164_CAPACITY 17

/// Writes the E.164 form (`+14155550199`) of `number` (NUL-terminated UTF-8), read as dialled in
/// `region` (ISO 3166-1 alpha-2, such as "US"; NULL or "ZZ" when unknown: then only a number
/// written with its country code can be read), to `out`, NUL-terminated.
/// Returns the length written (without the NUL), or 0 when `number` is not a complete phone
/// number there: libphonenumber cannot parse it, its length is not possible for its country, it
/// is possible only as a local number without an area code, or it carries an extension; or when
/// the form does not fit in `capacity` bytes.
size_t parley_phone_e164(const char *number, const char *region, char *out, size_t capacity);

/// Writes to `out` (3 bytes: two letters and a NUL) the main region of the country calling code
/// `number` is written with (`+44 20 …` → "GB", `+1 …` → "US"), and returns 1; returns 0 when the
/// number carries no country code of its own (it does not start with `+`) or cannot be parsed.
int parley_phone_country_region(const char *number, char *out);

/// 1 when `region` (upper case, such as "DE") is a region libphonenumber has metadata for, else 0.
int parley_phone_region_is_supported(const char *region);

#ifdef __cplusplus
}
#endif

#endif
