package io.ccrj.mpi;

/**
 * The SPMD program every rank of a world runs: the same code, told apart by
 * {@link Comm#rank()}.
 *
 * <p>Each rank's return value is collected in rank order by {@link SpmdWorld#run(Kernel)}. A
 * kernel with nothing to return returns {@code null}. To be portable to a backend that runs
 * ranks in separate class loaders (MPJ Express's multicore device), a kernel should return only
 * JDK types ({@code double[]}, {@code long[]}, {@code int[]}, {@code String}, boxed numbers,
 * {@code List}s of these), and a kernel class meant to be started by name should be a public
 * class with a public no-argument constructor.
 *
 * <p>An exception thrown by any rank ends the whole world: the other ranks' pending and future
 * communicator calls fail, and {@code run} rethrows it wrapped in a {@link RankFailedException}.
 *
 * @param <R> the type of each rank's result
 */
@FunctionalInterface
public interface Kernel<R> {
    /**
     * Runs one rank.
     *
     * @param comm the world communicator, as seen by this rank
     * @return this rank's result, or {@code null}
     * @throws Exception anything; it ends the world
     */
    R run(Comm comm) throws Exception;
}
