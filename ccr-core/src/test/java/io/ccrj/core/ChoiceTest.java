package io.ccrj.core;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class ChoiceTest extends CcrTestSupport {

    @Test
    void choiceRetractsLosingReceiversWithoutConsuming() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> p1 = new Port<>("p1");
        Port<String> p2 = new Port<>("p2");
        Port<String> p3 = new Port<>("p3");
        List<String> seen = new CopyOnWriteArrayList<>();
        ArbiterTask choice = Arbiter.choice(
                Arbiter.receive(false, p1, s -> seen.add("1:" + s)),
                Arbiter.receive(false, p2, s -> seen.add("2:" + s)),
                Arbiter.receive(false, p3, s -> seen.add("3:" + s)));
        Arbiter.activate(q, choice);
        assertThat(p1.receiverCount() + p2.receiverCount() + p3.receiverCount()).isEqualTo(3);
        p2.post("win");
        barrier(q);
        assertThat(p1.receiverCount() + p2.receiverCount() + p3.receiverCount())
                .as("every branch unregistered after the win").isZero();
        p1.post("lose");
        p3.post("lose");
        p2.post("again");
        barrier(q);
        assertThat(seen).containsExactly("2:win");
        assertThat(p1.items()).containsExactly("lose");
        assertThat(p2.items()).containsExactly("again");
        assertThat(p3.items()).containsExactly("lose");
        assertThat(choice.isActive()).isFalse();
    }

    @Test
    void choiceActivatedOnFullPortsPicksOneBranchAndLeavesTheOthersItems() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> p1 = new Port<>("p1");
        Port<String> p2 = new Port<>("p2");
        p1.post("a");
        p2.post("b");
        List<String> seen = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.choice(Arbiter.receive(false, p1, seen::add), Arbiter.receive(false, p2, seen::add)));
        barrier(q);
        assertThat(seen).containsExactly("a");
        assertThat(p1.itemCount()).isZero();
        assertThat(p2.items()).containsExactly("b");
        assertThat(p1.receiverCount() + p2.receiverCount()).isZero();
    }

    @RepeatedTest(20)
    void concurrentPostsToAllBranchesFireExactlyOneHandler() throws Exception {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        AtomicInteger fired = new AtomicInteger();
        Arbiter.activate(q, Arbiter.choice(
                Arbiter.receive(false, a, i -> fired.incrementAndGet()),
                Arbiter.receive(false, b, i -> fired.incrementAndGet())));
        CountDownLatch start = new CountDownLatch(1);
        Thread ta = Thread.ofPlatform().start(() -> { hold(start); a.post(1); });
        Thread tb = Thread.ofPlatform().start(() -> { hold(start); b.post(2); });
        start.countDown();
        ta.join(WAIT_SECONDS * 1000);
        tb.join(WAIT_SECONDS * 1000);
        eventually("one handler ran", () -> fired.get() >= 1);
        d.close();
        assertThat(fired).hasValue(1);
        assertThat(a.itemCount() + b.itemCount()).as("the loser's item stays in its port").isEqualTo(1);
        assertThat(a.receiverCount() + b.receiverCount()).isZero();
    }

    @Test
    void persistentBranchIsRejected() {
        Port<Integer> p = new Port<>("p");
        assertThatThrownBy(() -> Arbiter.choice(
                Arbiter.receive(false, p, i -> { }),
                Arbiter.receive(true, p, i -> { })))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one-shot");
        assertThatThrownBy(() -> Arbiter.choice(Arbiter.joinedReceive(true, p, p, (x, y) -> { })))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void choiceNeedsAtLeastOneNonNullBranch() {
        assertThatThrownBy(Arbiter::choice).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one branch");
        assertThatThrownBy(() -> Arbiter.choice((ArbiterTask) null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Arbiter.choice((ArbiterTask[]) null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aBranchCannotBelongToTwoChoices() {
        Port<Integer> p = new Port<>("p");
        ArbiterTask r = Arbiter.receive(false, p, i -> { });
        Arbiter.choice(r);
        assertThatThrownBy(() -> Arbiter.choice(r)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void choiceRejectsANestedChoiceOrInterleaveAsABranch() {
        // A nested choice never asks the outer one before committing, so both could fire
        // (choice(choice(a, b), c): a post to a and one to c ran two handlers).
        Port<String> a = new Port<>("a");
        Port<String> b = new Port<>("b");
        Port<String> c = new Port<>("c");
        ArbiterTask inner = Arbiter.choice(Arbiter.receive(false, a, s -> { }), Arbiter.receive(false, b, s -> { }));
        assertThatThrownBy(() -> Arbiter.choice(inner, Arbiter.receive(false, c, s -> { })))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("choice");
        ArbiterTask interleave = Arbiter.interleave(Arbiter.teardown(), Arbiter.exclusive(Arbiter.receive(true, a, s -> { })),
                Arbiter.concurrent());
        assertThatThrownBy(() -> Arbiter.choice(interleave))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void choiceWithAJoinBranchAndAReceiveBranchLetsTheCompletedJoinWin() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        Port<String> c = new Port<>("c");
        List<String> seen = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.choice(
                Arbiter.joinedReceive(false, a, b, (x, y) -> seen.add("join:" + x + y)),
                Arbiter.receive(false, c, s -> seen.add("recv:" + s))));
        a.post("x");
        barrier(q);
        assertThat(seen).isEmpty();
        assertThat(a.items()).as("half a join consumes nothing").containsExactly("x");
        b.post(1);
        barrier(q);
        c.post("late");
        barrier(q);
        assertThat(seen).containsExactly("join:x1");
        assertThat(c.items()).containsExactly("late");
        assertThat(a.receiverCount() + b.receiverCount() + c.receiverCount()).isZero();
    }

    @Test
    void choiceWithAJoinBranchAndAReceiveBranchLeavesTheHalfJoinedItemWhenTheReceiveWins() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        Port<String> c = new Port<>("c");
        List<String> seen = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.choice(
                Arbiter.joinedReceive(false, a, b, (x, y) -> seen.add("join:" + x + y)),
                Arbiter.receive(false, c, s -> seen.add("recv:" + s))));
        a.post("x");
        c.post("now");
        barrier(q);
        b.post(1);
        barrier(q);
        assertThat(seen).containsExactly("recv:now");
        assertThat(a.items()).containsExactly("x");
        assertThat(b.items()).containsExactly(1);
        assertThat(a.receiverCount() + b.receiverCount() + c.receiverCount()).isZero();
    }

    @Test
    void choiceBetweenTwoJoinsSharingAPortTakesOnlyTheWinnersItems() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> shared = new Port<>("shared");
        Port<String> left = new Port<>("left");
        Port<String> right = new Port<>("right");
        List<String> seen = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.choice(
                Arbiter.joinedReceive(false, shared, left, (s, l) -> seen.add(s + l)),
                Arbiter.joinedReceive(false, shared, right, (s, r) -> seen.add(s + r))));
        shared.post("s1");
        shared.post("s2");
        right.post("R");
        left.post("L");
        barrier(q);
        assertThat(seen).containsExactly("s1R");
        assertThat(shared.items()).containsExactly("s2");
        assertThat(left.items()).containsExactly("L");
    }

    @Test
    void receiveWithTimeoutFiresTheTimeoutBranchWhenNoResultComes() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> result = new Port<>("result");
        CompletableFuture<String> outcome = new CompletableFuture<>();
        long start = System.nanoTime();
        Arbiter.activate(q, Arbiter.choice(
                Arbiter.receive(false, result, s -> outcome.complete("result " + s)),
                Arbiter.receive(false, Timers.timeout(Duration.ofMillis(50)), (Instant t) -> outcome.complete("timeout"))));
        assertThat(await(outcome)).isEqualTo("timeout");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(50));
        result.post("too late");
        barrier(q);
        assertThat(result.items()).containsExactly("too late");
        assertThat(result.receiverCount()).isZero();
    }

    @Test
    void receiveWithTimeoutTakesTheResultWhenItComesFirst() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> result = new Port<>("result");
        Port<Instant> timeout = Timers.timeout(Duration.ofMillis(60));
        List<String> seen = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.choice(
                Arbiter.receive(false, result, s -> seen.add("result " + s)),
                Arbiter.receive(false, timeout, t -> seen.add("timeout"))));
        result.post("fast");
        awaitItem(timeout); // the timer still fires, into a port nobody listens to any more
        barrier(q);
        assertThat(seen).containsExactly("result fast");
    }
}
