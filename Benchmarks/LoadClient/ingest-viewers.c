// The viewing side of the ingest load client: event streams read from one epoll thread, each
// batch timed against its acknowledgement. See ingest-load.h.
#include "ingest-load.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

// A complete line of a viewer's stream: `id:` names the batch, its `data:` line completes it.
static void line_done(struct sse_stream *stream, void *context) {
    struct viewers *all = context;
    struct viewer *v = (struct viewer *)stream;
    if (strncmp(stream->line, "id:", 3) == 0) {
        v->pending_id = atol(stream->line + 3);
        return;
    }
    if (strncmp(stream->line, "data:", 5) != 0 || v->pending_id <= 0) return;
    uint64_t now = now_ns();
    const char *base = strstr(stream->line, "\"base\":");
    if (!base || atol(base + 7) != v->last_version) v->gaps++;
    long version = v->pending_id;
    v->last_version = version;
    v->received++;
    v->pending_id = 0;
    uint64_t acknowledged = (size_t)version < all->run->ack_capacity ? __atomic_load_n(&all->run->acks[version], __ATOMIC_ACQUIRE) : 0;
    if (acknowledged) {
        samples_add(&all->delivery, ((int64_t)now - (int64_t)acknowledged) / 1000);
        return;
    }
    if (all->early_count == all->early_capacity) {
        all->early_capacity = all->early_capacity ? all->early_capacity * 2 : 1 << 16;
        all->early = realloc(all->early, all->early_capacity * sizeof *all->early);
    }
    all->early[all->early_count++] = (struct arrival){version, now};
}

void viewers_pump(struct viewers *all, int wait_ms) {
    static char buffer[1 << 16];
    struct epoll_event events[256];
    int ready = epoll_wait(all->epoll, events, 256, wait_ms);
    for (int e = 0; e < ready; e++) {
        struct viewer *v = events[e].data.ptr;
        ssize_t got;
        while ((got = read(v->stream.fd, buffer, sizeof buffer)) > 0) {
            all->bytes += (uint64_t)got;
            sse_feed(&v->stream, buffer, (size_t)got, line_done, all);
        }
        if (got == 0 || (got < 0 && errno != EAGAIN)) {
            epoll_ctl(all->epoll, EPOLL_CTL_DEL, v->stream.fd, NULL);
            close(v->stream.fd);
            v->closed = 1;
        }
    }
}

int viewers_open(struct viewers *all, int count, const struct ingest_run *run) {
    *all = (struct viewers){.all = calloc((size_t)count, sizeof *all->all), .count = count, .epoll = epoll_create1(0), .run = run};
    char request[160];
    for (int i = 0; i < count; i++) {
        int port = run->ports[i % run->port_count];
        int length = snprintf(request, sizeof request,
            "GET /c/" INGEST_CHANNEL "/events?since=0 HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAccept: text/event-stream\r\n\r\n", port);
        struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0 || write(fd, request, (size_t)length) != length) {
            fprintf(stderr, "ingest-load: viewer %d: %s\n", i, strerror(errno));
            return -1;
        }
        fcntl(fd, F_SETFL, O_NONBLOCK);
        all->all[i].stream.fd = fd;
        struct epoll_event event = {.events = EPOLLIN, .data.ptr = &all->all[i]};
        epoll_ctl(all->epoll, EPOLL_CTL_ADD, fd, &event);
    }
    uint64_t limit = now_ns() + 30000000000ull;
    for (int i = 0; i < count; i++) {
        struct viewer *v = &all->all[i];
        while (v->stream.phase == SSE_HEAD && !v->closed && now_ns() < limit) viewers_pump(all, 100);
        if (v->stream.phase == SSE_HEAD || v->stream.status != 200) {
            fprintf(stderr, "ingest-load: viewer %d: expected a 200 event stream, got status %d\n", i, v->stream.status);
            return -1;
        }
    }
    return 0;
}

int viewers_caught_up(const struct viewers *all, long version) {
    for (int i = 0; i < all->count; i++) {
        if (!all->all[i].closed && all->all[i].last_version < version) return 0;
    }
    return 1;
}

long viewers_settle(struct viewers *all) {
    long unacknowledged = 0;
    for (size_t i = 0; i < all->early_count; i++) {
        struct arrival a = all->early[i];
        uint64_t acknowledged = (size_t)a.version < all->run->ack_capacity ? all->run->acks[a.version] : 0;
        if (acknowledged) {
            samples_add(&all->delivery, ((int64_t)a.at - (int64_t)acknowledged) / 1000);
        } else {
            unacknowledged++;
        }
    }
    all->early_count = 0;
    return unacknowledged;
}
