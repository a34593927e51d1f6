package io.ccrj.dss;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Services with misbehaving or instrumented handlers, for the host's tests. */
final class TestServices {
    private TestServices() {
    }

    /**
     * Actions that throw, never answer, or wait; an exclusive one that blocks until released and
     * an independent one that answers regardless.
     */
    static final class Misbehaving extends Service<PingService.State> {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        Misbehaving() {
            super(PingService.State.class, new PingService.State(0));
        }

        @Override
        protected void bind(Handlers h) {
            h.standard(Verb.GET)
                    .action("boom", op -> {
                        setState(new PingService.State(99)); // rolled back: the handler throws
                        throw new IllegalStateException("boom on purpose");
                    })
                    .action("silent", HandlerKind.CONCURRENT, op -> { })
                    .action("wait", HandlerKind.CONCURRENT, op -> {
                        release.await(10, TimeUnit.SECONDS);
                        op.respond(op.bodyOrEmpty());
                    })
                    .action("sleep", HandlerKind.CONCURRENT, op -> {
                        Thread.sleep(op.bodyOrEmpty().path("ms").asLong(100));
                        op.respond(op.bodyOrEmpty());
                    })
                    .action("block", op -> {
                        entered.countDown();
                        release.await(10, TimeUnit.SECONDS);
                        setState(new PingService.State(state().count() + 1));
                        op.respondState();
                    })
                    .action("status", HandlerKind.INDEPENDENT, op -> op.respond(
                            io.ccrj.dss.internal.json.Json.object().put("up", true)));
        }
    }

    /** Exclusive handlers that detect overlap with any other handler. */
    static final class OverlapDetector extends Service<PingService.State> {
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger overlaps = new AtomicInteger();
        final AtomicInteger maxConcurrentReaders = new AtomicInteger();

        OverlapDetector() {
            super(PingService.State.class, new PingService.State(0));
        }

        @Override
        protected void bind(Handlers h) {
            h.on(Verb.GET, op -> {
                        int now = running.incrementAndGet();
                        if (now < 0) {
                            overlaps.incrementAndGet();
                        }
                        maxConcurrentReaders.accumulateAndGet(now, Math::max);
                        Thread.onSpinWait();
                        running.decrementAndGet();
                        op.respondState();
                    })
                    .action("inc", op -> {
                        if (!running.compareAndSet(0, -1000)) {
                            overlaps.incrementAndGet();
                        }
                        long c = state().count();
                        Thread.yield();
                        setState(new PingService.State(c + 1));
                        running.addAndGet(1000);
                        op.respondState();
                    });
        }
    }
}
