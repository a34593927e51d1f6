package io.ccrj.dss.internal.http.server;

import io.ccrj.dss.internal.transport.DeadlineSweep;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;

/**
 * The way back from an {@link HttpExchange} to its connection, one per connection: the answer
 * goes to the {@link PipelineWindow} (request order), an event stream to the
 * {@link EventStreamWriter}, a 504 deadline to the {@link DeadlineSweep}. The three are handlers
 * of the connection's pipeline, called directly, never through the pipeline's events, so an
 * answer makes no hop but the one to the event loop.
 *
 * <h2>Threading</h2>
 * Final fields only; any thread. {@link #write} and {@link #startStream} make the one hop to the
 * channel's event loop that an answer from elsewhere needs (one task each, the same hop Netty's
 * own {@code writeAndFlush} would make), and touch the handlers only there.
 */
final class ResponsePath {
    private final Channel channel;
    private final HttpRouter router;
    private final int maxRequestBytes;
    private final HostMetrics metrics;
    private final DeadlineSweep deadlines;
    private final PipelineWindow window;
    private final EventStreamWriter stream;

    ResponsePath(Channel channel, HttpRouter router, int maxRequestBytes, HostMetrics metrics, DeadlineSweep deadlines,
                 PipelineWindow window, EventStreamWriter stream) {
        this.channel = channel;
        this.router = router;
        this.maxRequestBytes = maxRequestBytes;
        this.metrics = metrics;
        this.deadlines = deadlines;
        this.window = window;
        this.stream = stream;
    }

    HttpRouter router() {
        return router;
    }

    /** @return the allocator for answers' bodies */
    ByteBufAllocator alloc() {
        return channel.alloc();
    }

    /** @return the largest request body this connection accepts */
    int maxRequestBytes() {
        return maxRequestBytes;
    }

    /**
     * Counts and logs a refusal of the body's checks ({@link HttpExchange#refuseBody}) as the
     * connection's own are: the content type and the expectation are defences, counted in
     * {@code ccrj_http_refused_total}; a body too large is a limit, as it always was, not counted.
     */
    void bodyRefused(HttpMethod method, RequestGuard.Refusal r) {
        if (r.status() != 413) {
            metrics.refused();
            HttpConnectionHandler.REFUSALS.log("refused " + method + " from " + channel.remoteAddress() + " with "
                    + r.status() + ": " + r.message());
        }
    }

    /**
     * Registers a request's 504 deadline with the connection's sweep; any thread.
     *
     * @param millis from now
     * @param task run on the event loop then, unless the request was answered first
     * @return the deadline, to hand to {@link #write} or {@link #startStream}
     */
    DeadlineSweep.Deadline deadline(long millis, Runnable task) {
        return deadlines.deadline(millis, task);
    }

    /**
     * Writes an answer when its turn comes; any thread.
     *
     * @param sequence the request's place in the connection's order
     * @param response the answer (ownership passes)
     * @param close whether the connection closes after it
     * @param timeout the request's 504 deadline, met now, or {@code null}
     */
    void write(long sequence, FullHttpResponse response, boolean close, DeadlineSweep.Deadline timeout) {
        if (!channel.eventLoop().inEventLoop()) {
            channel.eventLoop().execute(() -> write(sequence, response, close, timeout));
            return;
        }
        if (timeout != null) {
            deadlines.done(timeout);
        }
        window.answer(sequence, response, close);
    }

    /**
     * Answers with an event stream; any thread. Its events may be written at once: they wait for
     * the stream's head, which waits for its turn.
     *
     * @param sequence the request's place in the connection's order
     * @param timeout the request's 504 deadline, met now, or {@code null}
     * @return the stream
     */
    SseStream startStream(long sequence, DeadlineSweep.Deadline timeout) {
        Runnable start = () -> {
            if (timeout != null) {
                deadlines.done(timeout);
            }
            window.answerWithStream(sequence, stream.open());
        };
        if (channel.eventLoop().inEventLoop()) {
            start.run();
        } else {
            channel.eventLoop().execute(start);
        }
        return new SseStream(stream);
    }

    /**
     * Closes the connection because an answer could not be made (no memory for it); any thread.
     * The client sees its request's answer lost with the connection.
     */
    void abandon() {
        channel.close();
    }
}
