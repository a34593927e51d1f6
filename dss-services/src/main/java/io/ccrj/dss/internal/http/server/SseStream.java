package io.ccrj.dss.internal.http.server;

import io.ccrj.dss.internal.Internal;

/**
 * An open {@code text/event-stream} response (chunked) on one connection. Events are written in
 * call order; calls from different threads must be ordered by the caller (the service runtime
 * notifies from its exclusive handlers, which the interleave orders). The connection buffers
 * events only up to its limits and drops a subscriber that does not keep up (see
 * {@link EventStreamWriter}), so writing never blocks and never grows without bound.
 */
@Internal
public final class SseStream {
    private final EventStreamWriter writer;

    SseStream(EventStreamWriter writer) {
        this.writer = writer;
    }

    /**
     * Writes one event.
     *
     * @param id the {@code id:} field, or -1 for none
     * @param event the {@code event:} field, or {@code null}
     * @param data the {@code data:} text (one {@code data:} line per line of it)
     */
    public void event(long id, String event, String data) {
        StringBuilder sb = new StringBuilder(data.length() + 48);
        if (event != null) {
            sb.append("event: ").append(event).append('\n');
        }
        if (id >= 0) {
            sb.append("id: ").append(id).append('\n');
        }
        int start = 0;
        while (true) {
            int nl = data.indexOf('\n', start);
            sb.append("data: ").append(data, start, nl < 0 ? data.length() : nl).append('\n');
            if (nl < 0) {
                break;
            }
            start = nl + 1;
        }
        sb.append('\n');
        writer.write(sb.toString(), id);
    }

    /**
     * Writes a comment line (clients ignore it).
     *
     * @param text the comment
     */
    public void comment(String text) {
        writer.write(": " + text + "\n\n", -1);
    }

    /**
     * Drops the subscriber as one that cannot take its events: a final {@code overflow} event
     * (when there is memory for it), then the stream ends.
     */
    public void overflow() {
        writer.overflow();
    }

    /** Ends the stream and closes the connection. */
    public void close() {
        writer.close();
    }

    /**
     * @param action runs once when the connection closes, from either side
     */
    public void onClose(Runnable action) {
        writer.channel().closeFuture().addListener(f -> action.run());
    }
}
