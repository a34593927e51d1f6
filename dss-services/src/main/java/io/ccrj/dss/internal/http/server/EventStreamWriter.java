package io.ccrj.dss.internal.http.server;

import io.ccrj.dss.internal.json.Json;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;

import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * The Server-Sent Events writer of one connection: the events of the connection's stream (at
 * most one: after it the connection answers nothing else), its keep-alives, and its end.
 *
 * <p>It sits nearer the socket than the {@link PipelineWindow}: the stream's head is an answer
 * like any other, written in request order by the window, and this handler starts writing events
 * when the head passes it on its way out. Until then, and whenever the channel is not writable,
 * events wait in a bounded buffer ({@link HttpServer.Limits#sseMaxEvents()},
 * {@link HttpServer.Limits#sseMaxBytes()}, and this subscriber's share of the host-wide
 * {@link SubscriberMemory}). A subscriber whose buffer overflows, or whose event cannot be
 * allocated (direct memory exhausted), is dropped: it gets a final {@code overflow} event naming
 * the last event id written, the stream ends, and the client resumes with {@code Last-Event-ID}.
 * Writing an event never throws to the writer (a service's commit notifying its subscribers).
 *
 * <p>Of the connection's idle periods it takes those of a stream (a keep-alive comment each, or,
 * once the stream has ended, a check that the client still takes its last bytes) and passes the
 * others on to the window.
 *
 * <h2>Threading</h2>
 * Every field is touched on the channel's event loop only; {@link #write}, {@link #overflow} and
 * {@link #close} hop there when called from elsewhere (one task, the same hop Netty's own
 * {@code writeAndFlush} would make), so the events of one caller keep their order.
 */
final class EventStreamWriter extends ChannelDuplexHandler {
    /** The connection's log (its name as before the writer was a handler of its own, so log settings still apply). */
    private static final System.Logger LOG = System.getLogger(HttpConnectionHandler.class.getName());

    /**
     * An event-stream chunk, its event id (-1 for comments) and the bytes reserved for it (in
     * {@link #bufferBytes} and the host's {@link SubscriberMemory}), given back as it leaves.
     */
    private record Chunk(ByteBuf buf, long id, int size) {
    }

    private final int maxEvents;
    private final int maxBytes;
    private final HostMetrics metrics;
    /** The host-wide budget for the bytes buffered for subscribers ({@link #bufferBytes} is this connection's part). */
    private final SubscriberMemory subscriberMemory;
    private ChannelHandlerContext ctx;
    /** Whether a stream was opened on this connection (counted in {@link SubscriberMemory} until the channel closes). */
    private boolean opened;
    /** Whether the stream's head has gone by: events may follow it. */
    private boolean started;
    private boolean overflowed;
    /** Chunks not yet handed to the channel (not writable yet, or before the head). */
    private ArrayDeque<Chunk> buffer;
    private long bufferBytes;
    /** The id of the last event handed to the channel (what the overflow event names). */
    private long lastStreamedId = -1;
    /**
     * Whether the stream has ended (dropped with its overflow event, or closed by the host): its
     * last bytes are in the channel, and the connection closes once they are written.
     */
    private boolean ending;
    /**
     * The bytes the channel still had to write at the ending stream's last idle check (or when it
     * ended): a client that took none of them for an idle period is cut (see {@link #stalled}).
     */
    private long endingPendingBytes;

    /**
     * @param maxEvents events one subscriber may have buffered before it is dropped
     * @param maxBytes bytes one subscriber may have buffered before it is dropped
     * @param metrics counts buffered bytes and overflows
     * @param subscriberMemory the host-wide budget for buffered events
     */
    EventStreamWriter(int maxEvents, int maxBytes, HostMetrics metrics, SubscriberMemory subscriberMemory) {
        this.maxEvents = maxEvents;
        this.maxBytes = maxBytes;
        this.metrics = metrics;
        this.subscriberMemory = subscriberMemory;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    /**
     * Opens the connection's stream; event loop only. Events may be written from now on; they
     * wait until the returned head, handed to the {@link PipelineWindow}, goes by.
     *
     * @return the stream's head, to answer the request with
     */
    HttpResponse open() {
        opened = true;
        subscriberMemory.streamOpened(); // closed in channelInactive
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8")
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE)
                .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        return head;
    }

    @Override
    public void write(ChannelHandlerContext context, Object msg, ChannelPromise promise) {
        context.write(msg, promise);
        if (msg instanceof HttpResponse && !(msg instanceof FullHttpResponse)) {
            started = true; // the stream's head: what waited for it follows it
            flushBuffer();
        }
    }

    /**
     * Writes event-stream text after the stream's head, or buffers it (bounded) while the channel
     * is not writable. Never throws and never fails the caller (a service's write notifying its
     * subscribers): a subscriber that cannot take the event (its own limits, the host's budget
     * for all subscribers, or an allocation that fails for want of memory) is dropped with an
     * {@code overflow} event instead.
     *
     * @param text the event
     * @param id the event's id, or -1
     */
    void write(String text, long id) {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(() -> write(text, id));
            return;
        }
        if (!ctx.channel().isActive() || overflowed || ending) {
            return; // nothing may follow the stream's last chunk
        }
        int size = ByteBufUtil.utf8Bytes(text);
        // straight to the channel when it takes it now; else the event waits in the buffer, and
        // its bytes count against this subscriber's limits and the host-wide budget
        boolean direct = started && (buffer == null || buffer.isEmpty()) && ctx.channel().isWritable();
        if (!direct && !subscriberMemory.reserve(bufferBytes, size)) {
            overflow("the host's memory for events its subscribers have not read is spent (this subscriber held "
                    + bufferBytes + " bytes)");
            return;
        }
        ByteBuf buf;
        try {
            buf = ctx.alloc().buffer(size);
            buf.writeCharSequence(text, StandardCharsets.UTF_8);
        } catch (OutOfMemoryError e) {
            if (!direct) {
                subscriberMemory.release(size);
            }
            overflow("the host had no memory left for this subscriber's next event");
            return;
        }
        if (direct) {
            if (id >= 0) {
                lastStreamedId = id;
            }
            ctx.writeAndFlush(new DefaultHttpContent(buf), ctx.voidPromise());
            return;
        }
        if (buffer == null) {
            buffer = new ArrayDeque<>();
        }
        buffer.addLast(new Chunk(buf, id, size));
        bufferBytes += size;
        metrics.sseBuffered(size);
        if (buffer.size() > maxEvents || bufferBytes > maxBytes) {
            overflow("this subscriber did not read its events fast enough");
            return;
        }
        flushBuffer();
    }

    /**
     * Drops this subscriber with an {@code overflow} event (any thread): the notification fan-out
     * could not even make its event text, for want of memory.
     */
    void overflow() {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(this::overflow);
            return;
        }
        if (ctx.channel().isActive() && !overflowed) {
            overflow("the host had no memory left for this subscriber's next event");
        }
    }

    /** Ends the stream after the events already written, and closes the connection; any thread. */
    void close() {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(this::close);
            return;
        }
        if (ctx.channel().isActive() && !overflowed && !ending) {
            flushBuffer();
            endStream();
        }
    }

    /** @return the connection's channel (its close future tells the stream's end) */
    io.netty.channel.Channel channel() {
        return ctx.channel();
    }

    /** Hands buffered events to the channel while it is writable. */
    private void flushBuffer() {
        if (!started || buffer == null || overflowed) {
            return;
        }
        boolean wrote = false;
        while (!buffer.isEmpty() && ctx.channel().isWritable()) {
            Chunk c = buffer.pollFirst();
            int size = c.size();
            bufferBytes -= size;
            metrics.sseBuffered(-size);
            subscriberMemory.release(size); // the channel's own buffer is bounded by its water mark
            if (c.id() >= 0) {
                lastStreamedId = c.id();
            }
            ctx.write(new DefaultHttpContent(c.buf()), ctx.voidPromise());
            wrote = true;
        }
        if (wrote) {
            ctx.flush();
        }
    }

    /**
     * The subscriber does not keep up, or cannot be given memory: drop what it has not been sent,
     * tell it where to resume, end the stream. The final event has no {@code id} so that the
     * client's Last-Event-ID stays at the last event it really received.
     *
     * @param why the reason the overflow event gives
     */
    private void overflow(String why) {
        overflowed = true;
        metrics.sseOverflow();
        long resumeAfter = lastStreamedId;
        int events = buffer == null ? 0 : buffer.size();
        LOG.log(Level.INFO, () -> "event-stream subscriber on " + ctx.channel() + " dropped: " + why + "; " + events
                + " events buffered (limits " + maxEvents + " events, " + maxBytes + " bytes, "
                + subscriberMemory.budget() + " bytes for all subscribers)");
        releaseBuffer();
        if (!started) {
            ctx.close();
            return;
        }
        try {
            String data = Json.toString(Json.object()
                    .put("reason", why + "; events after lastEventId were not sent")
                    .put("lastEventId", resumeAfter));
            // on the heap: the direct memory may be what ran out
            ByteBuf buf = Unpooled.wrappedBuffer(("event: overflow\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
            ctx.write(new DefaultHttpContent(buf));
            endStream();
        } catch (RuntimeException | OutOfMemoryError e) {
            ctx.close(); // not even the final event: the connection ends without it
        }
    }

    /**
     * Ends the stream: its last chunk goes after what the channel holds, and the connection
     * closes once that is written. A client that stops reading never lets the write complete; it
     * is cut when it has taken none of the bytes left for an idle period ({@link #stalled}), not a
     * fixed time after the end: a subscriber that reads slowly, or pauses (a collection, a loaded
     * machine), still receives its final {@code overflow} event, however long its backlog in the
     * socket takes. Meanwhile the connection holds no more than the channel's outbound buffer
     * (bounded by its write-buffer water mark plus the final event: the stream's own buffer was
     * released), as any connection whose client stopped reading its answers does.
     */
    private void endStream() {
        ending = true;
        ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE);
        endingPendingBytes = pendingWriteBytes();
    }

    /**
     * Called at each idle event of an ending stream (an idle period without a flush or a read).
     *
     * @return whether the client took none of the bytes the channel had to write since the last
     *     check; if it took some, they are the new mark
     */
    private boolean stalled() {
        long pending = pendingWriteBytes();
        if (pending > 0 && pending < endingPendingBytes) {
            endingPendingBytes = pending;
            return false;
        }
        return true;
    }

    /** {@return the bytes the channel has been given and has not written to the socket yet (0 once closed)} */
    private long pendingWriteBytes() {
        ChannelOutboundBuffer out = ctx.channel().unsafe().outboundBuffer();
        return out == null ? 0 : out.totalPendingWriteBytes();
    }

    private void releaseBuffer() {
        if (buffer != null) {
            for (Chunk c : buffer) {
                int size = c.size();
                metrics.sseBuffered(-size);
                subscriberMemory.release(size);
                c.buf().release();
            }
            buffer.clear();
            bufferBytes = 0;
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent && (ending || opened)) {
            if (ending) {
                if (stalled()) {
                    context.close();
                }
            } else {
                write(": keep-alive\n\n", -1);
            }
            return; // a stream's idle period: not the window's (its requests are all answered)
        }
        super.userEventTriggered(context, evt);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) throws Exception {
        if (context.channel().isWritable()) {
            flushBuffer();
        }
        super.channelWritabilityChanged(context); // then the window, which may read again
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) throws Exception {
        releaseBuffer();
        if (opened) {
            subscriberMemory.streamClosed();
        }
        super.channelInactive(context);
    }
}
