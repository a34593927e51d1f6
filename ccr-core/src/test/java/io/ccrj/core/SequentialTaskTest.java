package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class SequentialTaskTest extends CcrTestSupport {

    @Test
    void receiveWaitsForItemsInFifoOrderOnAVirtualThread() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> in = new Port<>("in");
        AtomicBoolean virtual = new AtomicBoolean();
        CompletableFuture<Void> f = q.spawn(ctx -> {
            virtual.set(Thread.currentThread().isVirtual());
            int a = ctx.receive(in);
            int b = ctx.receive(in);
            int c = ctx.receive(in);
            assertThat(List.of(a, b, c)).containsExactly(1, 2, 3);
        });
        in.post(1);
        in.post(2);
        in.post(3);
        await(f);
        assertThat(virtual).isTrue();
        assertThat(in.itemCount()).isZero();
        assertThat(in.receiverCount()).isZero();
    }

    @Test
    void waitingTaskShowsUpInThePortDump() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("inbox");
        CompletableFuture<Void> f = q.spawn(ctx -> ctx.receive(in));
        eventually("task registered", () -> in.receiverCount() == 1);
        assertThat(in.describe()).contains("sequential task");
        in.post("go");
        await(f);
    }

    @Test
    void receiveWithPredicateLeavesOtherItemsInThePort() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        in.post("apple");
        CompletableFuture<String> got = new CompletableFuture<>();
        q.spawn(ctx -> got.complete(ctx.receive(in, s -> s.startsWith("b"))));
        in.post("cherry");
        in.post("banana");
        assertThat(await(got)).isEqualTo("banana");
        assertThat(in.items()).containsExactly("apple", "cherry");
    }

    @Test
    void receiveWithTimeoutReturnsEmptyAndConsumesNothing() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        CompletableFuture<Optional<String>> got = new CompletableFuture<>();
        CompletableFuture<Long> waitedNanos = new CompletableFuture<>();
        q.spawn(ctx -> {
            long start = System.nanoTime();
            got.complete(ctx.receive(in, Duration.ofMillis(50)));
            waitedNanos.complete(System.nanoTime() - start);
        });
        assertThat(await(got)).isEmpty();
        assertThat(Duration.ofNanos(await(waitedNanos))).isGreaterThanOrEqualTo(Duration.ofMillis(50));
        assertThat(in.receiverCount()).as("the receiver is withdrawn").isZero();
        in.post("late");
        assertThat(in.items()).containsExactly("late");
    }

    @Test
    void receiveWithTimeoutReturnsAnItemThatArrivesInTime() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        in.post("ready");
        CompletableFuture<Optional<String>> got = new CompletableFuture<>();
        q.spawn(ctx -> got.complete(ctx.receive(in, Duration.ZERO)));
        assertThat(await(got)).contains("ready");
        CompletableFuture<Optional<String>> later = new CompletableFuture<>();
        q.spawn(ctx -> later.complete(ctx.receive(in, Duration.ofSeconds(WAIT_SECONDS))));
        in.post("soon");
        assertThat(await(later)).contains("soon");
    }

    @Test
    void receiveWithAnEffectivelyInfiniteTimeoutWaitsLikeAPlainReceive() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        CompletableFuture<Optional<String>> got = new CompletableFuture<>();
        CompletableFuture<Void> f = q.spawn(ctx ->
                got.complete(ctx.receive(in, java.time.temporal.ChronoUnit.FOREVER.getDuration())));
        eventually("waiting", () -> in.receiverCount() == 1 || f.isDone());
        assertThat(f).as("a huge timeout must not fail or time out at once").isNotDone();
        in.post("eventually");
        assertThat(await(got)).contains("eventually");
        await(f);
    }

    @Test
    void receiveNItemsWaitsForAllOfThem() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> in = new Port<>("in");
        CompletableFuture<List<Integer>> got = new CompletableFuture<>();
        q.spawn(ctx -> got.complete(ctx.receive(in, 3)));
        in.post(1);
        in.post(2);
        eventually("join registered", () -> in.receiverCount() == 1);
        assertThat(got).isNotDone();
        assertThat(in.itemCount()).isEqualTo(2);
        in.post(3);
        in.post(4);
        assertThat(await(got)).containsExactly(1, 2, 3);
        assertThat(in.items()).containsExactly(4);
    }

    @Test
    void joinWaitsForOneItemFromEachPort() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> names = new Port<>("names");
        Port<Integer> ages = new Port<>("ages");
        CompletableFuture<Joined<String, Integer>> got = new CompletableFuture<>();
        q.spawn(ctx -> got.complete(ctx.join(names, ages)));
        ages.post(7);
        names.post("ann");
        Joined<String, Integer> j = await(got);
        assertThat(j.first()).isEqualTo("ann");
        assertThat(j.second()).isEqualTo(7);
    }

    @Test
    void awaitChoiceRunsTheWinningHandlerOnTheTasksOwnThread() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> ok = new Port<>("ok");
        Port<Exception> failed = new Port<>("failed");
        AtomicReference<Thread> taskThread = new AtomicReference<>();
        AtomicReference<Thread> handlerThread = new AtomicReference<>();
        AtomicReference<String> result = new AtomicReference<>();
        CompletableFuture<Void> f = q.spawn(ctx -> {
            taskThread.set(Thread.currentThread());
            ctx.await(Arbiter.choice(
                    Arbiter.receive(false, ok, s -> {
                        handlerThread.set(Thread.currentThread());
                        result.set(s);
                    }),
                    Arbiter.receive(false, failed, e -> result.set("failed"))));
            // Code after the wait sees what the handler did.
            assertThat(result.get()).isEqualTo("yes");
        });
        ok.post("yes");
        await(f);
        assertThat(handlerThread.get()).isSameAs(taskThread.get());
        failed.post(new Exception("late"));
        assertThat(failed.itemCount()).isEqualTo(1);
        assertThat(ok.receiverCount() + failed.receiverCount()).isZero();
    }

    @Test
    void awaitPropagatesTheHandlersException() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        CompletableFuture<Throwable> caught = new CompletableFuture<>();
        q.spawn(ctx -> {
            try {
                ctx.await(Arbiter.receive(false, in, s -> {
                    throw new java.io.IOException("handler says " + s);
                }));
            } catch (java.io.IOException e) {
                caught.complete(e);
            }
        });
        in.post("no");
        assertThat(await(caught)).hasMessage("handler says no");
    }

    @Test
    void awaitTimeoutChoiceGivesReceiveWithTimeoutInsideATask() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> reply = new Port<>("reply");
        CompletableFuture<String> outcome = new CompletableFuture<>();
        q.spawn(ctx -> ctx.await(Arbiter.choice(
                Arbiter.receive(false, reply, outcome::complete),
                Arbiter.receive(false, Timers.timeout(Duration.ofMillis(30)), t -> outcome.complete("timed out")))));
        assertThat(await(outcome)).isEqualTo("timed out");
        assertThat(reply.receiverCount()).isZero();
    }

    @Test
    void exceptionInTheBodyRunsFinallyFailsTheFutureAndReachesTheCausality() throws Exception {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        AtomicBoolean finallyRan = new AtomicBoolean();
        Causality c = new Causality("spawner");
        AtomicReference<CompletableFuture<Void>> f = new AtomicReference<>();
        Causality.run(c, () -> f.set(q.spawn(ctx -> {
            try {
                String s = ctx.receive(in);
                throw new IllegalStateException("body failed after " + s);
            } finally {
                finallyRan.set(true);
            }
        })));
        in.post("one");
        assertThatThrownBy(() -> f.get().get(WAIT_SECONDS, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(IllegalStateException.class);
        assertThat(finallyRan).isTrue();
        assertThat(awaitItem(c.exceptionPort())).hasMessage("body failed after one");
    }

    @Test
    void exceptionWithoutCausalityGoesToTheQueuesUnhandledChain() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Throwable> unhandled = new Port<>("unhandled");
        q.setUnhandledExceptionPort(unhandled);
        q.spawn(ctx -> {
            throw new UnsupportedOperationException("no causality here");
        });
        assertThat(awaitItem(unhandled)).hasMessage("no causality here");
    }

    @Test
    void contextUsedFromAnotherThreadIsRefusedAndConsumesNothing() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        Port<String> release = new Port<>("release");
        CompletableFuture<SequentialContext> leaked = new CompletableFuture<>();
        CompletableFuture<Void> f = q.spawn(ctx -> {
            leaked.complete(ctx);
            ctx.receive(release);
        });
        SequentialContext ctx = await(leaked);
        in.post("item");
        assertThatThrownBy(() -> ctx.receive(in)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("own task's thread");
        assertThatThrownBy(() -> ctx.await(Arbiter.receive(false, in, s -> { })))
                .isInstanceOf(IllegalStateException.class);
        assertThat(in.items()).containsExactly("item");
        assertThat(in.receiverCount()).isZero();
        release.post("done");
        await(f);
    }

    @Test
    void blockingReceiveFromADispatcherWorkerThreadIsRefused() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        Port<String> release = new Port<>("release");
        CompletableFuture<SequentialContext> leaked = new CompletableFuture<>();
        CompletableFuture<Void> f = q.spawn(ctx -> {
            leaked.complete(ctx);
            ctx.receive(release);
        });
        SequentialContext ctx = await(leaked);
        in.post("item");
        CompletableFuture<Object> onWorker = q.submit(() -> ctx.receive(in));
        assertThatThrownBy(() -> onWorker.get(WAIT_SECONDS, TimeUnit.SECONDS))
                .hasCauseInstanceOf(IllegalStateException.class);
        assertThat(in.items()).containsExactly("item");
        assertThat(await(q.submit(() -> "worker still free"))).isEqualTo("worker still free");
        release.post("done");
        await(f);
    }

    @Test
    void awaitRejectsPersistentAndAlreadyActivatedArbiters() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        CompletableFuture<Throwable> persistent = new CompletableFuture<>();
        CompletableFuture<Throwable> twice = new CompletableFuture<>();
        ArbiterTask active = Arbiter.receive(false, in, s -> { });
        Arbiter.activate(q, active);
        CompletableFuture<Void> f = q.spawn(ctx -> {
            try {
                ctx.await(Arbiter.receive(true, in, s -> { }));
            } catch (IllegalArgumentException e) {
                persistent.complete(e);
            }
            try {
                ctx.await(active);
            } catch (IllegalStateException e) {
                twice.complete(e);
            }
        });
        assertThat(await(persistent)).hasMessageContaining("one-shot");
        assertThat(await(twice)).hasMessageContaining("already activated");
        await(f);
    }

    @Test
    void badWaitArgumentsAreRejectedInsideTheTask() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        CompletableFuture<List<Class<?>>> errors = new CompletableFuture<>();
        q.spawn(ctx -> {
            List<Class<?>> seen = new java.util.ArrayList<>();
            try {
                ctx.receive(in, Duration.ofMillis(-1));
            } catch (IllegalArgumentException e) {
                seen.add(e.getClass());
            }
            try {
                ctx.receive(in, 0);
            } catch (IllegalArgumentException e) {
                seen.add(e.getClass());
            }
            try {
                ctx.receive(in, (java.util.function.Predicate<String>) null);
            } catch (NullPointerException e) {
                seen.add(e.getClass());
            }
            try {
                ctx.receive(null);
            } catch (NullPointerException e) {
                seen.add(e.getClass());
            }
            errors.complete(seen);
        });
        assertThat(await(errors)).containsExactly(IllegalArgumentException.class, IllegalArgumentException.class,
                NullPointerException.class, NullPointerException.class);
        assertThat(in.receiverCount()).isZero();
        assertThatThrownBy(() -> q.spawn(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void interruptedWaitWithdrawsTheReceiverAndConsumesNothing() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        CompletableFuture<Thread> thread = new CompletableFuture<>();
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        q.spawn(ctx -> {
            thread.complete(Thread.currentThread());
            try {
                ctx.receive(in);
                outcome.complete(null);
            } catch (InterruptedException e) {
                outcome.complete(e);
            }
        });
        eventually("waiting", () -> in.receiverCount() == 1);
        await(thread).interrupt();
        assertThat(await(outcome)).isInstanceOf(InterruptedException.class);
        assertThat(in.receiverCount()).isZero();
        in.post("kept");
        assertThat(in.items()).containsExactly("kept");
    }

    @Test
    void interruptRacingWithADeliveryToAwaitNeverLosesTheItem() throws Exception {
        // An item is either handled by the awaiting task or still in its port afterwards; the
        // race between the post and the interrupt must not make it vanish.
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        int lost = 0;
        for (int i = 0; i < 1000; i++) {
            boolean viaAwait = i % 2 == 0; // odd rounds: the plain receive(port)
            Port<Integer> in = new Port<>("in");
            CompletableFuture<Thread> taskThread = new CompletableFuture<>();
            AtomicInteger handled = new AtomicInteger();
            CompletableFuture<Void> f = q.spawn(ctx -> {
                taskThread.complete(Thread.currentThread());
                try {
                    if (viaAwait) {
                        ctx.await(Arbiter.choice(Arbiter.receive(false, in, x -> handled.incrementAndGet())));
                    } else {
                        ctx.receive(in);
                        handled.incrementAndGet();
                    }
                } catch (InterruptedException expected) {
                    // fine, as long as the item is still in the port
                }
            });
            Thread t = await(taskThread);
            eventually("waiting", () -> in.receiverCount() == 1 || f.isDone());
            CountDownLatch go = new CountDownLatch(1);
            Thread poster = Thread.ofPlatform().start(() -> {
                hold(go);
                in.post(1);
            });
            go.countDown();
            t.interrupt();
            poster.join(WAIT_SECONDS * 1000);
            await(f);
            if (handled.get() + in.itemCount() != 1) {
                lost++;
            }
        }
        assertThat(lost).as("items lost in 1000 post/interrupt races").isZero();
    }

    @Test
    void manySequentialTasksInterleaveOnAFewCarriers() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        int n = 1000;
        Port<Integer> ping = new Port<>("ping");
        Port<Integer> pong = new Port<>("pong");
        CountDownLatch done = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            q.spawn(ctx -> {
                int v = ctx.receive(ping);
                pong.post(v);
                done.countDown();
            });
        }
        for (int i = 0; i < n; i++) {
            ping.post(i);
        }
        await(done);
        assertThat(pong.items()).hasSize(n).doesNotHaveDuplicates();
    }
}
