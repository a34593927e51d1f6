package io.ccrj.core;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class InterleaveTest extends CcrTestSupport {

    @Test
    void concurrentHandlersActuallyRunInParallel() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> reads = new Port<>("reads");
        CountDownLatch bothInside = new CountDownLatch(2);
        CountDownLatch done = new CountDownLatch(2);
        Interleave il = Arbiter.interleave(Arbiter.teardown(), Arbiter.exclusive(),
                Arbiter.concurrent(Arbiter.receive(true, reads, i -> {
                    bothInside.countDown();
                    hold(bothInside); // deadlocks (and times out) unless the two overlap
                    done.countDown();
                })));
        Arbiter.activate(q, il);
        reads.post(1);
        reads.post(2);
        await(done);
    }

    @Test
    void exclusiveHandlerRunsAloneAndMessagesWaitingInsideHaveLeftTheirPorts() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<String> writes = new Port<>("writes");
        Port<Integer> reads = new Port<>("reads");
        CountDownLatch writerInside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        CountDownLatch readsDone = new CountDownLatch(3);
        AtomicInteger overlaps = new AtomicInteger();
        AtomicInteger writerRunning = new AtomicInteger();
        Interleave il = Arbiter.interleave(Arbiter.teardown(),
                Arbiter.exclusive(Arbiter.receive(true, writes, s -> {
                    writerRunning.incrementAndGet();
                    writerInside.countDown();
                    hold(gate);
                    writerRunning.decrementAndGet();
                })),
                Arbiter.concurrent(Arbiter.receive(true, reads, i -> {
                    if (writerRunning.get() != 0) {
                        overlaps.incrementAndGet();
                    }
                    readsDone.countDown();
                })));
        Arbiter.activate(q, il);
        writes.post("w");
        await(writerInside);
        reads.post(1);
        reads.post(2);
        reads.post(3);
        assertThat(il.isExclusiveRunning()).isTrue();
        assertThat(il.pendingConcurrentCount()).isEqualTo(3);
        assertThat(il.activeConcurrentCount()).isZero();
        assertThat(reads.itemCount()).as("pending messages are inside the interleave").isZero();
        assertThat(readsDone.getCount()).isEqualTo(3);
        gate.countDown();
        await(readsDone);
        assertThat(overlaps).hasValue(0);
        eventually("interleave idle", () -> !il.isExclusiveRunning() && il.activeConcurrentCount() == 0);
        assertThat(il.pendingConcurrentCount()).isZero();
    }

    @Test
    void exclusiveAndConcurrentHandlersNeverOverlapUnderLoad() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> writes = new Port<>("writes");
        Port<Integer> reads = new Port<>("reads");
        AtomicInteger writers = new AtomicInteger();
        AtomicInteger readers = new AtomicInteger();
        AtomicInteger violations = new AtomicInteger();
        AtomicInteger maxReaders = new AtomicInteger();
        int n = 400;
        CountDownLatch done = new CountDownLatch(2 * n);
        Arbiter.activate(q, Arbiter.interleave(Arbiter.teardown(),
                Arbiter.exclusive(Arbiter.receive(true, writes, i -> {
                    if (writers.incrementAndGet() != 1 || readers.get() != 0) {
                        violations.incrementAndGet();
                    }
                    spin(2_000);
                    writers.decrementAndGet();
                    done.countDown();
                })),
                Arbiter.concurrent(Arbiter.receive(true, reads, i -> {
                    maxReaders.accumulateAndGet(readers.incrementAndGet(), Math::max);
                    if (writers.get() != 0) {
                        violations.incrementAndGet();
                    }
                    spin(2_000);
                    readers.decrementAndGet();
                    done.countDown();
                }))));
        Thread poster = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < n; i++) {
                writes.post(i);
            }
        });
        for (int i = 0; i < n; i++) {
            reads.post(i);
            if ((i & 15) == 0) {
                Thread.yield();
            }
        }
        await(done);
        assertThat(poster.isAlive()).isFalse();
        assertThat(violations).hasValue(0);
    }

    @Test
    void pendingExclusiveBlocksNewConcurrentsWriterPreference() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<String> reads = new Port<>("reads");
        Port<String> writes = new Port<>("writes");
        List<String> order = new CopyOnWriteArrayList<>();
        CountDownLatch firstReaderInside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        CountDownLatch done = new CountDownLatch(3);
        Interleave il = Arbiter.interleave(Arbiter.teardown(),
                Arbiter.exclusive(Arbiter.receive(true, writes, s -> {
                    order.add("write");
                    done.countDown();
                })),
                Arbiter.concurrent(Arbiter.receive(true, reads, s -> {
                    if (s.equals("slow")) {
                        firstReaderInside.countDown();
                        hold(gate);
                    }
                    order.add("read " + s);
                    done.countDown();
                })));
        Arbiter.activate(q, il);
        reads.post("slow");
        await(firstReaderInside);
        writes.post("w");
        assertThat(il.pendingExclusiveCount()).isEqualTo(1);
        reads.post("new");
        assertThat(il.pendingConcurrentCount())
                .as("a second worker is free, yet the new reader waits behind the pending writer").isEqualTo(1);
        assertThat(il.activeConcurrentCount()).isEqualTo(1);
        gate.countDown();
        await(done);
        assertThat(order).containsExactly("read slow", "write", "read new");
    }

    @Test
    void pendingExclusivesRunRoundRobinAcrossBranchesFifoWithinOneAndBeforePendingConcurrents() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<String> x = new Port<>("x");
        Port<String> y = new Port<>("y");
        Port<String> c = new Port<>("c");
        List<String> order = new CopyOnWriteArrayList<>();
        CountDownLatch blockerInside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        CountDownLatch done = new CountDownLatch(6);
        Handler<String> record = s -> {
            if (s.equals("block")) {
                blockerInside.countDown();
                hold(gate);
            }
            order.add(s);
            done.countDown();
        };
        Interleave il = Arbiter.interleave(Arbiter.teardown(),
                Arbiter.exclusive(Arbiter.receive(true, x, record), Arbiter.receive(true, y, record)),
                Arbiter.concurrent(Arbiter.receive(true, c, record)));
        Arbiter.activate(q, il);
        x.post("block");
        await(blockerInside);
        c.post("c1");
        x.post("x1");
        x.post("x2");
        y.post("y1");
        x.post("x3");
        assertThat(il.pendingExclusiveCount()).isEqualTo(4);
        assertThat(il.pendingConcurrentCount()).isEqualTo(1);
        gate.countDown();
        await(done);
        assertThat(order.get(0)).isEqualTo("block");
        assertThat(order.subList(1, 5)).as("exclusives before the older pending concurrent")
                .containsExactlyInAnyOrder("x1", "x2", "x3", "y1");
        assertThat(order.get(5)).isEqualTo("c1");
        assertThat(order.indexOf("x1")).isLessThan(order.indexOf("x2"));
        assertThat(order.indexOf("x2")).isLessThan(order.indexOf("x3"));
        assertThat(order.indexOf("y1")).as("round robin: y1 is not starved behind x's backlog")
                .isLessThan(order.indexOf("x2"));
    }

    @Test
    void teardownWaitsForRunningHandlersRunsOnceAloneAndRetiresTheInterleave() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<String> reads = new Port<>("reads");
        Port<String> writes = new Port<>("writes");
        Port<String> stop = new Port<>("stop");
        AtomicInteger teardowns = new AtomicInteger();
        AtomicInteger handled = new AtomicInteger();
        CountDownLatch readerInside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        CountDownLatch teardownRan = new CountDownLatch(1);
        List<String> stateInTeardown = new CopyOnWriteArrayList<>();
        Interleave[] self = new Interleave[1];
        Interleave il = Arbiter.interleave(
                Arbiter.teardown(Arbiter.receive(false, stop, s -> {
                    teardowns.incrementAndGet();
                    stateInTeardown.add("active=" + self[0].activeConcurrentCount() + " exclusive=" + self[0].isExclusiveRunning());
                    teardownRan.countDown();
                })),
                Arbiter.exclusive(Arbiter.receive(true, writes, s -> handled.incrementAndGet())),
                Arbiter.concurrent(Arbiter.receive(true, reads, s -> {
                    if (s.equals("slow")) {
                        readerInside.countDown();
                        hold(gate);
                    }
                    handled.incrementAndGet();
                })));
        self[0] = il;
        Arbiter.activate(q, il);
        reads.post("slow");
        await(readerInside);
        stop.post("bye");
        stop.post("again");
        reads.post("after teardown request");
        writes.post("after teardown request");
        assertThat(teardownRan.getCount()).as("teardown waits for the running reader").isEqualTo(1);
        assertThat(il.isRetired()).isFalse();
        gate.countDown();
        await(teardownRan);
        eventually("retired", il::isRetired);
        assertThat(teardowns).hasValue(1);
        assertThat(stateInTeardown).containsExactly("active=0 exclusive=true");
        assertThat(handled).as("only the reader that was running before the teardown").hasValue(1);
        assertThat(reads.items()).containsExactly("after teardown request");
        assertThat(writes.items()).containsExactly("after teardown request");
        assertThat(stop.items()).containsExactly("again");
        assertThat(reads.receiverCount() + writes.receiverCount() + stop.receiverCount()).isZero();
        assertThat(il.isActive()).isFalse();

        reads.post("much later");
        barrier(q);
        assertThat(reads.items()).hasSize(2);
        assertThat(handled).hasValue(1);
    }

    @Test
    void itemsPendingInsideGoBackToTheirPortsInFifoOrderWhenTheInterleaveRetires() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> reads = new Port<>("reads");
        Port<String> writes = new Port<>("writes");
        Port<String> stop = new Port<>("stop");
        CountDownLatch writerInside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        AtomicInteger handled = new AtomicInteger();
        Interleave il = Arbiter.interleave(
                Arbiter.teardown(Arbiter.receive(false, stop, s -> { })),
                Arbiter.exclusive(Arbiter.receive(true, writes, s -> {
                    if (s.equals("slow")) {
                        writerInside.countDown();
                        hold(gate);
                    } else {
                        handled.incrementAndGet();
                    }
                })),
                Arbiter.concurrent(Arbiter.receive(true, reads, i -> handled.incrementAndGet())));
        Arbiter.activate(q, il);
        reads.post(0);
        writes.post("slow");
        await(writerInside);
        reads.post(1);
        reads.post(2);
        reads.post(3);
        writes.post("w1");
        writes.post("w2");
        stop.post("bye");
        assertThat(il.pendingConcurrentCount()).isEqualTo(3);
        assertThat(il.pendingExclusiveCount()).isEqualTo(2);
        assertThat(reads.itemCount() + writes.itemCount()).isZero();
        gate.countDown();
        eventually("retired", il::isRetired);
        assertThat(reads.items()).as("returned, oldest first").containsExactly(1, 2, 3);
        assertThat(writes.items()).containsExactly("w1", "w2");
        assertThat(handled).as("reader 0 ran before the writer; nothing pending ran").hasValue(1);
        assertThat(il.pendingConcurrentCount() + il.pendingExclusiveCount()).isZero();
    }

    @RepeatedTest(30)
    void isRetiredOnlyOnceEveryBranchIsUnregisteredAndPendingItemsAreBack() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> reads = new Port<>("reads");
        Port<String> writes = new Port<>("writes");
        Port<String> stop = new Port<>("stop");
        CountDownLatch writerInside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        Interleave il = Arbiter.interleave(
                Arbiter.teardown(Arbiter.receive(false, stop, s -> { })),
                Arbiter.exclusive(Arbiter.receive(true, writes, s -> {
                    writerInside.countDown();
                    hold(gate);
                })),
                Arbiter.concurrent(Arbiter.receive(true, reads, i -> { })));
        Arbiter.activate(q, il);
        writes.post("slow");
        await(writerInside);
        reads.post(1);
        stop.post("bye");
        gate.countDown();
        long deadline = System.nanoTime() + WAIT_SECONDS * 1_000_000_000L;
        while (!il.isRetired()) { // tight: the state right after the flip is what is checked
            Thread.onSpinWait();
            assertThat(System.nanoTime() - deadline).isNegative();
        }
        int receivers = reads.receiverCount() + writes.receiverCount();
        int returned = reads.itemCount();
        assertThat(receivers).as("branches still registered after isRetired()").isZero();
        assertThat(returned).as("pending item not yet back after isRetired()").isEqualTo(1);
    }

    @Test
    void joinBranchRefusedAfterTeardownRequestPutsItemsBackInOrder() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> pairs = new Port<>("pairs");
        Port<String> writes = new Port<>("writes");
        Port<String> stop = new Port<>("stop");
        CountDownLatch writerInside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        AtomicInteger joined = new AtomicInteger();
        Interleave il = Arbiter.interleave(
                Arbiter.teardown(Arbiter.receive(false, stop, s -> { })),
                Arbiter.exclusive(Arbiter.receive(true, writes, s -> {
                    writerInside.countDown();
                    hold(gate);
                })),
                Arbiter.concurrent(Arbiter.multipleItemReceive(true, pairs, 2, l -> joined.incrementAndGet())));
        Arbiter.activate(q, il);
        writes.post("slow");
        await(writerInside);
        stop.post("bye");
        pairs.post(1);
        pairs.post(2);
        pairs.post(3);
        assertThat(pairs.items()).as("refused commit rolled back at the head, FIFO kept").containsExactly(1, 2, 3);
        gate.countDown();
        eventually("retired", il::isRetired);
        assertThat(pairs.items()).containsExactly(1, 2, 3);
        assertThat(pairs.receiverCount()).isZero();
        assertThat(joined).hasValue(0);
    }

    @Test
    void teardownWithNothingRunningRunsAtOnce() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> stop = new Port<>("stop");
        Port<String> reads = new Port<>("reads");
        CountDownLatch ran = new CountDownLatch(1);
        Interleave il = Arbiter.interleave(Arbiter.teardown(Arbiter.receive(false, stop, s -> ran.countDown())),
                Arbiter.exclusive(), Arbiter.concurrent(Arbiter.receive(true, reads, s -> { })));
        Arbiter.activate(q, il);
        assertThat(il.isActive()).isTrue();
        stop.post("now");
        await(ran);
        eventually("retired", il::isRetired);
        assertThat(reads.receiverCount()).isZero();
    }

    @Test
    void exclusiveHandlerThatThrowsStillReleasesTheInterleave() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        q.setUnhandledExceptionPort(new Port<>("swallow"));
        Port<String> writes = new Port<>("writes");
        Port<String> reads = new Port<>("reads");
        CountDownLatch readDone = new CountDownLatch(1);
        CountDownLatch secondWrite = new CountDownLatch(1);
        Arbiter.activate(q, Arbiter.interleave(Arbiter.teardown(),
                Arbiter.exclusive(Arbiter.receive(true, writes, s -> {
                    if (s.equals("bad")) {
                        throw new IllegalStateException("writer failed");
                    }
                    secondWrite.countDown();
                })),
                Arbiter.concurrent(Arbiter.receive(true, reads, s -> readDone.countDown()))));
        writes.post("bad");
        reads.post("r");
        writes.post("good");
        await(readDone);
        await(secondWrite);
        assertThat(awaitItem(q.unhandledExceptionPort())).hasMessage("writer failed");
    }

    @Test
    void sequentialHandlerInTheExclusiveGroupHoldsExclusivityUntilItsTaskEnds() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<String> writes = new Port<>("writes");
        Port<String> replies = new Port<>("replies");
        Port<String> reads = new Port<>("reads");
        List<String> order = new CopyOnWriteArrayList<>();
        CountDownLatch waitingForReply = new CountDownLatch(1);
        CountDownLatch readDone = new CountDownLatch(1);
        Interleave il = Arbiter.interleave(Arbiter.teardown(),
                Arbiter.exclusive(Arbiter.receiveSequential(true, writes, (s, ctx) -> {
                    order.add("write start");
                    waitingForReply.countDown();
                    String reply = ctx.receive(replies);
                    order.add("write end " + reply);
                })),
                Arbiter.concurrent(Arbiter.receive(true, reads, s -> {
                    order.add("read");
                    readDone.countDown();
                })));
        Arbiter.activate(q, il);
        writes.post("w");
        await(waitingForReply);
        reads.post("r");
        assertThat(il.isExclusiveRunning()).as("the sequential task is parked, yet still exclusive").isTrue();
        assertThat(il.pendingConcurrentCount()).isEqualTo(1);
        assertThat(readDone.getCount()).isEqualTo(1);
        replies.post("ok");
        await(readDone);
        assertThat(order).containsExactly("write start", "write end ok", "read");
    }

    @Test
    void sequentialExclusiveHandlerThatThrowsReleasesAndReportsToTheCausality() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<String> writes = new Port<>("writes");
        Port<String> reads = new Port<>("reads");
        CountDownLatch readDone = new CountDownLatch(1);
        Arbiter.activate(q, Arbiter.interleave(Arbiter.teardown(),
                Arbiter.exclusive(Arbiter.receiveSequential(true, writes, (s, ctx) -> {
                    throw new IllegalStateException("sequential writer failed on " + s);
                })),
                Arbiter.concurrent(Arbiter.receive(true, reads, s -> readDone.countDown()))));
        Causality c = new Causality("caller");
        Causality.run(c, () -> writes.post("w"));
        assertThat(awaitItem(c.exceptionPort())).hasMessage("sequential writer failed on w");
        reads.post("r");
        await(readDone);
    }

    @Test
    void groupsMustBePassedInTheirRoles() {
        Port<String> p = new Port<>("p");
        assertThatThrownBy(() -> Arbiter.interleave(Arbiter.exclusive(), Arbiter.exclusive(), Arbiter.concurrent()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("teardown").hasMessageContaining("exclusive");
        assertThatThrownBy(() -> Arbiter.interleave(Arbiter.teardown(), Arbiter.concurrent(), Arbiter.exclusive()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Arbiter.interleave(null, Arbiter.exclusive(), Arbiter.concurrent()))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("teardown");
        assertThatThrownBy(() -> Arbiter.interleave(Arbiter.teardown(Arbiter.receive(true, p, s -> { })),
                Arbiter.exclusive(), Arbiter.concurrent()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one-shot");
        assertThatThrownBy(() -> Arbiter.exclusive(Arbiter.receive(true, p, s -> { }), null))
                .isInstanceOf(NullPointerException.class);
        assertThat(Arbiter.concurrent().kind()).isEqualTo(ReceiverGroup.Kind.CONCURRENT);
    }

    @Test
    void interleaveRejectsAChoiceOrInterleaveInsideAGroup() {
        // A choice never consults its parent: inside an exclusive group its handler would run
        // outside the interleave's arbitration, in parallel with other exclusives.
        Port<String> a = new Port<>("a");
        Port<String> b = new Port<>("b");
        ArbiterTask choice = Arbiter.choice(Arbiter.receive(false, a, s -> { }));
        assertThatThrownBy(() -> Arbiter.interleave(Arbiter.teardown(), Arbiter.exclusive(choice), Arbiter.concurrent()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("choice");
        Interleave inner = Arbiter.interleave(Arbiter.teardown(), Arbiter.exclusive(Arbiter.receive(true, b, s -> { })),
                Arbiter.concurrent());
        assertThatThrownBy(() -> Arbiter.interleave(Arbiter.teardown(), Arbiter.exclusive(), Arbiter.concurrent(inner)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("interleave");
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}
