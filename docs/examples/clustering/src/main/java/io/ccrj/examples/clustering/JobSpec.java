package io.ccrj.examples.clustering;

/**
 * What a clustering job is asked to do.
 *
 * @param clusters the number of clusters, or 0 to let the run choose it (up to {@code maxClusters})
 *     by the Bayesian information criterion
 * @param maxClusters the most clusters the run may choose when {@code clusters} is 0
 * @param ranks the ccr-mpi ranks the annealing runs on
 * @param threads the threads of each rank (its partial sums as a ccr-core fan-out), 1 for none
 * @param quick the quick schedule ({@link AnnealingSchedule#quick}) or the full one
 */
public record JobSpec(int clusters, int maxClusters, int ranks, int threads, boolean quick) {
    /** The most clusters a job chooses from when it is not told how many. */
    public static final int DEFAULT_MAX_CLUSTERS = 10;

    /** @throws IllegalArgumentException naming the value out of range */
    public JobSpec {
        if (clusters < 0) {
            throw new IllegalArgumentException("clusters must be at least 1 (or 0 to choose), got " + clusters);
        }
        if (maxClusters < 1) {
            throw new IllegalArgumentException("maxClusters must be at least 1, got " + maxClusters);
        }
        if (ranks < 1 || ranks > 1024) {
            throw new IllegalArgumentException("ranks must be from 1 to 1024, got " + ranks);
        }
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("threads per rank must be from 1 to 256, got " + threads);
        }
    }

    /**
     * Checks the job against its points.
     *
     * @param points the points
     * @throws IllegalArgumentException if there are more clusters or ranks than points
     */
    public void checkAgainst(Points points) {
        if (clusters > points.n()) {
            throw new IllegalArgumentException(clusters + " clusters for " + points.n()
                    + " points: there can be no more clusters than points");
        }
        if (ranks > points.n()) {
            throw new IllegalArgumentException(ranks + " ranks for " + points.n() + " points: each rank needs a point");
        }
    }

    /** @return the schedule of this job for its points */
    AnnealingSchedule schedule(int n) {
        int kMax = clusters > 0 ? clusters : Math.min(maxClusters, n);
        AnnealingSchedule s = quick ? AnnealingSchedule.quick(kMax) : AnnealingSchedule.full(kMax);
        return s.withHierarchy(clusters == 0);
    }
}
