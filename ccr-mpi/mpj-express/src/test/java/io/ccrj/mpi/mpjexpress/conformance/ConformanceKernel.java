package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Kernel;

/**
 * A kernel of the conformance suite: an SPMD program written once against
 * {@link io.ccrj.mpi.Comm}, and its oracle, a sequential computation of what every rank must
 * return.
 *
 * <p>Results are JDK values only ({@code double[]}, {@code int[]}, {@code long[]},
 * {@code Object[]} of boxed numbers and strings, {@link java.util.List}s of these), compared
 * element by element, doubles bit for bit: the inputs are chosen so that every result is exact
 * whatever order a backend combines operands in (small integers and dyadic fractions), so equal
 * results are required, not close ones. Kernels are public with a public no-argument
 * constructor, so a backend that starts kernels by class name (MPJ Express across processes)
 * can run them too.
 */
public interface ConformanceKernel extends Kernel<Object> {

    /**
     * What rank {@code rank} of a world of {@code size} ranks must return.
     *
     * @param rank the rank
     * @param size the world size
     * @return the expected result
     */
    Object expected(int rank, int size);

    /**
     * A known deviation of MPJ Express 0.44 from the contract that this kernel shows, or
     * {@code null}: on MPJ Express the suite then requires the deviation (a result differing from
     * the oracle) and names it, so that it is neither skipped silently nor kept once fixed. Each
     * one is listed in docs/mpj-express.md.
     *
     * @return a description of the deviation, or {@code null} if MPJ Express must match the oracle
     */
    default String mpjExpressDeviation() {
        return null;
    }

    /**
     * A short name for test reports.
     *
     * @return the simple class name without the {@code Kernel} suffix
     */
    default String name() {
        return getClass().getSimpleName().replace("Kernel", "");
    }
}
