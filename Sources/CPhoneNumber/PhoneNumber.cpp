// The C functions of CPhoneNumber.h over libphonenumber's PhoneNumberUtil (a thread-safe
// singleton whose methods are const). No exception leaves a function: libphonenumber throws
// none, and std::string's allocation failure ends the process as Swift's would.
#include "CPhoneNumber.h"

#include <cstring>
#include <set>
#include <string>

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {
const PhoneNumberUtil &util() { return *PhoneNumberUtil::GetInstance(); }

/// Parses `number` as dialled in `region`; false when libphonenumber cannot.
bool parse(const char *number, const char *region, PhoneNumber *parsed) {
    if (number == nullptr) return false;
    const std::string home = region == nullptr ? "ZZ" : region;
    return util().Parse(number, home, parsed) == PhoneNumberUtil::NO_PARSING_ERROR;
}
}  // namespace

extern "C" size_t parley_phone_e164(const char *number, const char *region, char *out, size_t capacity) {
    PhoneNumber parsed;
    if (!parse(number, region, &parsed) || parsed.has_extension()) return 0;
    if (util().IsPossibleNumberWithReason(parsed) != PhoneNumberUtil::IS_POSSIBLE) return 0;
    std::string formatted;
    util().Format(parsed, PhoneNumberUtil::E164, &formatted);
    if (out == nullptr || formatted.size() + 1 > capacity) return 0;
    std::memcpy(out, formatted.c_str(), formatted.size() + 1);
    return formatted.size();
}

extern "C" int parley_phone_country_region(const char *number, char *out) {
    PhoneNumber parsed;
    if (!parse(number, "ZZ", &parsed) || out == nullptr) return 0;
    std::string region;
    util().GetRegionCodeForCountryCode(parsed.country_code(), &region);
    if (region.size() != 2 || region == "ZZ") return 0;
    std::memcpy(out, region.c_str(), 3);
    return 1;
}

extern "C" int parley_phone_region_is_supported(const char *region) {
    if (region == nullptr) return 0;
    std::set<std::string> regions;
    util().GetSupportedRegions(&regions);
    return regions.count(region) == 1 ? 1 : 0;
}
