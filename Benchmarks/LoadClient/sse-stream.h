// The receiving side of one Server-Sent Events stream for the load clients: reads the HTTP
// response head (keeping its status code), decodes the chunked body (RFC 9112 § 7.1) and hands
// each complete line of the event stream to a callback. Lines longer than the buffer are cut
// (the clients only read the first bytes of a `data:` line).
#ifndef SSE_STREAM_H
#define SSE_STREAM_H

#include <stddef.h>

enum sse_phase { SSE_HEAD, SSE_SIZE, SSE_DATA, SSE_DATA_END, SSE_DONE };

struct sse_stream {
    int fd;
    enum sse_phase phase;
    int status;          // the response's status code, once the head's first line is read
    size_t head_bytes;   // bytes of the head read so far
    size_t remaining;    // bytes left in the current chunk
    char head[4];        // the last bytes of the head, to find "\r\n\r\n"
    char line[8192];     // the current line of the decoded body, NUL-terminated when complete
    size_t length;
};

// Called with each complete body line (without its "\n") in `stream->line`; `context` is passed through.
typedef void (*sse_line_handler)(struct sse_stream *stream, void *context);

// Feeds `count` received bytes through the head and chunk decoder, calling `handler` per line.
// O(count); the line buffer is the only state kept.
void sse_feed(struct sse_stream *stream, const char *bytes, size_t count, sse_line_handler handler, void *context);

#endif
