// Shared by the ingest load client's files: ingest-load.c (the run and its report),
// ingest-viewers.c (the event streams) and ingest-post.c (generated messages, posting threads).
#ifndef INGEST_LOAD_H
#define INGEST_LOAD_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "samples.h"
#include "sse-stream.h"

// The benchmark's channel and the time of its first seeded message (2024-03-08T00:00:00Z, in
// seconds since the epoch); message n is sent n seconds after it.
#define INGEST_CHANNEL "bench"
#define INGEST_EPOCH 1709856000ll

// What every poster shares: where to post, what, until when, and the acknowledgements.
struct ingest_run {
    int ports[8];              // the servers: viewer and poster i use ports[i % port_count]
    int port_count;
    const char *token;
    int events_per_request;
    double rate;               // requests per second over all posters, 0 for as fast as they are answered
    uint64_t start_ns;         // request n (counted over all posters) is due n / rate seconds after this
    uint64_t deadline_ns;      // posters start no request after this CLOCK_MONOTONIC time
    long next_request;         // the next request's number (atomic)
    uint64_t *acks;            // per version: when its 200 reply was read (CLOCK_MONOTONIC ns), 0 before
    size_t ack_capacity;       // versions the table holds
    long next_message;         // the next posted message's number (atomic); the seed holds those below
};

// One posting thread's connection and results.
struct poster {
    pthread_t thread;
    struct ingest_run *run;
    int port;                         // the server it posts to
    long requests, events;            // acknowledged ones
    long last_version;                // the highest version acknowledged to this poster
    struct samples round_trips;       // microseconds from sending a request to reading its whole reply
    uint64_t finished_ns;
    char error[256];                  // why it stopped early (a reply other than 200, a broken connection)
};

// One event stream.
struct viewer {
    struct sse_stream stream;  // first, so a stream pointer is its viewer's
    long pending_id;           // the `id:` of the event being read, 0 between events
    long last_version;         // the `id:` of the last complete batch
    long received, gaps;       // batches; batches whose `base` was not the previous `id`
    int closed;
};

// A batch that reached a viewer before its poster read the acknowledgement.
struct arrival {
    long version;
    uint64_t at;
};

// Every event stream, read from one epoll set on one thread, and what they measured.
struct viewers {
    struct viewer *all;
    int count, epoll;
    const struct ingest_run *run;
    uint64_t bytes;            // received on every stream
    struct samples delivery;   // acknowledged-to-delivered, microseconds
    struct arrival *early;     // not in `delivery` yet: their acknowledgement came later
    size_t early_count, early_capacity;
};

// CLOCK_MONOTONIC now, in nanoseconds.
uint64_t now_ns(void);

// Writes a Parley JSON Lines file (docs/FORMAT.md) to `file`: the header of channel `bench`, then
// `count` messages numbered 0..<count. Returns 0, or -1 when writing failed.
int write_seed(FILE *file, long count);

// Opens `count` streams of channel `bench` from version 0 and waits (up to 30 s) until each has
// its response head. Returns 0, or -1 after printing which stream failed and why.
int viewers_open(struct viewers *viewers, int count, const struct ingest_run *run);

// Reads every stream that is ready within `wait_ms` milliseconds, timing each complete batch.
void viewers_pump(struct viewers *viewers, int wait_ms);

// Whether every open stream has reached `version`.
int viewers_caught_up(const struct viewers *viewers, long version);

// Moves the early arrivals into `delivery` (negative latencies) once every acknowledgement is in;
// returns how many batches were never acknowledged.
long viewers_settle(struct viewers *viewers);

// A posting thread: POSTs requests of `events_per_request` new messages on one keep-alive
// connection until the deadline (each request when it is due, with a rate), recording each
// reply's version and round trip. `argument` is a `struct poster`; it stops at the first failure.
void *poster_main(void *argument);

#endif
