package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Port sets of any arity: type-indexed access, choice over all ports, joins over mixed types, error routing. */
@Timeout(30)
class PortSetAccessTest extends CcrTestSupport {

    @Test
    void ofBuildsASetOfAnyArityReachableByType() {
        PortSet set = PortSet.of(String.class, Integer.class, Exception.class, Instant.class, UUID.class);
        assertThat(set.size()).isEqualTo(5);
        UUID id = UUID.randomUUID();
        set.post("s");
        set.post(7);
        set.post(id);
        set.post(new IllegalStateException("boom"));
        assertThat(set.port(String.class).items()).containsExactly("s");
        assertThat(set.test(Integer.class)).isEqualTo(7);
        assertThat(set.test(Integer.class)).isNull();
        assertThat(set.test(UUID.class)).isEqualTo(id);
        assertThat(set.test(Exception.class)).hasMessage("boom");
        assertThat(set.port(Instant.class).itemCount()).isZero();
    }

    @Test
    void typeIndexedAccessNeedsAnExactlyDeclaredType() {
        PortSet set = PortSet.of(Number.class, String.class);
        assertThatThrownBy(() -> set.port(Integer.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no port declared for type java.lang.Integer");
        assertThatThrownBy(() -> set.test(Integer.class)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> set.port((Class<?>) null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> PortSet.of(String.class)).isInstanceOf(IllegalArgumentException.class);
        assertThat(set.port(Number.class)).isSameAs(set.port(0));
    }

    @Test
    void choiceOverAPortSetOfAnyArityTakesOneItemFromWhicheverPortHasOne() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        PortSet set = PortSet.of(String.class, Integer.class, Long.class, Double.class, Character.class);
        set.post(3L);
        set.post(4.0);
        CompletableFuture<Object> got = new CompletableFuture<>();
        ArbiterTask choice = Arbiter.choice(set, got::complete);
        Arbiter.activate(q, choice);
        Object first = await(got);
        assertThat(first).isIn(3L, 4.0);
        barrier(q);
        assertThat(set.itemCount()).as("the other item stays").isEqualTo(1);
        assertThat(choice.state()).isEqualTo(ArbiterTask.State.DONE);
        for (int i = 0; i < set.size(); i++) {
            assertThat(set.port(i).receiverCount()).as("losers retracted").isZero();
        }
    }

    @Test
    void typedChoicesOverThreeAndFourPortSetsCallTheHandlerOfThePortThatFired() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        PortSet3<String, Integer, Long> three = new PortSet3<>(String.class, Integer.class, Long.class);
        CompletableFuture<String> r3 = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.choice(three, s -> r3.complete("s" + s), i -> r3.complete("i" + i),
                l -> r3.complete("l" + l)));
        three.post(9L);
        assertThat(await(r3)).isEqualTo("l9");

        PortSet4<String, Integer, Long, Double> four = new PortSet4<>(String.class, Integer.class, Long.class, Double.class);
        CompletableFuture<String> r4 = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.choice(four, s -> r4.complete("s"), i -> r4.complete("i"), l -> r4.complete("l"),
                x -> r4.complete("d" + x)));
        four.post(1.5);
        assertThat(await(r4)).isEqualTo("d1.5");
    }

    @Test
    void multiplePortReceiveJoinsPortsOfDifferentTypesInPortOrder() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> name = new Port<>("name");
        Port<Integer> age = new Port<>("age");
        Port<UUID> id = new Port<>("id");
        CompletableFuture<List<Object>> got = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.multiplePortReceive(false, List.of(name, age, id), got::complete));
        UUID u = UUID.randomUUID();
        id.post(u);
        age.post(42);
        quietPeriod();
        assertThat(got).as("non-greedy: nothing until every port has an item").isNotDone();
        assertThat(id.itemCount() + age.itemCount()).isEqualTo(2);
        name.post("ada");
        assertThat(await(got)).containsExactly("ada", 42, u);

        PortSet set = PortSet.of(String.class, Integer.class);
        CompletableFuture<List<Object>> pair = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.multiplePortReceive(false, set, pair::complete));
        set.post(1);
        set.post("one");
        assertThat(await(pair)).containsExactly("one", 1);
        assertThatThrownBy(() -> Arbiter.multiplePortReceive(false, List.<Port<?>>of(), x -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one port");
    }

    @Test
    void successFailurePortOfObjectRoutesAnErrorToTheFailureSide() {
        SuccessFailurePort<Object> sfp = new SuccessFailurePort<>();
        AssertionError error = new AssertionError("bad");
        sfp.post(error);
        sfp.post("fine");
        assertThat(sfp.success().items()).containsExactly("fine");
        Exception failure = sfp.failure().test();
        assertThat(failure).isInstanceOf(ExecutionException.class).hasCause(error);
        assertThat(sfp.tryPost(new StackOverflowError())).isTrue();
        assertThat(sfp.failure().itemCount()).isEqualTo(1);

        SuccessFailurePort<Throwable> throwables = new SuccessFailurePort<>(Throwable.class);
        throwables.post(error);
        assertThat(throwables.success().items()).as("a Throwable result type keeps errors as results")
                .containsExactly(error);
    }

    @Test
    void closingAPortSetClosesEveryPort() {
        PortSet set = PortSet.of(String.class, Integer.class, Long.class);
        set.close();
        for (int i = 0; i < set.size(); i++) {
            assertThat(set.port(i).isClosed()).isTrue();
        }
        assertThat(set.tryPost(1)).isFalse();
        assertThatThrownBy(() -> set.post("x")).isInstanceOf(IllegalStateException.class);
    }
}
