package io.ccrj.bench.dss.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Closed-loop HTTP/1.1 load, like {@code wrk}: {@code connections} keep-alive connections, each
 * keeping {@code pipelineDepth} copies of one request in flight (a response sends the next
 * request), over {@code ioThreads} Netty event loops. Counts responses and records every
 * response's latency (HdrHistogram, ns) within the measured window; the warm-up and the drain after
 * the window are not counted. Requests go out as pre-encoded bytes; responses are parsed by
 * Netty's {@link HttpResponseDecoder} and their bodies dropped unread.
 *
 * <p>Errors do not stop a run: a connection that fails or is closed by the server stops and is
 * reported in {@link LoadResult#errors()} with its number and the cause; failing to open a
 * connection at the start fails the run with a {@link ConnectException} naming the address.
 *
 * <pre>{@code
 * LoadResult r = HttpLoadGenerator.run(LoadSettings.of(HttpRequestSpec.get(baseUrl + "/services/ping"))
 *         .withConnections(32).withTimes(Duration.ofSeconds(2), Duration.ofSeconds(10)));
 * System.out.println(r.summary());
 * }</pre>
 *
 * <p><b>Threading:</b> {@link #run} blocks the calling thread for warm-up + duration; each
 * connection's state is confined to its event loop and read by the caller through a task on that
 * loop (which orders it after the loop's writes).
 */
public final class HttpLoadGenerator {
    private static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(5);

    private HttpLoadGenerator() {
    }

    /**
     * Runs the load described by {@code settings} and returns what it measured.
     *
     * @throws ConnectException when a connection cannot be opened (before any load)
     */
    public static LoadResult run(LoadSettings settings) throws IOException, InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(settings.ioThreads(), settings.transport().ioHandlerFactory());
        List<Connection> connections = new ArrayList<>(settings.connections());
        AtomicReference<Phase> phase = new AtomicReference<>(Phase.WARMUP);
        try {
            Bootstrap bootstrap = new Bootstrap()
                    .group(group)
                    .channel(settings.transport().socketChannelType)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 10_000);
            ByteBuf request = settings.request().encoded();
            for (int i = 0; i < settings.connections(); i++) {
                Connection c = new Connection(i, request, settings.pipelineDepth(), phase);
                connections.add(c);
                ChannelFuture f = bootstrap.clone().handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpResponseDecoder(), c);
                    }
                }).connect(settings.request().address()).await();
                if (!f.isSuccess()) {
                    ConnectException e = new ConnectException("connection " + i + " of " + settings.connections() + " to "
                            + settings.request().host() + ":" + settings.request().port() + " failed: " + f.cause());
                    e.initCause(f.cause());
                    throw e;
                }
            }
            for (Connection c : connections) {
                c.channel.eventLoop().execute(c::start);
            }
            TimeUnit.NANOSECONDS.sleep(settings.warmup().toNanos());
            long start = System.nanoTime();
            phase.set(Phase.MEASURE);
            TimeUnit.NANOSECONDS.sleep(settings.duration().toNanos());
            long end = System.nanoTime();
            phase.set(Phase.STOP);
            return collect(settings, connections, end - start);
        } finally {
            for (Connection c : connections) {
                if (c.channel != null) {
                    c.channel.eventLoop().execute(c::closeByGenerator);
                }
            }
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).await();
        }
    }

    private static LoadResult collect(LoadSettings settings, List<Connection> connections, long measuredNanos)
            throws InterruptedException, IOException {
        long drainDeadline = System.nanoTime() + DRAIN_NANOS;
        Histogram latency = LoadResult.newHistogram();
        long responses = 0;
        long non2xx = 0;
        long total = 0;
        List<String> errors = new ArrayList<>();
        for (Connection c : connections) {
            Connection.Snapshot s;
            try {
                do {
                    s = c.channel.eventLoop().submit(c::snapshot).get();
                    if (s.inFlight() > 0 && s.error() == null) {
                        Thread.sleep(1);
                    }
                } while (s.inFlight() > 0 && s.error() == null && System.nanoTime() - drainDeadline < 0);
            } catch (ExecutionException e) {
                throw new IOException("cannot read connection " + c.id + "'s counts", e.getCause());
            }
            latency.add(s.latency());
            responses += s.responses();
            non2xx += s.non2xx();
            total += s.total();
            if (s.error() != null) {
                errors.add(s.error());
            } else if (s.inFlight() > 0) {
                errors.add("connection " + c.id + ": " + s.inFlight() + " request(s) unanswered "
                        + TimeUnit.NANOSECONDS.toMillis(DRAIN_NANOS) + " ms after the run");
            }
        }
        return new LoadResult(settings, responses, non2xx, total, measuredNanos, latency, errors);
    }

    /** The run's phase, written by the caller of {@link #run} (in an AtomicReference), read by every event loop. */
    private enum Phase { WARMUP, MEASURE, STOP }

    /**
     * One connection's closed loop; every field is confined to the connection's event loop. The
     * send times of the requests in flight sit in a ring of {@code depth} slots, oldest at
     * {@code head}: HTTP/1.1 answers in request order.
     */
    private static final class Connection extends ChannelInboundHandlerAdapter {
        record Snapshot(long responses, long non2xx, long total, int inFlight, Histogram latency, String error) {
        }

        final int id;
        private final ByteBuf request;
        private final long[] sentAt;
        private final AtomicReference<Phase> phase;
        private final Histogram latency = LoadResult.newHistogram();
        volatile Channel channel;
        private ChannelHandlerContext ctx;
        private int head;
        private int inFlight;
        private int status;
        private long responses;
        private long non2xx;
        private long total;
        private String error;
        private boolean closing;

        Connection(int id, ByteBuf request, int depth, AtomicReference<Phase> phase) {
            this.id = id;
            this.request = request;
            this.sentAt = new long[depth];
            this.phase = phase;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext context) {
            ctx = context;
            channel = context.channel();
        }

        void start() {
            for (int i = 0; i < sentAt.length; i++) {
                send();
            }
            ctx.flush();
        }

        private void send() {
            if (phase.get() == Phase.STOP || closing || error != null) {
                return;
            }
            sentAt[(head + inFlight) % sentAt.length] = System.nanoTime();
            inFlight++;
            ctx.write(request.duplicate(), ctx.voidPromise());
        }

        @Override
        public void channelRead(ChannelHandlerContext context, Object msg) {
            try {
                if (msg instanceof HttpResponse r) {
                    if (r.decoderResult().isFailure()) {
                        fail("bad response: " + r.decoderResult().cause());
                        return;
                    }
                    status = r.status().code();
                }
                if (msg instanceof LastHttpContent last) {
                    if (last.decoderResult().isFailure()) {
                        fail("bad response: " + last.decoderResult().cause());
                        return;
                    }
                    complete();
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        private void complete() {
            long now = System.nanoTime();
            long sent = sentAt[head];
            head = (head + 1) % sentAt.length;
            inFlight--;
            total++;
            if (phase.get() == Phase.MEASURE) {
                responses++;
                if (status < 200 || status > 299) {
                    non2xx++;
                }
                latency.recordValue(Math.min(now - sent, LoadResult.MAX_TRACKED_NANOS));
            }
            send();
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext context) {
            context.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
            fail(String.valueOf(cause));
        }

        @Override
        public void channelInactive(ChannelHandlerContext context) {
            if (!closing && error == null) {
                error = "connection " + id + ": closed by the server after " + total + " response(s), " + inFlight
                        + " request(s) unanswered";
            }
        }

        private void fail(String why) {
            if (error == null) {
                error = "connection " + id + ": " + why + " (after " + total + " response(s))";
            }
            ctx.close();
        }

        void closeByGenerator() {
            closing = true;
            ctx.close();
        }

        Snapshot snapshot() {
            return new Snapshot(responses, non2xx, total, inFlight, latency, error);
        }
    }
}
