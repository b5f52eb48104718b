// The ingest load client for `make bench-server` (scripts/bench-ingest): opens VIEWERS event
// streams of channel `bench` on one epoll thread, then POSTERS threads post generated messages
// (EVENTS per request; EVENTS@RATE: RATE requests per second over all posters, else each poster
// posts again when answered) for SECONDS seconds. One process, so one CLOCK_MONOTONIC: for every
// batch every viewer receives (`id: V`), the acknowledged-to-delivered latency is its arrival (the end
// of its `data:` line) minus the time its poster read the 200 reply carrying version V; negative
// when the batch reached the viewer first. Checks that every viewer got every acknowledged
// version once and in order (each batch's `base` is the previous `id`); prints one line of
// `key=value` results. Exits 1 when a post failed or a stream that stayed open missed a batch; a
// stream the server closed (a viewer dropped for falling too far behind) is counted, not an error.
//
// Several servers sharing one PostgreSQL database (scripts/bench-scale) are named by their ports and
// process ids separated by commas: viewer and poster i use the (i mod n)-th server; CPU time and
// RSS are summed over the servers.
//
// usage: ingest-load seed FILE MESSAGES      (the channel's first MESSAGES messages, as Parley JSON Lines)
//        ingest-load run PORT[,PORT…] TOKEN VIEWERS POSTERS EVENTS[@RATE] SECONDS SEEDED [SERVER_PID[,SERVER_PID…]]
// build: cc -O2 -pthread -o ingest-load ingest-load.c ingest-viewers.c ingest-post.c sse-stream.c samples.c
#include "ingest-load.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// How long the streams may take to deliver the last acknowledged batch after posting stopped.
#define DRAIN_SECONDS 30

// The value of `field` (e.g. "VmRSS:") in /proc/PID/status, or 0.
static long status_field(long pid, const char *field) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%ld/status", pid);
    FILE *file = pid > 0 ? fopen(path, "r") : NULL;
    long value = 0;
    while (file && fgets(line, sizeof line, file)) {
        if (strncmp(line, field, strlen(field)) == 0) value = atol(line + strlen(field));
    }
    if (file) fclose(file);
    return value;
}

// User plus system CPU time of process `pid` in clock ticks (fields 14 and 15 of /proc/PID/stat), or 0.
static long cpu_ticks(long pid) {
    char path[64], text[1024] = "";
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *file = pid > 0 ? fopen(path, "r") : NULL;
    size_t length = file ? fread(text, 1, sizeof text - 1, file) : 0;
    if (file) fclose(file);
    text[length] = 0;
    const char *rest = strrchr(text, ')');  // the fields after the command name
    long user = 0, system = 0;
    if (rest) sscanf(rest + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %ld %ld", &user, &system);
    return user + system;
}

// Up to `capacity` whole numbers separated by commas in `text`, into `values`; returns how many.
static int numbers(const char *text, long *values, int capacity) {
    int count = 0;
    for (char *end; count < capacity && *text; text = *end == ',' ? end + 1 : end) {
        values[count++] = strtol(text, &end, 10);
        if (end == text) break;
    }
    return count;
}

static int seed(const char *path, long count) {
    FILE *file = fopen(path, "w");
    if (!file || write_seed(file, count) != 0 || fclose(file) != 0) {
        fprintf(stderr, "ingest-load: cannot write %s: %s\n", path, strerror(errno));
        return 73;
    }
    return 0;
}

static int finished(const struct poster *posters, int count) {
    for (int i = 0; i < count; i++) {
        if (!__atomic_load_n(&posters[i].finished_ns, __ATOMIC_ACQUIRE)) return 0;
    }
    return 1;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "seed") == 0) return seed(argv[2], atol(argv[3]));
    if ((argc != 9 && argc != 10) || strcmp(argv[1], "run") != 0) {
        fprintf(stderr, "usage: %s seed FILE MESSAGES\n", argv[0]);
        fprintf(stderr, "       %s run PORT TOKEN VIEWERS POSTERS EVENTS[@RATE] SECONDS SEEDED [SERVER_PID]\n", argv[0]);
        return 64;
    }
    signal(SIGPIPE, SIG_IGN);
    int viewer_count = atoi(argv[4]), poster_count = atoi(argv[5]);
    double seconds = atof(argv[7]);
    long servers[8] = {0}, ports[8] = {0};
    int server_count = argc == 10 ? numbers(argv[9], servers, 8) : 0;
    char *rate = NULL;
    struct ingest_run run = {.token = argv[3], .events_per_request = (int)strtol(argv[6], &rate, 10),
                             .ack_capacity = 1 << 24, .next_message = atol(argv[8])};
    run.port_count = numbers(argv[2], ports, 8);
    for (int i = 0; i < run.port_count; i++) run.ports[i] = (int)ports[i];
    if (run.port_count == 0) {
        fprintf(stderr, "ingest-load: PORT: expected one or more port numbers separated by commas, got '%s'\n", argv[2]);
        return 64;
    }
    run.rate = *rate == '@' ? atof(rate + 1) : 0;
    if (run.events_per_request < 1 || (*rate && *rate != '@')) {
        fprintf(stderr, "ingest-load: EVENTS: expected a whole number of events per request, optionally @RATE, got '%s'\n", argv[6]);
        return 64;
    }
    run.acks = calloc(run.ack_capacity, sizeof *run.acks);  // untouched pages stay unmapped
    struct viewers viewers;
    if (viewers_open(&viewers, viewer_count, &run) != 0) return 69;
    fprintf(stderr, "ingest-load: %d streams open; posting for %.0f s\n", viewer_count, seconds);

    long ticks = 0;
    for (int i = 0; i < server_count; i++) ticks += cpu_ticks(servers[i]);
    uint64_t start = now_ns(), posted = start;
    run.start_ns = start;
    run.deadline_ns = start + (uint64_t)(seconds * 1e9);
    struct poster *posters = calloc((size_t)poster_count, sizeof *posters);
    for (int i = 0; i < poster_count; i++) {
        posters[i] = (struct poster){.run = &run, .port = run.ports[i % run.port_count]};
        pthread_create(&posters[i].thread, NULL, poster_main, &posters[i]);
    }
    while (!finished(posters, poster_count)) viewers_pump(&viewers, 5);
    long requests = 0, events = 0, last = 0;
    struct samples round_trips = {0};
    for (int i = 0; i < poster_count; i++) {
        pthread_join(posters[i].thread, NULL);
        struct poster *p = &posters[i];
        if (p->error[0]) fprintf(stderr, "ingest-load: poster %d stopped: %s\n", i, p->error);
        requests += p->requests, events += p->events;
        last = p->last_version > last ? p->last_version : last;
        posted = p->finished_ns > posted ? p->finished_ns : posted;
        for (size_t k = 0; k < p->round_trips.count; k++) samples_add(&round_trips, p->round_trips.values[k]);
    }
    uint64_t drain = now_ns() + DRAIN_SECONDS * 1000000000ull;
    while (!viewers_caught_up(&viewers, last) && now_ns() < drain) viewers_pump(&viewers, 5);
    uint64_t end = now_ns();
    long busy_ticks = -ticks, rss_kib = 0;
    for (int i = 0; i < server_count; i++) busy_ticks += cpu_ticks(servers[i]), rss_kib += status_field(servers[i], "VmRSS:");
    double busy = (double)busy_ticks / (double)sysconf(_SC_CLK_TCK);
    long unacknowledged = viewers_settle(&viewers);

    // Batches: distinct acknowledged versions (a group commit acknowledges several requests at one version).
    long batches = 0;
    for (size_t k = 0; k < run.ack_capacity; k++) batches += run.acks[k] != 0;
    long delivered = 0, gaps = 0;
    int complete = 0, closed = 0, failed = 0;
    for (int i = 0; i < viewer_count; i++) {
        struct viewer *v = &viewers.all[i];
        delivered += v->received, gaps += v->gaps, closed += v->closed;
        complete += v->received == batches && v->last_version == last && v->gaps == 0 && !v->closed;
    }
    for (int i = 0; i < poster_count; i++) failed += posters[i].error[0] != 0;
    double window = (double)((posted > run.deadline_ns ? posted : run.deadline_ns) - start) / 1e9;
    struct samples *d = &viewers.delivery;
    printf("viewers=%d posters=%d events_per_request=%d rate=%.1f window_s=%.2f requests=%ld events=%ld "
           "requests_per_s=%.1f events_per_s=%.1f post_p50_ms=%.2f post_p99_ms=%.2f "
           "ack_min_ms=%.2f ack_p50_ms=%.2f ack_p99_ms=%.2f ack_max_ms=%.2f before_ack_percent=%.1f "
           "batches=%ld delivered=%ld expected=%ld complete_viewers=%d gaps=%ld closed=%d unacknowledged=%ld failed_posters=%d "
           "received_mib=%.1f server_cpu_percent=%.1f server_rss_kib=%ld\n",
           viewer_count, poster_count, run.events_per_request, run.rate, window, requests, events, requests / window, events / window,
           samples_quantile_ms(&round_trips, 0.5), samples_quantile_ms(&round_trips, 0.99), samples_quantile_ms(d, 0),
           samples_quantile_ms(d, 0.5), samples_quantile_ms(d, 0.99), samples_quantile_ms(d, 1),
           d->count ? 100.0 * (double)samples_negative(d) / (double)d->count : 0, batches, delivered, batches * viewer_count, complete, gaps,
           closed, unacknowledged, failed, (double)viewers.bytes / 1048576, 100 * busy / ((double)(end - start) / 1e9),
           rss_kib);
    return failed == 0 && complete == viewer_count - closed && gaps == 0 && unacknowledged == 0 ? 0 : 1;
}
