package io.ccrj.mpi.patterns;

import io.ccrj.core.Arbiter;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The spawned model shared by {@link Pipeline}, {@link Shift} and {@link TwoShifts}: one port per
 * way; each stage is a fresh handler that a one-shot receiver (or a two-item
 * {@code multipleItemReceive}) starts when the stage's message(s) arrive; the handler computes,
 * posts to the next port, and registers the receiver for its way's next stage. The last stage
 * posts to an end port, where a {@code multipleItemReceive} of one item per way performs the
 * reduction (Qiu et al. 2007, Fig. 1(b) and Fig. 3(a-c)).
 *
 * <p>A way's handlers never overlap (the next receiver is registered only after the handler has
 * posted), so the messages one way posts reach the next port in order and a two-item receive
 * always takes the two copies of one message. The ways' tokens are not kept in step (the papers'
 * spawned patterns have no rendezvous), so in a shift several tokens may queue at one port; each
 * token's chain of stages is still deterministic, and the reduction sums the final values in the
 * order of the way that ran each token's last stage.
 */
final class SpawnedStages {

    private record Token(long stage, double value) {
    }

    private record Final(int way, double value) {
    }

    private final DispatcherQueue queue;
    private final int ways;
    private final long stages;
    private final StageComputation computation;
    private final int offset;
    private final int copies;
    private final Port<Token>[] ports;
    private final Port<Final> end = new Port<>("end");
    private final CompletableFuture<Double> result = new CompletableFuture<>();

    @SuppressWarnings("unchecked")
    private SpawnedStages(String pattern, DispatcherQueue queue, int ways, long stages,
            StageComputation computation, int offset, int copies) {
        this.queue = Objects.requireNonNull(queue, "queue");
        this.computation = Objects.requireNonNull(computation, "computation");
        PatternSupport.checkWays(ways);
        PatternSupport.checkStages(stages);
        this.ways = ways;
        this.stages = stages;
        this.offset = offset;
        this.copies = copies;
        @SuppressWarnings("unchecked") // a generic array: every element is set to a Port<Token> below
        Port<Token>[] ports = (Port<Token>[]) new Port<?>[ways];
        this.ports = ports;
        for (int i = 0; i < ways; i++) {
            ports[i] = new Port<>(pattern + "-" + i);
        }
    }

    /**
     * Runs a spawned pattern and waits for its reduction.
     *
     * @param offset 0: a way posts to its own port (pipeline); 1: to its right neighbour's (shift)
     * @param copies messages per stage: 1 (receive) or 2 (multipleItemReceive of 2)
     */
    static double run(String pattern, DispatcherQueue queue, int ways, long stages, StageComputation computation,
            int offset, int copies) throws InterruptedException {
        return new SpawnedStages(pattern, queue, ways, stages, computation, offset, copies).run();
    }

    private double run() throws InterruptedException {
        Arbiter.activate(queue, Arbiter.multipleItemReceive(false, end, ways, this::reduce));
        // Every port holds its first token before any way is armed: a way armed earlier could
        // otherwise run its first stage and post its second token to its neighbour's port ahead
        // of that port's first, and the neighbour would take the stages out of order.
        for (int way = 0; way < ways; way++) {
            Port<Token> target = ports[(way + offset) % ways];
            Token first = new Token(0, way + 1.0);
            for (int c = 0; c < copies; c++) {
                target.post(first);
            }
        }
        for (int way = 0; way < ways; way++) {
            arm(way);
        }
        try {
            return result.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (CancellationException e) {
            throw new IllegalStateException("pattern cancelled", e);
        }
    }

    private void arm(int way) {
        if (copies == 1) {
            Arbiter.activate(queue, Arbiter.receive(false, ports[way], t -> stage(way, t.stage(), t.value())));
        } else {
            Arbiter.activate(queue, Arbiter.multipleItemReceive(false, ports[way], copies,
                    (List<Token> ts) -> stage(way, ts.get(0).stage(), mean(ts))));
        }
    }

    private static double mean(List<Token> ts) {
        return (ts.get(0).value() + ts.get(1).value()) * 0.5;
    }

    private void stage(int way, long stage, double input) {
        if (result.isDone()) {
            return;
        }
        try {
            double v = computation.compute(way, stage, input);
            if (stage + 1 == stages) {
                end.post(new Final(way, v));
            } else {
                Token next = new Token(stage + 1, v);
                Port<Token> target = ports[(way + offset) % ways];
                for (int c = 0; c < copies; c++) {
                    target.post(next);
                }
            }
            // Re-arm even after a last stage: in a shift the ways' tokens drift apart (nothing
            // keeps them in step), so other tokens may still have stages to run on this way.
            arm(way);
        } catch (Throwable t) {
            result.completeExceptionally(t);
        }
    }

    private void reduce(List<Final> finals) {
        double[] byWay = new double[ways];
        for (Final f : finals) {
            byWay[f.way()] = f.value();
        }
        double sum = 0;
        for (double v : byWay) {
            sum += v;
        }
        result.complete(sum);
    }
}
