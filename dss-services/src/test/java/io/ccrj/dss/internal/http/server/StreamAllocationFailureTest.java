package io.ccrj.dss.internal.http.server;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * An event stream whose allocator fails (as direct memory does when it runs out): the event's
 * writer, a service's commit notifying its subscribers, never sees the failure; the subscriber is
 * dropped with an {@code overflow} event naming the last event it was sent, and the host's budget
 * gets back every byte it gave.
 */
@Timeout(30)
class StreamAllocationFailureTest {
    /** Direct buffers of 1 KiB or more fail while {@link #failing}, as a capped direct memory does. */
    static final class FailingAllocator extends AbstractByteBufAllocator {
        boolean failing;

        FailingAllocator() {
            super(true);
        }

        @Override
        protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
            return UnpooledByteBufAllocator.DEFAULT.heapBuffer(initialCapacity, maxCapacity);
        }

        @Override
        protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
            if (failing && initialCapacity >= 1024) {
                throw new OutOfMemoryError("Cannot reserve " + initialCapacity + " bytes of direct buffer memory");
            }
            return UnpooledByteBufAllocator.DEFAULT.directBuffer(initialCapacity, maxCapacity);
        }

        @Override
        public boolean isDirectBufferPooled() {
            return false;
        }
    }

    /** Starts an event stream for every request. */
    static final class StreamRouter implements HttpRouter {
        SseStream stream;

        @Override
        public void route(HttpExchange ex) {
            stream = ex.startStream();
        }

        @Override
        public boolean isClosing() {
            return false;
        }

        @Override
        public void opened() {
        }

        @Override
        public void record(int status, long nanos) {
        }
    }

    /** Next to the socket: while holding, flushes do not reach it (a client that does not read). */
    static final class Hold extends io.netty.channel.ChannelOutboundHandlerAdapter {
        boolean holding;

        @Override
        public void flush(io.netty.channel.ChannelHandlerContext ctx) {
            if (!holding) {
                ctx.flush();
            }
        }
    }

    private static String drain(EmbeddedChannel ch) {
        StringBuilder sb = new StringBuilder();
        for (Object o; (o = ch.readOutbound()) != null; ) {
            ByteBuf b = (ByteBuf) o;
            sb.append(b.toString(StandardCharsets.UTF_8));
            b.release();
        }
        return sb.toString();
    }

    @Test
    void anEventThatCannotBeAllocatedDropsItsSubscriberNotItsWriter() {
        StreamRouter router = new StreamRouter();
        HostMetrics metrics = new HostMetrics();
        SubscriberMemory memory = new SubscriberMemory(1 << 20);
        FailingAllocator alloc = new FailingAllocator();
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.config().setAllocator(alloc);
        HttpServer.configure(ch.pipeline(), new HttpServer.Limits(1024, 60_000), router, metrics, memory);
        ch.writeInbound(Unpooled.copiedBuffer("GET /s HTTP/1.1\r\nHost: h\r\n\r\n", StandardCharsets.US_ASCII));
        assertThat(drain(ch)).startsWith("HTTP/1.1 200").contains("text/event-stream");
        String big = "z".repeat(2048);
        router.stream.event(1, "upsert", big);
        assertThat(drain(ch)).contains("id: 1\n");

        alloc.failing = true;
        assertThatCode(() -> router.stream.event(2, "upsert", big)).doesNotThrowAnyException();
        String out = drain(ch);
        assertThat(out).contains("event: overflow\n").contains("\"lastEventId\":1").doesNotContain("id: 2\n");
        assertThat(metrics.sseOverflows()).isEqualTo(1);
        assertThatCode(() -> router.stream.event(3, "upsert", big)).doesNotThrowAnyException();
        assertThat(drain(ch)).doesNotContain("id: 3\n");
        assertThat(memory.held()).isZero();
        ch.finishAndReleaseAll();
    }

    @Test
    void eventsBufferedForASubscriberThatDoesNotReadAreBoundedByTheHostsBudget() {
        StreamRouter router = new StreamRouter();
        HostMetrics metrics = new HostMetrics();
        SubscriberMemory memory = new SubscriberMemory(64 * 1024);
        Hold hold = new Hold();
        EmbeddedChannel ch = new EmbeddedChannel(hold);
        // per-subscriber limits far above the host's budget: only the budget stops it
        HttpServer.configure(ch.pipeline(), new HttpServer.Limits(1024, 60_000, 10_000, 64, Integer.MAX_VALUE, 100, 100,
                1_000_000, 1 << 30, null), router, metrics, memory);
        ch.writeInbound(Unpooled.copiedBuffer("GET /s HTTP/1.1\r\nHost: h\r\n\r\n", StandardCharsets.US_ASCII));
        assertThat(drain(ch)).startsWith("HTTP/1.1 200");
        hold.holding = true; // the client stops reading: what is written stays in the channel, which fills
        String big = "w".repeat(10_000);
        for (int i = 1; i <= 40; i++) {
            router.stream.event(i, "upsert", big);
        }
        assertThat(ch.isWritable()).isFalse();
        assertThat(metrics.sseOverflows()).isEqualTo(1);
        assertThat(memory.held()).as("the dropped subscriber's bytes are given back").isZero();
        hold.holding = false;
        ch.flush();
        String out = drain(ch);
        java.util.regex.Matcher ids = java.util.regex.Pattern.compile("id: (\\d+)\n").matcher(out);
        long last = -1;
        while (ids.find()) {
            last = Long.parseLong(ids.group(1));
        }
        assertThat(last).as("some events went out before the channel filled").isPositive().isLessThan(40);
        assertThat(out).contains("event: overflow\n").contains("memory for events").contains("\"lastEventId\":" + last);
        assertThat(out.indexOf("event: overflow")).isGreaterThan(out.lastIndexOf("id: " + last));
        ch.finishAndReleaseAll();
    }
}
