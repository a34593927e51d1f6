package io.ccrj.examples.clustering;

/**
 * Told of each temperature an annealing run has finished.
 *
 * <p>Called on rank 0's thread, between two EM iterations: the ranks wait for it at their next
 * reduction, so it must be quick and must not block (post a message, set a field).
 */
@FunctionalInterface
public interface Progress {
    /** Reports nothing. */
    Progress NONE = step -> { };

    /**
     * One temperature done.
     *
     * @param step what it reached
     */
    void step(Step step);
}
