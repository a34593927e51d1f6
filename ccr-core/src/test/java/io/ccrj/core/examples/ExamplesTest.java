package io.ccrj.core.examples;

import io.ccrj.core.Causality;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.PolicyEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Runs every documented example and checks what it promises, so that the user guide's snippets
 * (copied from these examples) stay true.
 */
@Timeout(30)
class ExamplesTest {
    private Dispatcher dispatcher;
    private DispatcherQueue queue;

    @BeforeEach
    void start() {
        dispatcher = new Dispatcher(2, "examples");
        queue = dispatcher.createQueue("main");
    }

    @AfterEach
    void stop() {
        dispatcher.close(Duration.ofSeconds(5));
    }

    private static <T> T await(CompletableFuture<T> f) throws Exception {
        return f.get(10, TimeUnit.SECONDS);
    }

    // ---- ports ----

    @Test
    void postAndTestTakesHeadItemsInFifoOrder() {
        var r = PortExamples.postAndTest();
        assertThat(r.queued()).isEqualTo(2);
        assertThat(r.head()).isEqualTo("hello");
        assertThat(r.rest()).containsExactly("world");
        assertThat(r.none()).isNull();
        assertThat(r.posted()).isEqualTo(2);
    }

    @Test
    void portSetRoutesByTypeAndRejectsUnknownTypes() {
        var r = PortExamples.portSet();
        assertThat(r.word()).isEqualTo("stop");
        assertThat(r.number()).isEqualTo(42);
        assertThat(r.error()).isEqualTo("port set <String, Integer> has no port for items of type java.lang.Double");
        assertThat(r.result()).isEqualTo("saved");
        assertThat(r.failure()).isEqualTo("disk full");
    }

    @Test
    void portSetOfAnyArity() throws Exception {
        var r = CompletionExamples.portSetOfAnyArity();
        assertThat(r.number()).isEqualTo(42);
        assertThat(r.chosen()).isEqualTo("done");
        assertThat(r.refused()).isTrue();
    }

    @Test
    void pipelineShutsDownInOrderAfterItsLastItem() throws Exception {
        List<Integer> out = CompletionExamples.pipeline();
        assertThat(out).hasSize(100).doesNotHaveDuplicates().allMatch(x -> x % 2 == 0 && x >= 2 && x <= 200);
    }

    // ---- arbiters ----

    @Test
    void fromHandlerRunsOnAWorker() throws Exception {
        assertThat(await(ArbiterExamples.fromHandler(queue))).startsWith("examples-worker-");
    }

    @Test
    void oneShotReceiveTakesOneItemAndUnregisters() throws Exception {
        var r = ArbiterExamples.receiveOneShot(queue);
        assertThat(await(r.first())).isEqualTo(1);
        assertThat(r.port().items()).containsExactly(2);
        assertThat(r.port().receiverCount()).isZero();
    }

    @Test
    void persistentReceiveDrainsQueuedAndNewItems() throws Exception {
        assertThat(ArbiterExamples.receivePersistent(queue)).containsExactlyInAnyOrder(1, 2, 3);
    }

    @Test
    void predicateReceiveLeavesRejectedItemsWithoutHeadOfLineBlocking() throws Exception {
        var r = ArbiterExamples.receivePredicate(queue);
        assertThat(r.evens()).containsExactlyInAnyOrder(2, 4, 6);
        assertThat(r.odds()).containsExactlyInAnyOrder(1, 3, 5);
    }

    @Test
    void multipleItemReceiveIsNonGreedy() throws Exception {
        var r = ArbiterExamples.multipleItemReceive(queue);
        assertThat(r.waitingBeforeThird()).isEqualTo(2);
        assertThat(await(r.batch())).containsExactly("a", "b", "c");
    }

    @Test
    void gatherSplitsRepliesIntoSuccessesAndFailures() throws Exception {
        assertThat(await(ArbiterExamples.gather(queue))).isEqualTo("[10, 30, 40] ok, 1 failed");
    }

    @Test
    void multiplePortReceiveDeliversInPortOrder() throws Exception {
        assertThat(await(ArbiterExamples.multiplePortReceive(queue))).containsExactly(1.0, 2.0, 3.0);
    }

    @Test
    void joinedReceiveWaitsForBothPorts() throws Exception {
        assertThat(await(ArbiterExamples.joinedReceive(queue))).isEqualTo("Ada is 36");
    }

    @Test
    void choiceLoserConsumesNothing() throws Exception {
        var r = ArbiterExamples.choice(queue);
        assertThat(await(r.outcome())).isEqualTo("ok: 42");
        assertThat(r.reply().failure().items()).extracting(Throwable::getMessage).containsExactly("late");
        assertThat(r.reply().success().receiverCount()).isZero();
        assertThat(r.reply().failure().receiverCount()).isZero();
    }

    @Test
    void receiveWithTimeoutFiresTheTimerBranch() throws Exception {
        assertThat(await(ArbiterExamples.receiveWithTimeout(queue))).isEqualTo("timed out");
    }

    @Test
    void requestResponseRepliesOnTheSuccessPort() throws Exception {
        assertThat(await(ArbiterExamples.requestResponse(queue))).isEqualTo("quotient 42");
    }

    // ---- interleave ----

    @Test
    void interleaveTeardownLosesNoIncrement() throws Exception {
        var r = InterleaveExamples.interleave(queue);
        int last = await(r.finalValue());
        assertThat(r.seen()).isEqualTo(5050);
        assertThat(last).isIn(5050, 6050);
        Examples.awaitTrue(() -> last + r.increments().items().stream().mapToInt(Integer::intValue).sum() == 6050);
        Examples.awaitTrue(() -> r.increments().receiverCount() == 0);
        // The teardown unregisters and returns the pending items before it publishes the
        // retirement, so a thread watching the port may see those first.
        Examples.awaitTrue(() -> r.guard().isRetired());
        assertThat(r.guard().isActive()).isFalse();
    }

    @Test
    void interleavePrefersWritersAndReturnsPendingItemsOnTeardown() throws Exception {
        var r = InterleaveExamples.teardownWithPending(queue);
        assertThat(r.exclusiveRunning()).isTrue();
        assertThat(r.pendingExclusive()).isEqualTo(1);
        assertThat(r.pendingConcurrent()).isEqualTo(1);
        Examples.awaitTrue(() -> r.writes().itemCount() == 2 && r.reads().itemCount() == 1);
        assertThat(r.ran()).containsExactly("w1", "teardown");
        assertThat(r.writes().items()).containsExactly("w2", "w3");
        assertThat(r.reads().items()).containsExactly("r1");
        assertThat(r.writes().receiverCount()).isZero();
        assertThat(r.reads().receiverCount()).isZero();
        Examples.awaitTrue(() -> r.guard().isRetired()); // published after the items went back (see above)
    }

    // ---- sequential tasks ----

    @Test
    void sequentialTaskReceivesInStraightLineCode() throws Exception {
        var r = SequentialExamples.spawn(queue);
        assertThat(await(r.sum())).isEqualTo(42);
        await(r.done());
    }

    @Test
    void sequentialReceiveTimesOutWithoutConsuming() throws Exception {
        assertThat(await(SequentialExamples.receiveWithTimeout(queue))).isEqualTo("no reply within 50 ms");
    }

    @Test
    void sequentialJoinsAndPredicates() throws Exception {
        assertThat(await(SequentialExamples.joins(queue))).isEqualTo("Ada 36 [1.0, 2.0, 3.0] 500.0");
    }

    @Test
    void sequentialAwaitRunsTheWinningHandlerOnTheTaskThread() throws Exception {
        assertThat(await(SequentialExamples.awaitChoice(queue))).isEqualTo("failed: no such user");
    }

    @Test
    void sequentialExclusiveHandlerHoldsExclusivityUntilItEnds() throws Exception {
        var r = SequentialExamples.exclusiveSequential(queue);
        assertThat(r.readsWaiting()).isEqualTo(1);
        Examples.awaitTrue(() -> r.log().size() == 3);
        assertThat(r.log()).containsExactly("begin u1", "commit u1 yes", "read r1");
    }

    @Test
    void manyPendingSequentialTasksAllComplete() {
        assertThat(SequentialExamples.manyPending(queue, 100_000)).isEqualTo(100_000);
    }

    // ---- causality ----

    @Test
    void causalityReceivesAnExceptionTwoHopsAway() throws Exception {
        Throwable t = await(CausalityExamples.causality(queue));
        assertThat(t).isInstanceOf(IllegalArgumentException.class).hasMessage("negative: -5");
    }

    @Test
    void causalityFlowsWithPostsUnlessLeftOut() throws Exception {
        Map<String, List<Causality>> seen = CausalityExamples.flowAndClear(queue);
        assertThat(seen.get("carried")).extracting(Causality::name).containsExactly("request-18");
        assertThat(seen.get("not carried")).isEmpty();
    }

    @Test
    void failureWithoutCausalityGoesToTheQueuesPort() throws Exception {
        Throwable t = await(CausalityExamples.unhandled(queue));
        assertThat(t).isInstanceOf(IllegalStateException.class).hasMessage("cannot run backup");
    }

    @Test
    void sequentialFailureRunsFinallyAndReachesItsCausality() throws Exception {
        var r = CausalityExamples.sequentialFailure(queue);
        assertThat(await(r.reported())).isInstanceOf(IOException.class).hasMessage("connection lost");
        assertThatThrownBy(() -> await(r.task())).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(IOException.class);
        assertThat(r.cleanedUp()).isTrue();
    }

    // ---- timers ----

    @Test
    void timersPostAfterTheirDelayAndCanBeCancelled() throws Exception {
        Instant before = Instant.now();
        long start = System.nanoTime();
        var r = TimerExamples.timers(queue);
        assertThat(r.cancelled()).isTrue();
        assertThat(await(r.reminder())).isEqualTo("tea is ready");
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(20));
        assertThat(await(r.tick())).isAfterOrEqualTo(before);
        Thread.sleep(100);
        assertThat(r.reminders().itemCount()).isZero();   // the cancelled timer never posted
    }

    @Test
    void flowInAndOutOfPortsKeepsOrderAndEnds() throws Exception {
        var r = FlowExamples.flow(queue);
        await(r.done());
        assertThat(r.words()).containsExactly("HELLO", "WORLD");
    }

    @Test
    void metricsCountTheDroppedTasksAndDescribeShowsEachQueue() {
        var r = DiagnosticsExamples.metrics(dispatcher);
        assertThat(r.dropped()).isEqualTo(2);
        assertThat(r.depth()).isEqualTo(1);
        assertThat(r.dump()).startsWith("dispatcher 'examples': 2 worker(s), ")
                .contains("\n  queue 'main' (UNCONSTRAINED): 0 pending, 0 executed, 0 discarded, 0 throttled")
                .contains("\n  queue 'latest-only' (QUEUE_DEPTH_DISCARD, suspended): 1 pending, 0 executed, 2 discarded, 0 throttled");
    }

    @Test
    void periodicTimerRearmsItself() throws Exception {
        List<Instant> fired = TimerExamples.periodic(queue);
        assertThat(fired).hasSize(5).isSorted();
    }

    // ---- dispatchers, queues, policies ----

    @Test
    void dispatcherThreadCountsMatchOrDefault() {
        var r = DispatcherExamples.dispatchers();
        assertThat(r.match()).isEqualTo(4);
        assertThat(r.byCores()).isEqualTo(Math.max(2, Runtime.getRuntime().availableProcessors()));
        assertThat(r.answer()).isEqualTo(42);
    }

    @Test
    void idleStrategiesDescribeThemselves() {
        var r = DispatcherExamples.idleStrategies();
        assertThat(r.strategies()).containsExactly("SpinThenPark[spin=50us, yield=200us]",
                "SpinThenPark[spin=10us, yield=50us]", "SpinThenPark[spin=0us, yield=0us]", "BusySpin");
        assertThat(r.answer()).isEqualTo(42);
    }

    @Test
    void executeAndSubmitCompleteTheirFutures() {
        assertThat(DispatcherExamples.execute(queue)).containsExactly(1, 4, 9, 16);
    }

    @Test
    void virtualThreadQueueRunsBlockingHandlersTogether() throws Exception {
        var r = DispatcherExamples.otherQueues();
        assertThat(r.elapsedMillis()).isLessThan(10_000);   // 1000 x 100 ms on 2 platform threads would be 50 s
        assertThat(r.onVirtualThread()).isTrue();
        assertThat(r.answer()).isEqualTo(42);
    }

    @Test
    void closeDrainsThenRefusesWork() {
        var r = DispatcherExamples.close();
        assertThat(r.handled()).isEqualTo(1000);
        assertThat(r.discarded()).isZero();
        assertThat(r.terminated()).isTrue();
        assertThat(r.rejected()).isEqualTo("dispatcher 'closing' is closed: queue 'work' accepts no more tasks; the item stays in port 'jobs'");
        assertThat(r.leftInPort()).isEqualTo(1);
        assertThat(r.refused()).isEqualTo("dispatcher 'closing' is closed: cannot activate on queue 'work'");
    }

    @Test
    void shutdownNowDiscardsPendingTasks() throws Exception {
        var r = DispatcherExamples.shutdownNow();
        assertThat(r.discarded()).isEqualTo(10);
        assertThat(r.terminated()).isTrue();
        assertThat(r.firstTask()).isCompletedExceptionally();
        assertThatThrownBy(r.firstTask()::join).hasCauseInstanceOf(java.util.concurrent.RejectedExecutionException.class);
    }

    @Test
    void queueDepthDiscardDropsTheOldest() throws Exception {
        var r = PolicyExamples.queueDepthDiscard(dispatcher);
        assertThat(r.ran()).containsExactlyInAnyOrder(4, 5);
        for (int i = 0; i < 3; i++) {
            CompletableFuture<Void> dropped = r.results().get(i);
            assertThatThrownBy(() -> await(dropped)).hasCauseInstanceOf(RejectedExecutionException.class);
        }
        await(r.results().get(3));
        await(r.results().get(4));
        assertThat(r.queue().discardedCount()).isEqualTo(3);
        assertThat(r.queue().policyEvents().items()).hasSize(3)
                .allMatch(e -> e.kind() == PolicyEvent.Kind.TASK_DISCARDED);
    }

    @Test
    void queueDepthThrottleMakesThePosterWait() throws Exception {
        var r = PolicyExamples.queueDepthThrottle(dispatcher);
        assertThat(r.pendingWhileBlocked()).isEqualTo(4);
        assertThat(r.producerWhileBlocked()).isEqualTo(Thread.State.TIMED_WAITING);
        assertThat(r.handled()).isEqualTo(10);
        assertThat(r.queue().throttledCount()).isPositive();
        assertThat(r.queue().policyEvents().items()).isNotEmpty()
                .allMatch(e -> e.kind() == PolicyEvent.Kind.POSTER_THROTTLED);
    }

    @Test
    void schedulingRateDiscardKeepsTheFreshestTask() throws Exception {
        var r = PolicyExamples.schedulingRateDiscard(dispatcher);
        assertThat(r.ran()).containsExactly(5);
        assertThat(r.queue().discardedCount()).isEqualTo(4);
        await(r.results().get(4));
    }

    @Test
    void schedulingRateThrottlePacesThePoster() {
        assertThat(PolicyExamples.schedulingRateThrottle(dispatcher)).isGreaterThanOrEqualTo(90);
    }

    // ---- diagnostics ----

    @Test
    void countersAreSnapshots() {
        assertThat(DiagnosticsExamples.counters(queue))
                .isEqualTo("port: 3 posted, 1 queued [later-c], 1 receiver(s); queue: 2 pending, 0 executed");
    }

    @Test
    void describeListsEveryWaitingReceiver() throws Exception {
        var r = DiagnosticsExamples.describe(queue);
        assertThat(r.dump()).startsWith("port 'orders': 0 item(s), 4 receiver(s)\n")
                .contains("  receive(one-shot, port 'orders', in choice[2 branches], on queue 'main')\n")
                .contains("  joinedReceive(one-shot, port 'orders', port 'cancels', on queue 'main')\n")
                .contains("  receive(persistent, predicate, port 'orders', on queue 'main')\n")
                .containsPattern("  receive\\(one-shot, port 'orders', on sequential task #\\d+ \\(virtual thread\\)\\)$");
        r.orders().post("first");    // taken by the choice, the first receiver
        r.orders().post("second");   // taken by the sequential task
        await(r.waiter());
        assertThat(r.orders().receiverCount()).isEqualTo(2);
    }
}
