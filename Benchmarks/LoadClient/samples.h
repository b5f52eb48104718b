// A growing list of latency samples (signed microseconds) and its order statistics, for the
// ingest load client.
#ifndef SAMPLES_H
#define SAMPLES_H

#include <stddef.h>
#include <stdint.h>

struct samples {
    int32_t *values;
    size_t count, capacity;
    int sorted;
};

// Appends `microseconds`, clamped to the int32 range. Amortized O(1).
void samples_add(struct samples *samples, int64_t microseconds);

// The value at quantile `q` (0 ≤ q ≤ 1, nearest rank below) in milliseconds, or 0 without samples.
// Sorts on first use after an append: O(n log n).
double samples_quantile_ms(struct samples *samples, double q);

// How many samples are below zero.
size_t samples_negative(const struct samples *samples);

#endif
