package io.ccrj.dss.internal.http.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The host's connection timer: passes a write's void promise on as it came, unlike Netty's idle
 * handler; fires the idle event only after the idle timeout without traffic; and, with the same
 * one timer, the head timeout for a head that does not complete in time, never for one that does.
 */
class ConnectionTimerTest {

    /** Next to the socket: records the promise each write arrives with. */
    private static final class PromiseSpy extends ChannelOutboundHandlerAdapter {
        final List<ChannelPromise> seen = new ArrayList<>();

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            seen.add(promise);
            ctx.write(msg, promise);
        }
    }

    @Test
    void aVoidPromiseStaysVoidWhereIdleStateHandlerMakesARealOne() {
        PromiseSpy ours = new PromiseSpy();
        EmbeddedChannel a = new EmbeddedChannel(ours, new ConnectionTimer(60_000, 0));
        a.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {1}), a.voidPromise());
        assertThat(ours.seen).hasSize(1);
        assertThat(ours.seen.get(0).isVoid()).as("the promise after ConnectionTimer").isTrue();

        PromiseSpy netty = new PromiseSpy();
        EmbeddedChannel b = new EmbeddedChannel(netty, new IdleStateHandler(0, 0, 60, TimeUnit.SECONDS));
        b.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {1}), b.voidPromise());
        assertThat(netty.seen).hasSize(1);
        assertThat(netty.seen.get(0).isVoid()).as("the promise after Netty's IdleStateHandler").isFalse();
        a.finishAndReleaseAll();
        b.finishAndReleaseAll();
    }

    @Test
    void aHeadThatTricklesPastItsDeadlineTimesOutAndCompleteOnesNeverDo() throws Exception {
        List<Object> events = new ArrayList<>();
        ConnectionTimer timer = new ConnectionTimer(60_000, 300);
        EmbeddedChannel ch = new EmbeddedChannel(timer, new io.netty.handler.codec.http.HttpServerCodec(),
                timer.afterCodec(), new io.netty.channel.ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        io.netty.util.ReferenceCountUtil.release(msg);
                    }

                    @Override
                    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                        events.add(evt);
                    }
                });
        // whole requests, one every 10 ms for longer than the deadline: never a head timeout
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(700);
        while (System.nanoTime() - end < 0) {
            ch.writeInbound(Unpooled.copiedBuffer("GET / HTTP/1.1\r\nHost: h\r\n\r\n", java.nio.charset.StandardCharsets.US_ASCII));
            ch.runScheduledPendingTasks();
            Thread.sleep(10);
        }
        assertThat(events).isEmpty();
        // a head that trickles in, a byte every 10 ms: its time runs from its first byte
        long start = System.nanoTime();
        String head = "GET / HTTP/1.1\r\nHost: h\r\nX-Slow: " + "a".repeat(1000);
        for (int i = 0; i < head.length() && events.isEmpty(); i++) {
            ch.writeInbound(Unpooled.copiedBuffer(head.substring(i, i + 1), java.nio.charset.StandardCharsets.US_ASCII));
            ch.runScheduledPendingTasks();
            Thread.sleep(10);
        }
        long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(events).containsExactly(HttpConnectionHandler.HEAD_TIMEOUT);
        assertThat(elapsedMillis).as("ms from the head's first byte to its timeout").isGreaterThanOrEqualTo(300);
        ch.finishAndReleaseAll();
    }

    @Test
    void anIdleConnectionGetsTheAllIdleEventAndAnActiveOneDoesNot() throws Exception {
        List<Object> events = new ArrayList<>();
        EmbeddedChannel ch = new EmbeddedChannel(new ConnectionTimer(300, 0), new io.netty.channel.ChannelInboundHandlerAdapter() {
            @Override
            public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                events.add(evt);
            }
        });
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(600);
        while (System.nanoTime() - end < 0) { // traffic every 10 ms: never idle for 300 ms (a check runs right after each read)
            ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {1}));
            ch.runPendingTasks();
            ch.runScheduledPendingTasks();
            Thread.sleep(10);
        }
        assertThat(events).isEmpty();
        end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (events.isEmpty() && System.nanoTime() - end < 0) {
            Thread.sleep(10);
            ch.runScheduledPendingTasks();
        }
        assertThat(events).containsExactly(IdleStateEvent.ALL_IDLE_STATE_EVENT);
        ch.finishAndReleaseAll();
    }
}
