package io.ccrj.examples.clustering;

/**
 * Told what a clustering job does while it runs. Every method is called on a thread of the job
 * (a rank, the caller of {@link ClusteringPipeline#run}) and must return quickly without blocking.
 */
public interface JobListener {
    /** Hears nothing. */
    JobListener NONE = new JobListener() { };

    /**
     * A stage of the workflow finished.
     *
     * @param name the stage: standardise, project, anneal, assign, statistics
     * @param millis its wall time
     */
    default void stage(String name, double millis) {
    }

    /**
     * The points' projection is known (before the annealing starts), for a live picture.
     *
     * @param projection the points on the first two principal components
     */
    default void projected(Projection projection) {
    }

    /**
     * The annealing finished a temperature (on rank 0's thread).
     *
     * @param step what it reached
     */
    default void step(Step step) {
    }
}
