// Decoding of one event stream's HTTP response for the load clients; see sse-stream.h.
#include "sse-stream.h"

#include <string.h>

// Appends body bytes to the current line, calling `handler` at each "\n". Uses memchr, so a
// 100 KB `data:` line costs one scan, not a call per byte.
static void body_bytes(struct sse_stream *s, const char *bytes, size_t count, sse_line_handler handler, void *context) {
    while (count > 0) {
        const char *newline = memchr(bytes, '\n', count);
        size_t take = newline ? (size_t)(newline - bytes) : count;
        size_t room = sizeof s->line - 1 - s->length;
        memcpy(s->line + s->length, bytes, take < room ? take : room);
        s->length += take < room ? take : room;
        if (!newline) return;
        s->line[s->length] = 0;
        handler(s, context);
        s->length = 0;
        bytes += take + 1;
        count -= take + 1;
    }
}

static int hex_digit(char c) { return c >= 'a' ? c - 'a' + 10 : c >= 'A' ? c - 'A' + 10 : c - '0'; }

void sse_feed(struct sse_stream *s, const char *bytes, size_t count, sse_line_handler handler, void *context) {
    for (size_t i = 0; i < count; i++) {
        char c = bytes[i];
        switch (s->phase) {
        case SSE_HEAD:
            // "HTTP/1.1 200 OK": bytes 9 to 11 are the status code.
            if (s->head_bytes >= 9 && s->head_bytes <= 11 && c >= '0' && c <= '9') s->status = s->status * 10 + (c - '0');
            s->head_bytes++;
            memmove(s->head, s->head + 1, 3);
            s->head[3] = c;
            if (memcmp(s->head, "\r\n\r\n", 4) == 0) s->phase = SSE_SIZE, s->remaining = 0;
            break;
        case SSE_SIZE:
            if (c == '\n') {
                s->phase = s->remaining ? SSE_DATA : SSE_DONE;
            } else if (c != '\r') {
                s->remaining = s->remaining * 16 + (size_t)hex_digit(c);
            }
            break;
        case SSE_DATA: {
            size_t take = count - i < s->remaining ? count - i : s->remaining;
            body_bytes(s, bytes + i, take, handler, context);
            s->remaining -= take;
            i += take - 1;
            if (s->remaining == 0) s->phase = SSE_DATA_END;
            break;
        }
        case SSE_DATA_END:
            if (c == '\n') s->phase = SSE_SIZE, s->remaining = 0;
            break;
        case SSE_DONE:
            return;
        }
    }
}
