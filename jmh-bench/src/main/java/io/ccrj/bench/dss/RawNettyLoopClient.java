package io.ccrj.bench.dss;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpVersion;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A raw Netty HTTP/1.1 client whose requests are sent from its own event loop, the way a Netty
 * application calls another server from a handler: a chain of Gets, each sent from the loop when
 * the one before is answered, or a burst sent at once with one flush. The like-for-like baseline
 * of a DSS service calling a remote partner from its host's event loop: neither side has a thread
 * that sleeps between a request and its answer other than the event loops themselves.
 *
 * <p>Threading: every field except the group and the channel is touched on the channel's event
 * loop only; {@link #chain} and {@link #burst} hand their work to it and return a future the
 * caller waits on.
 */
final class RawNettyLoopClient implements AutoCloseable {
    private final EventLoopGroup group;
    private final Channel channel;
    private final FullHttpRequest get;
    // event loop only
    private int left;
    private boolean chaining;
    private CompletableFuture<Integer> done;

    RawNettyLoopClient(String url) throws InterruptedException {
        URI uri = URI.create(url);
        NettyTransport transport = NettyTransport.best();
        group = new MultiThreadIoEventLoopGroup(1, transport.ioHandlerFactory());
        get = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, uri.getRawPath(), Unpooled.EMPTY_BUFFER);
        get.headers().set(HttpHeaderNames.HOST, uri.getHost() + ":" + uri.getPort())
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE)
                .set(HttpHeaderNames.CONTENT_LENGTH, 0);
        channel = new Bootstrap().group(group).channel(transport.socketChannelType)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new io.netty.channel.ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(1 << 20), new Answers());
                    }
                })
                .connect(uri.getHost(), uri.getPort()).sync().channel();
    }

    /** {@return a future of the last status once {@code n} Gets were sent one after another, each on the answer before} */
    CompletableFuture<Integer> chain(int n) {
        return start(n, true);
    }

    /** {@return a future of the last status once {@code n} Gets sent at once (pipelined, one flush) are all answered} */
    CompletableFuture<Integer> burst(int n) {
        return start(n, false);
    }

    private CompletableFuture<Integer> start(int n, boolean chain) {
        CompletableFuture<Integer> f = new CompletableFuture<>();
        channel.eventLoop().execute(() -> {
            done = f;
            left = n;
            chaining = chain;
            if (chain) {
                channel.writeAndFlush(get.retainedDuplicate(), channel.voidPromise());
            } else {
                for (int i = 0; i < n; i++) {
                    channel.write(get.retainedDuplicate(), channel.voidPromise());
                }
                channel.flush();
            }
        });
        return f;
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        get.release();
    }

    /** Counts answers down; sends the chain's next Get from the loop. */
    private final class Answers extends SimpleChannelInboundHandler<FullHttpResponse> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse res) {
            int status = res.status().code();
            if (status != 200) {
                done.completeExceptionally(new IllegalStateException("raw Netty answered " + status));
                return;
            }
            if (--left == 0) {
                done.complete(status);
            } else if (chaining) {
                ctx.writeAndFlush(get.retainedDuplicate(), ctx.voidPromise());
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (done != null) {
                done.completeExceptionally(cause);
            }
            ctx.close();
        }
    }
}
