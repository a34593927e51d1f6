package io.ccrj.dss.internal.http.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@link PipelineWindow} alone in an {@link EmbeddedChannel}, with a recorder in place of the
 * connection's intake: answers given out of order leave in request order, a modification is let
 * through alone, and reading stops while the window is full, or while the client reads none of
 * the answers written, and resumes when it is not.
 */
@Timeout(30)
class PipelineWindowTest {
    /** Stands for the intake: keeps what the window lets through. */
    static final class Recorder extends ChannelInboundHandlerAdapter {
        final List<PipelineWindow.Request> let = new ArrayList<>();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            let.add((PipelineWindow.Request) msg);
        }
    }

    /** A router that says GETs ending in /notifications may open event streams (the host's table says so too). */
    private static final HttpRouter STREAMS = new HttpRouter() {
        @Override
        public void route(HttpExchange exchange) {
            throw new AssertionError("not routed here");
        }

        @Override
        public boolean mayOpenEventStream(HttpMethod method, String uri) {
            int q = uri.indexOf('?');
            String path = q < 0 ? uri : uri.substring(0, q);
            return method.equals(HttpMethod.GET) && (path.endsWith("/notifications") || path.endsWith("/notifications/"));
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
    };

    private final Recorder recorder = new Recorder();
    private final HostMetrics metrics = new HostMetrics();
    private EmbeddedChannel ch;
    private PipelineWindow window;

    private void open(int windowSize) {
        window = new PipelineWindow(windowSize, 1 << 20, metrics, STREAMS);
        ch = new EmbeddedChannel(window, recorder);
    }

    @AfterEach
    void close() {
        for (PipelineWindow.Request r : recorder.let) {
            if (r.request() != null && r.request().refCnt() > 0) {
                r.request().release();
            }
        }
        ch.finishAndReleaseAll();
    }

    private void send(HttpMethod method, String uri) {
        ch.writeInbound(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, uri, Unpooled.EMPTY_BUFFER));
    }

    private static FullHttpResponse answer(String text) {
        return new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.copiedBuffer(text, StandardCharsets.UTF_8));
    }

    /** @return the bodies of the answers written so far, in the order they were written */
    private List<String> written() {
        List<String> out = new ArrayList<>();
        for (Object o; (o = ch.readOutbound()) != null; ) {
            FullHttpResponse r = (FullHttpResponse) o;
            out.add(r.content().toString(StandardCharsets.UTF_8));
            r.release();
        }
        return out;
    }

    private long sequence(int i) {
        return recorder.let.get(i).sequence();
    }

    @Test
    void answersCompletingOutOfOrderAreWrittenInRequestOrder() {
        open(64);
        send(HttpMethod.GET, "/a");
        send(HttpMethod.GET, "/b");
        send(HttpMethod.GET, "/c");
        assertThat(recorder.let).hasSize(3); // reads go through together

        window.answer(sequence(2), answer("c"), false);
        assertThat(written()).isEmpty(); // parked until /a and /b are answered
        window.answer(sequence(1), answer("b"), false);
        assertThat(written()).isEmpty();
        window.answer(sequence(0), answer("a"), false);
        assertThat(written()).containsExactly("a", "b", "c");
    }

    @Test
    void aRequestThatMayOpenAnEventStreamIsLetThroughAloneAndEndsTheAnswers() {
        open(64);
        send(HttpMethod.GET, "/a");
        send(HttpMethod.GET, "/services/ping/notifications?lastEventId=3");
        send(HttpMethod.GET, "/services/ping/notifications");
        send(HttpMethod.GET, "/c");
        assertThat(recorder.let).hasSize(1); // the stream request waits for /a's answer
        window.answer(sequence(0), answer("a"), false);
        assertThat(written()).containsExactly("a");
        assertThat(recorder.let).hasSize(2); // now the first stream request, alone
        assertThat(recorder.let.get(1).request().uri()).startsWith("/services/ping/notifications");

        io.netty.handler.codec.http.HttpResponse head = new io.netty.handler.codec.http.DefaultHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        window.answerWithStream(sequence(1), head);
        assertThat((Object) ch.readOutbound()).isSameAs(head);
        assertThat(recorder.let).hasSize(2); // the second stream and /c are never let through
        send(HttpMethod.GET, "/d");
        assertThat(recorder.let).hasSize(2);
        assertThat((Object) ch.readOutbound()).isNull();
    }

    @Test
    void aStreamRequestAnsweredWithAnErrorLetsTheNextOnesThrough() {
        open(64);
        send(HttpMethod.GET, "/services/nosuch/notifications/");
        send(HttpMethod.GET, "/b");
        assertThat(recorder.let).hasSize(1);
        window.answer(sequence(0), answer("404"), false);
        assertThat(recorder.let).hasSize(2);
        window.answer(sequence(1), answer("b"), false);
        assertThat(written()).containsExactly("404", "b");
    }

    @Test
    void aModificationIsLetThroughAloneOnceEverythingBeforeItIsAnswered() {
        open(64);
        send(HttpMethod.GET, "/a");
        send(HttpMethod.PUT, "/b");
        send(HttpMethod.GET, "/c");
        assertThat(recorder.let).hasSize(1);

        window.answer(sequence(0), answer("a"), false);
        assertThat(recorder.let).hasSize(2);
        assertThat(recorder.let.get(1).request().method()).isEqualTo(HttpMethod.PUT);
        window.answer(sequence(1), answer("b"), false);
        assertThat(recorder.let).hasSize(3);
        window.answer(sequence(2), answer("c"), false);
        assertThat(written()).containsExactly("a", "b", "c");
    }

    @Test
    void aFullWindowStopsReadingUntilAnAnswerGoesOut() {
        open(2);
        send(HttpMethod.GET, "/a");
        assertThat(ch.config().isAutoRead()).isTrue();
        send(HttpMethod.GET, "/b");
        assertThat(ch.config().isAutoRead()).isFalse();
        assertThat(window.isReadingPaused()).isTrue();

        window.answer(sequence(1), answer("b"), false);
        assertThat(ch.config().isAutoRead()).isTrue(); // one request in the window now
        assertThat(window.isReadingPaused()).isFalse();
        assertThat(written()).isEmpty();
        window.answer(sequence(0), answer("a"), false);
        assertThat(written()).containsExactly("a", "b");
    }

    @Test
    void answersTheClientDoesNotReadStopReadingUntilTheyDrain() {
        EventStreamWriterTest.Hold hold = new EventStreamWriterTest.Hold();
        window = new PipelineWindow(64, 1 << 20, metrics, STREAMS);
        ch = new EmbeddedChannel(hold, window, recorder);
        ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(64, 128));
        hold.holding = true; // the client reads none of the answers
        send(HttpMethod.GET, "/a");
        window.answer(sequence(0), answer("a".repeat(1000)), false);
        assertThat(ch.isWritable()).isFalse();
        assertThat(ch.config().isAutoRead()).isFalse();

        hold.holding = false; // it reads them: the channel drains and becomes writable
        ch.flush();
        ch.runPendingTasks();
        assertThat(ch.isWritable()).isTrue();
        assertThat(ch.config().isAutoRead()).isTrue();
        assertThat(written()).containsExactly("a".repeat(1000));
    }

    @Test
    void anAnswerThatClosesDropsTheParkedOnesAndTheWaiting() {
        open(64);
        send(HttpMethod.GET, "/a");
        send(HttpMethod.GET, "/b");
        send(HttpMethod.PUT, "/c"); // waits for /a and /b
        FullHttpResponse parked = answer("b");
        window.answer(sequence(1), parked, false);
        window.answer(sequence(0), answer("a"), true);
        assertThat(written()).containsExactly("a");
        assertThat(parked.refCnt()).isZero();
        assertThat(recorder.let).hasSize(2); // the PUT is never let through
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void anIdleConnectionWithNothingToComputeIsClosedOneComputingIsNot() {
        open(64);
        send(HttpMethod.GET, "/a");
        ch.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
        assertThat(ch.isOpen()).isTrue(); // its answer is being made

        window.answer(sequence(0), answer("a"), false);
        assertThat(written()).containsExactly("a");
        ch.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
        assertThat(ch.isOpen()).isFalse();
    }
}
