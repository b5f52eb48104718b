// A Server-Sent Events load client for `make bench-server`: opens N event streams to a Parley
// server on loopback from one epoll thread, decodes the chunked bodies, and measures for every
// received patch batch the delay from its publication ("t": CLOCK_MONOTONIC nanoseconds, written
// by the benchmark server) to its arrival. Prints one line of results.
//
// usage: sse-load PORT VIEWERS BATCHES TIMEOUT_SECONDS
// build: cc -O2 -o sse-load sse-load.c sse-stream.c
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "sse-stream.h"

struct viewer {
    struct sse_stream stream;  // first, so a stream pointer is its viewer's
    long received;
};

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static uint32_t *latencies;  // microseconds
static size_t latency_count, latency_capacity;

static void record(uint64_t microseconds) {
    if (latency_count == latency_capacity) {
        latency_capacity = latency_capacity ? latency_capacity * 2 : 1 << 20;
        latencies = realloc(latencies, latency_capacity * sizeof *latencies);
    }
    latencies[latency_count++] = microseconds > UINT32_MAX ? UINT32_MAX : (uint32_t)microseconds;
}

// A complete line of the event stream: a `data:` line carries the publication time.
static void line_done(struct sse_stream *stream, void *context) {
    (void)context;
    struct viewer *v = (struct viewer *)stream;
    if (strncmp(stream->line, "data:", 5) == 0) {
        const char *t = strstr(stream->line, "\"t\":");
        if (t) {
            uint64_t published = strtoull(t + 4, NULL, 10);
            uint64_t now = now_ns();
            record(now > published ? (now - published) / 1000 : 0);
            v->received++;
        }
    }
}

static int compare(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s PORT VIEWERS BATCHES TIMEOUT_SECONDS\n", argv[0]);
        return 64;
    }
    int port = atoi(argv[1]), count = atoi(argv[2]);
    long batches = atol(argv[3]);
    double timeout = atof(argv[4]);
    struct viewer *viewers = calloc((size_t)count, sizeof *viewers);
    int epoll = epoll_create1(0);
    char request[128];
    int request_length = snprintf(request, sizeof request, "GET /c/bench/events?since=0 HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n", port);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int connected = 0;
    for (int i = 0; i < count; i++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
            fprintf(stderr, "sse-load: connection %d failed: %s\n", i, strerror(errno));
            return 69;
        }
        if (write(fd, request, (size_t)request_length) != request_length) return 74;
        fcntl(fd, F_SETFL, O_NONBLOCK);
        viewers[i].stream.fd = fd;
        struct epoll_event event = {.events = EPOLLIN, .data.ptr = &viewers[i]};
        epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
        connected++;
    }
    fprintf(stderr, "sse-load: %d streams open\n", connected);
    uint64_t deadline = now_ns() + (uint64_t)(timeout * 1e9);
    long expected = batches * count;
    static char buffer[1 << 16];
    struct epoll_event events[256];
    while ((long)latency_count < expected && now_ns() < deadline) {
        int ready = epoll_wait(epoll, events, 256, 100);
        for (int e = 0; e < ready; e++) {
            struct viewer *v = events[e].data.ptr;
            ssize_t got;
            while ((got = read(v->stream.fd, buffer, sizeof buffer)) > 0) sse_feed(&v->stream, buffer, (size_t)got, line_done, NULL);
            if (got == 0) {
                epoll_ctl(epoll, EPOLL_CTL_DEL, v->stream.fd, NULL);
                v->stream.phase = SSE_DONE;
            }
        }
    }
    long complete = 0;
    for (int i = 0; i < count; i++) complete += viewers[i].received >= batches;
    qsort(latencies, latency_count, sizeof *latencies, compare);
    double p50 = latency_count ? latencies[latency_count / 2] / 1000.0 : 0;
    double p99 = latency_count ? latencies[(size_t)((double)latency_count * 0.99)] / 1000.0 : 0;
    double max = latency_count ? latencies[latency_count - 1] / 1000.0 : 0;
    printf("viewers=%d received=%zu expected=%ld complete_viewers=%ld p50_ms=%.2f p99_ms=%.2f max_ms=%.2f\n", connected,
           latency_count, expected, complete, p50, p99, max);
    return (long)latency_count == expected ? 0 : 1;
}
