package io.ccrj.dss.internal.http.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@link EventStreamWriter} alone in an {@link EmbeddedChannel}: events wait for the stream's
 * head, a subscriber that does not read overflows into its final {@code overflow} event and the
 * stream's end, and nothing follows a stream's last chunk.
 */
@Timeout(30)
class EventStreamWriterTest {
    /** Next to the socket: while holding, flushes do not reach it (a client that does not read). */
    static final class Hold extends ChannelOutboundHandlerAdapter {
        boolean holding;

        @Override
        public void flush(ChannelHandlerContext ctx) {
            if (!holding) {
                ctx.flush();
            }
        }
    }

    /** After the writer: the user events it passes on; stands for the rest of the connection. */
    static final class Passed extends ChannelInboundHandlerAdapter {
        final List<Object> events = new ArrayList<>();

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            events.add(evt);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close(); // as the connection's intake does: a write that failed on a closed channel
        }
    }

    private final HostMetrics metrics = new HostMetrics();
    private final SubscriberMemory memory = new SubscriberMemory(1 << 20);
    private final Hold hold = new Hold();
    private final Passed passed = new Passed();
    private EventStreamWriter writer;
    private EmbeddedChannel ch;

    private void open(int maxEvents) {
        writer = new EventStreamWriter(maxEvents, 1 << 20, metrics, memory);
        ch = new EmbeddedChannel(hold, writer, passed);
        // a small outbound buffer: two unread events make the channel unwritable
        ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(64, 128));
    }

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    /** Opens the stream and writes its head as the window would, from the pipeline's far end. */
    private void start() {
        ch.writeOutbound(writer.open());
    }

    private static String event(long id) {
        return "id: " + id + "\ndata: " + "x".repeat(80) + "\n\n";
    }

    /** @return what was written so far: "HEAD", each chunk's text, "END" for the last chunk */
    private List<String> written() {
        List<String> out = new ArrayList<>();
        for (Object o; (o = ch.readOutbound()) != null; ) {
            if (o instanceof HttpResponse) {
                out.add("HEAD");
            } else if (o == LastHttpContent.EMPTY_LAST_CONTENT) {
                out.add("END");
            } else {
                out.add(((HttpContent) o).content().toString(StandardCharsets.UTF_8));
            }
            ReferenceCountUtil.release(o);
        }
        return out;
    }

    @Test
    void eventsWrittenBeforeTheHeadFollowIt() {
        open(16);
        HttpResponse head = writer.open();
        writer.write(event(1), 1);
        writer.write(event(2), 2);
        assertThat(written()).isEmpty();
        assertThat(memory.held()).isPositive(); // buffered, counted against the host's budget

        ch.writeOutbound(head); // its turn came: the window writes it
        assertThat(written()).containsExactly("HEAD", event(1), event(2));
        assertThat(memory.held()).isZero();
    }

    @Test
    void aSubscriberThatOverflowsGetsItsOverflowEventThenTheClose() {
        open(3);
        start();
        assertThat(written()).containsExactly("HEAD");
        hold.holding = true; // the client stops reading
        for (long id = 1; id <= 10; id++) {
            writer.write(event(id), id);
        }
        assertThat(metrics.sseOverflows()).isEqualTo(1);
        assertThat(ch.isOpen()).isTrue(); // its last bytes are still to be written

        hold.holding = false; // the client reads again: it gets what was handed to the channel
        ch.flush();
        List<String> out = written();
        // the events written before it fell behind (as many as the channel took), in order, then
        // the overflow event naming the last of them (with no id of its own), then the end
        int sent = out.size() - 2;
        assertThat(sent).isPositive();
        for (int i = 0; i < sent; i++) {
            assertThat(out.get(i)).isEqualTo(event(i + 1));
        }
        assertThat(out.get(sent)).startsWith("event: overflow\ndata: ").contains("\"lastEventId\":" + sent)
                .doesNotContain("id: ");
        assertThat(out.get(sent + 1)).isEqualTo("END");
        assertThat(ch.isOpen()).isFalse();
        assertThat(memory.held()).isZero();
    }

    @Test
    void nothingFollowsAStreamsLastChunk() {
        open(16);
        start();
        writer.write(event(1), 1);
        writer.close();
        writer.write(event(2), 2);
        writer.close();
        writer.overflow();
        assertThat(written()).containsExactly("HEAD", event(1), "END");
        assertThat(ch.isOpen()).isFalse();
        assertThat(metrics.sseOverflows()).isZero();
    }

    @Test
    void anOpenStreamsIdlePeriodsAreKeepAlivesOthersPassOn() {
        open(16);
        ch.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
        assertThat(passed.events).containsExactly(IdleStateEvent.ALL_IDLE_STATE_EVENT); // no stream: the window's

        start();
        ch.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
        assertThat(written()).containsExactly("HEAD", ": keep-alive\n\n");
        assertThat(passed.events).hasSize(1);
    }

    @Test
    void anEndedStreamWhoseClientTakesNothingIsCutAtTheNextIdlePeriod() {
        open(16);
        start();
        written();
        hold.holding = true;
        writer.write(event(1), 1);
        writer.close();
        ch.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
        assertThat(ch.isOpen()).isFalse();
    }
}
