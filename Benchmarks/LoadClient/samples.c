// Latency samples for the ingest load client; see samples.h.
#include "samples.h"

#include <stdlib.h>

void samples_add(struct samples *s, int64_t microseconds) {
    if (s->count == s->capacity) {
        s->capacity = s->capacity ? s->capacity * 2 : 1 << 16;
        s->values = realloc(s->values, s->capacity * sizeof *s->values);
    }
    s->values[s->count++] = microseconds > INT32_MAX ? INT32_MAX : microseconds < INT32_MIN ? INT32_MIN : (int32_t)microseconds;
    s->sorted = 0;
}

static int compare(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return x < y ? -1 : x > y;
}

double samples_quantile_ms(struct samples *s, double q) {
    if (s->count == 0) return 0;
    if (!s->sorted) qsort(s->values, s->count, sizeof *s->values, compare), s->sorted = 1;
    size_t rank = (size_t)((double)s->count * q);
    return s->values[rank < s->count ? rank : s->count - 1] / 1000.0;
}

size_t samples_negative(const struct samples *s) {
    size_t negative = 0;
    for (size_t i = 0; i < s->count; i++) negative += s->values[i] < 0;
    return negative;
}
