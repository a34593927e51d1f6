package io.ccrj.examples.clustering;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.SuccessFailurePort;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BinaryOperator;
import java.util.function.BooleanSupplier;

/**
 * The per-point work outside the annealing iterations as a CCR fan-out (dynamic threading): the
 * points are cut into chunks, each chunk is posted to a port, a persistent receiver on a
 * {@link DispatcherQueue} works each one as its own task on the dispatcher's threads and posts
 * its partial result (or its failure) to a {@link SuccessFailurePort}, and one gather join
 * ({@link Arbiter#multipleItemReceive(io.ccrj.core.PortSet2, int, io.ccrj.core.BiHandler)})
 * fires when every chunk has answered. The partial results are combined in chunk order, so the
 * answer does not depend on which worker finished first.
 *
 * <p>Thread safety: {@link #map} may be called from any thread, also concurrently (each call has
 * its own ports). The work function runs on the dispatcher's workers, several chunks at once: it
 * must only read shared data and write the disjoint range it is given. Its writes happen-before
 * {@code map}'s return (each result is posted to a port after them, and the gather reads it).
 */
public final class FanOut {
    /** Work on one chunk of points, {@code [from, to)}. */
    @FunctionalInterface
    public interface ChunkWork<R> {
        /**
         * Works one chunk.
         *
         * @param from the first point
         * @param to one past the last
         * @return the chunk's partial result
         * @throws Exception a failure: {@code map} throws it
         */
        R apply(int from, int to) throws Exception;
    }

    private record Chunk(int index, int from, int to) {
    }

    private record Partial<R>(int index, R value) {
    }

    private final DispatcherQueue queue;
    private final int chunks;

    /**
     * A fan-out on a dispatcher's queue.
     *
     * @param dispatcher the threads
     * @param name the queue's name
     * @param chunks into how many chunks {@link #map} cuts the points (fewer if there are fewer points)
     */
    public FanOut(Dispatcher dispatcher, String name, int chunks) {
        if (chunks < 1) {
            throw new IllegalArgumentException("chunks must be at least 1, got " + chunks);
        }
        this.queue = dispatcher.createQueue(name);
        this.chunks = chunks;
    }

    /**
     * Works {@code [0, n)} chunk by chunk on the dispatcher and combines the partial results in
     * chunk order.
     *
     * @param n the number of points
     * @param work what each chunk computes
     * @param combine how two partial results (the earlier first) make one
     * @param cancelled polled before each chunk starts: a chunk that finds it true fails the map
     * @param <R> the result type
     * @return the combined result
     * @throws CancellationException if cancelled
     * @throws RuntimeException the first chunk's failure (in chunk order), unwrapped where it is one
     */
    public <R> R map(int n, ChunkWork<R> work, BinaryOperator<R> combine, BooleanSupplier cancelled) {
        int count = Math.max(1, Math.min(chunks, n));
        Port<Chunk> todo = new Port<>("chunks");
        @SuppressWarnings("unchecked")
        SuccessFailurePort<Partial<R>> done = new SuccessFailurePort<>((Class<Partial<R>>) (Class<?>) Partial.class);
        CompletableFuture<R> result = new CompletableFuture<>();
        var worker = Arbiter.receive(true, todo, chunk -> {
            try {
                if (cancelled.getAsBoolean()) {
                    throw new CancellationException("the clustering job was cancelled");
                }
                done.postSuccess(new Partial<>(chunk.index(), work.apply(chunk.from(), chunk.to())));
            } catch (Exception e) {
                done.postFailure(new ChunkFailure(chunk.index(), e));
            }
        });
        Arbiter.activate(queue, worker, Arbiter.multipleItemReceive(done, count, (partials, failures) -> {
            if (!failures.isEmpty()) {
                Exception first = failures.stream().map(ChunkFailure.class::cast)
                        .min(Comparator.comparingInt(ChunkFailure::index)).orElseThrow();
                result.completeExceptionally(first.getCause());
                return;
            }
            List<Partial<R>> ordered = new ArrayList<>(partials);
            ordered.sort(Comparator.comparingInt(Partial::index));
            R acc = ordered.get(0).value();
            for (int i = 1; i < ordered.size(); i++) {
                acc = combine.apply(acc, ordered.get(i).value());
            }
            result.complete(acc);
        }));
        for (int c = 0; c < count; c++) {
            todo.post(new Chunk(c, (int) ((long) n * c / count), (int) ((long) n * (c + 1) / count)));
        }
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while the fan-out ran");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause.getMessage(), cause);
        } finally {
            worker.cancel();
        }
    }

    /** A chunk's failure, with the chunk's index so that the first in order is reported. */
    private static final class ChunkFailure extends Exception {
        private static final long serialVersionUID = 1L;
        private final int index;

        ChunkFailure(int index, Exception cause) {
            super(cause.getMessage(), cause, false, false);
            this.index = index;
        }

        int index() {
            return index;
        }
    }
}
