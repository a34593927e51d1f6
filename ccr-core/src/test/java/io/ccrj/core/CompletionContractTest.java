package io.ccrj.core;

import io.ccrj.core.internal.PortAccess;
import io.ccrj.core.internal.PortInspection;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The arbiter contract for {@code completion}. Its unit is the port's close, which provides no
 * item: a firing hands the handler nothing (an empty list here), a later close is a no-op (the
 * port is already closed), and the one-shot rules apply as to any one-shot arbiter. A completion
 * watches its port instead of sitting on the receiver list, so its registration is counted with
 * {@link PortInspection#completionWatcherCount}.
 *
 * <p>One property is restated: a completion takes no item, so there is no item causality for its
 * handler's failure to go to. Its handler runs under the causalities that were active when it was
 * activated, and its failure goes there; the override checks that, and that the closing thread's
 * causality gets nothing.
 */
class CompletionContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> p = new Port<>("p");
        ArbiterTask completion = Arbiter.completion(p, () -> fired.accept(List.of()));
        return new Subject() {
            @Override
            public ArbiterTask task() {
                return completion;
            }

            @Override
            public boolean persistent() {
                return false;
            }

            @Override
            public void post(int unit) {
                p.close(); // idempotent: only the first close can fire the completion
            }

            @Override
            public List<Integer> expected(int unit) {
                return List.of();
            }

            @Override
            public List<Port<Integer>> ports() {
                return List.of(p);
            }

            @Override
            public int registrations() {
                return p.receiverCount() + PortInspection.completionWatcherCount(PortAccess.core(p));
            }
        };
    }

    @Override
    @Test
    void aHandlerFailureGoesToTheCausalityOfItsItems() {
        Subject s = create(items -> {
            throw new IllegalStateException("failed on " + items);
        });
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Causality activation = new Causality("activation");
        Causality closer = new Causality("closer");
        Causality.run(activation, () -> Arbiter.activate(q, s.task()));
        Causality.run(closer, () -> s.post(0));
        assertThat(awaitItem(activation.exceptionPort())).isInstanceOf(IllegalStateException.class)
                .hasMessage("failed on []");
        barrier(q);
        assertThat(closer.exceptionPort().itemCount()).as("not the closing thread's causality").isZero();
        assertThat(d.unhandledExceptionPort().itemCount()).as("not reported as unhandled").isZero();
    }
}
