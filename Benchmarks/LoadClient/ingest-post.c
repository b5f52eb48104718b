// The posting side of the ingest load client: realistic generated messages (about 200 bytes of
// Discord-flavoured text, authors taking turns in runs of three, one second apart) and the threads
// that POST them to `parley serve` on keep-alive connections. See ingest-load.h.
#define _GNU_SOURCE
#include "ingest-load.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

static const char *const words[] = {
    "the", "release", "build", "is", "green", "again", "after", "we", "pinned", "compiler", "and", "I", "think", "that",
    "reviewers", "should", "look", "at", "patch", "before", "lunch", "tomorrow", "server", "latency", "looks", "fine",
    "but", "disk", "sync", "takes", "most", "of", "time", "on", "this", "machine", "can", "someone", "check", "logs",
    "from", "last", "night", "deploy", "went", "out", "without", "trouble", "thanks", "everyone", "for", "help",
};
static const char *const names[] = {"Maya", "Ravi", "Lena", "Tomas", "Aiko", "Sam"};

uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

// SplitMix64: the same message number always gives the same message.
static uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// Message `number` as one JSON Lines record with its "\n"; returns its length (at most 600 bytes).
static size_t format_message(char *out, long number) {
    time_t seconds = (time_t)(INGEST_EPOCH + number);
    struct tm utc;
    gmtime_r(&seconds, &utc);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S.000Z", &utc);
    int author = (int)(mix((uint64_t)number / 3) % 6);
    size_t length = (size_t)sprintf(out,
        "{\"type\":\"message\",\"channel\":\"" INGEST_CHANNEL "\",\"id\":\"n%ld\",\"timestamp\":\"%s\","
        "\"author\":{\"id\":\"u%d\",\"name\":\"user%d\",\"displayName\":\"%s\"},\"flavor\":\"discordMarkdown\",\"content\":\"",
        number, stamp, author, author, names[author]);
    size_t start = length;
    uint64_t random = mix((uint64_t)number ^ 0x5eedull);
    for (int word = 0; length - start < 200; word++) {
        random = mix(random);
        const char *text = words[random % (sizeof words / sizeof *words)];
        const char *emphasis = random % 17 == 0 ? "**" : "";
        length += (size_t)sprintf(out + length, "%s%s%s%s", word ? " " : "", emphasis, text, emphasis);
    }
    length += (size_t)sprintf(out + length, "\"}\n");
    return length;
}

int write_seed(FILE *file, long count) {
    fprintf(file, "{\"type\":\"header\",\"format\":\"parley\",\"version\":1,\"title\":\"Ingest benchmark\","
                  "\"channels\":[{\"id\":\"" INGEST_CHANNEL "\",\"name\":\"" INGEST_CHANNEL "\"}]}\n");
    char line[640];
    for (long number = 0; number < count; number++) fwrite(line, 1, format_message(line, number), file);
    return fflush(file) == 0 && !ferror(file) ? 0 : -1;
}

static int connect_loopback(int port) {
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int fd = socket(AF_INET, SOCK_STREAM, 0), on = 1;
    if (fd < 0) return -1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) == 0) return fd;
    close(fd);
    return -1;
}

// Writes both buffers completely; -1 on error.
static int send_all(int fd, struct iovec *parts, int count) {
    while (count > 0) {
        ssize_t sent = writev(fd, parts, count);
        if (sent < 0 && errno == EINTR) continue;
        if (sent <= 0) return -1;
        for (; count > 0 && (size_t)sent >= parts->iov_len; count--, parts++) sent -= (ssize_t)parts->iov_len;
        if (count > 0) parts->iov_base = (char *)parts->iov_base + sent, parts->iov_len -= (size_t)sent;
    }
    return 0;
}

// Reads one whole response (head and Content-Length body) into `reply`, NUL-terminated.
// Returns its status code, or -1 when the connection broke; `*closes` tells whether the server closes it.
static int read_reply(int fd, char *reply, size_t capacity, int *closes) {
    size_t length = 0, total = 0;
    char *body = NULL;
    while (!body || length < total) {
        if (length + 1 >= capacity) return -1;
        ssize_t got = read(fd, reply + length, capacity - 1 - length);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return -1;
        length += (size_t)got;
        reply[length] = 0;
        if (!body && (body = strstr(reply, "\r\n\r\n"))) {
            const char *field = strcasestr(reply, "\r\ncontent-length:");
            body += 4;
            total = (size_t)(body - reply) + (field && field < body ? strtoul(field + 17, NULL, 10) : 0);
        }
    }
    *closes = strcasestr(reply, "\r\nconnection: close") != NULL;
    return length > 12 ? atoi(reply + 9) : -1;
}

void *poster_main(void *argument) {
    struct poster *p = argument;
    struct ingest_run *run = p->run;
    size_t capacity = (size_t)run->events_per_request * 640;
    char *body = malloc(capacity), head[512], reply[4096];
    int fd = -1, closes = 0;
    while (!p->error[0] && now_ns() < run->deadline_ns) {
        if (fd < 0 && (fd = connect_loopback(p->port)) < 0) {
            snprintf(p->error, sizeof p->error, "connect: %s", strerror(errno));
            break;
        }
        if (run->rate > 0) {
            long n = __atomic_fetch_add(&run->next_request, 1, __ATOMIC_RELAXED);
            uint64_t due = run->start_ns + (uint64_t)((double)n / run->rate * 1e9);
            if (due >= run->deadline_ns) break;
            struct timespec at = {.tv_sec = (time_t)(due / 1000000000ull), .tv_nsec = (long)(due % 1000000000ull)};
            while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL) == EINTR) continue;
        }
        long first = __atomic_fetch_add(&run->next_message, run->events_per_request, __ATOMIC_RELAXED);
        size_t length = 0;
        for (int k = 0; k < run->events_per_request; k++) length += format_message(body + length, first + k);
        int head_length = snprintf(head, sizeof head,
            "POST /c/" INGEST_CHANNEL "/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAuthorization: Bearer %s\r\n"
            "Content-Type: application/x-ndjson\r\nContent-Length: %zu\r\n\r\n", p->port, run->token, length);
        struct iovec parts[2] = {{head, (size_t)head_length}, {body, length}};
        uint64_t sent = now_ns();
        int status = send_all(fd, parts, 2) == 0 ? read_reply(fd, reply, sizeof reply, &closes) : -1;
        uint64_t acknowledged = now_ns();
        const char *version = status == 200 ? strstr(reply, "\"version\":") : NULL;
        long v = version ? atol(version + 10) : -1;
        if (v < 0 || (size_t)v >= run->ack_capacity) {
            const char *body_text = strstr(reply, "\r\n\r\n");
            snprintf(p->error, sizeof p->error, "request %ld: status %d: %.200s", p->requests + 1, status,
                     status < 0 ? strerror(errno) : body_text ? body_text + 4 : reply);
            break;
        }
        uint64_t unset = 0;  // keep the first acknowledgement of a version (group commits share one)
        __atomic_compare_exchange_n(&run->acks[v], &unset, acknowledged, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
        samples_add(&p->round_trips, (int64_t)(acknowledged - sent) / 1000);
        p->requests++;
        p->events += run->events_per_request;
        if (v > p->last_version) p->last_version = v;
        if (closes) close(fd), fd = -1;
    }
    if (fd >= 0) close(fd);
    free(body);
    __atomic_store_n(&p->finished_ns, now_ns(), __ATOMIC_RELEASE);
    return NULL;
}
