package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Misuse of the arbiter API fails at once, with an exception that says what was wrong. */
@Timeout(30)
class BadInputTest extends CcrTestSupport {
    private final Port<String> port = new Port<>("p");
    private final Handler<String> handler = s -> { };

    @Test
    void nullPortsAreRejectedByEveryFactory() {
        assertThatThrownBy(() -> Arbiter.receive(true, null, handler))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("port");
        assertThatThrownBy(() -> Arbiter.receive(false, (Port<String>) null, handler, s -> true))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("port");
        assertThatThrownBy(() -> Arbiter.receiveSequential(false, (Port<String>) null, (s, ctx) -> { }))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Arbiter.multipleItemReceive((Port<String>) null, 2, l -> { }))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Arbiter.multipleItemReceive((PortSet2<String, Exception>) null, 2, (a, b) -> { }))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Arbiter.joinedReceive(false, port, null, (a, b) -> { }))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Arbiter.joinedReceive(false, null, port, (a, b) -> { }))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Arbiter.choice((PortSet2<String, Exception>) null, handler, e -> { }))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void nullHandlersAndPredicatesAreRejected() {
        assertThatThrownBy(() -> Arbiter.receive(true, port, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("handler");
        assertThatThrownBy(() -> Arbiter.receive(true, port, handler, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("predicate");
        assertThatThrownBy(() -> Arbiter.receiveSequential(true, port, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("handler");
        assertThatThrownBy(() -> Arbiter.multipleItemReceive(port, 2, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("handler");
        assertThatThrownBy(() -> Arbiter.multipleItemReceive(new SuccessFailurePort<String>(), 2, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("handler");
        assertThatThrownBy(() -> Arbiter.multiplePortReceive(false, null, port))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("handler");
        assertThatThrownBy(() -> Arbiter.joinedReceive(false, port, port, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("handler");
        assertThatThrownBy(() -> Arbiter.fromHandler(null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("handler");
        assertThatThrownBy(() -> Arbiter.choice(new SuccessFailurePort<String>(), null, e -> { }))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void countsBelowOneAreRejected() {
        assertThatThrownBy(() -> Arbiter.multipleItemReceive(port, 0, l -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> Arbiter.multipleItemReceive(true, port, Integer.MIN_VALUE, l -> { }))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Arbiter.multipleItemReceive(new SuccessFailurePort<String>(), -5, (a, b) -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-5");
        assertThatThrownBy(() -> port.test(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void emptyArraysAreRejected() {
        assertThatThrownBy(Arbiter::choice).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Arbiter.<String>multiplePortReceive(true, l -> { }))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void activationChecksItsArguments() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        assertThatThrownBy(() -> Arbiter.activate(null, Arbiter.receive(true, port, handler)))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("queue");
        assertThatThrownBy(() -> Arbiter.activate(q, (ArbiterTask[]) null))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Arbiter.activate(q, (ArbiterTask) null))
                .isInstanceOf(NullPointerException.class);
        ArbiterTask foreign = new ArbiterTask() {
            @Override
            public boolean isPersistent() {
                return false;
            }

            @Override
            public boolean isActive() {
                return false;
            }

            @Override
            public void cancel() {
            }

            @Override
            public State state() {
                return State.CREATED;
            }

            @Override
            public String describe() {
                return "home-made";
            }
        };
        assertThatThrownBy(() -> Arbiter.activate(q, foreign))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an arbiter made by");
        assertThatThrownBy(() -> Arbiter.choice(foreign)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyKindOfArbiterCanBeActivatedOnlyOnce() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> ints = new Port<>("ints");
        List<ArbiterTask> arbiters = List.of(
                Arbiter.receive(true, port, handler),
                Arbiter.receive(false, port, handler, s -> false),
                Arbiter.multipleItemReceive(true, ints, 2, l -> { }),
                Arbiter.multiplePortReceive(true, l -> { }, ints),
                Arbiter.joinedReceive(true, port, ints, (a, b) -> { }),
                Arbiter.multipleItemReceive(new SuccessFailurePort<String>(), 3, (a, b) -> { }),
                Arbiter.choice(Arbiter.receive(false, new Port<String>("c"), handler)),
                Arbiter.interleave(Arbiter.teardown(), Arbiter.exclusive(Arbiter.receive(true, new Port<String>("x"), handler)),
                        Arbiter.concurrent()),
                Arbiter.fromHandler(() -> { }));
        for (ArbiterTask a : arbiters) {
            Arbiter.activate(q, a);
            assertThatThrownBy(() -> Arbiter.activate(q, a)).as(a.describe())
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("already activated");
        }
    }

    @Test
    void aBranchOfAChoiceCannotAlsoBeActivatedOnItsOwn() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        ArbiterTask branch = Arbiter.receive(false, port, handler);
        ArbiterTask choice = Arbiter.choice(branch, Arbiter.receive(false, new Port<String>("other"), handler));
        Arbiter.activate(q, choice);
        assertThatThrownBy(() -> Arbiter.activate(q, branch)).isInstanceOf(IllegalStateException.class);
        assertThat(port.receiverCount()).isEqualTo(1);
    }
}
