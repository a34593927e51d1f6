package io.ccrj.examples.clustering;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Kernel;
import java.io.Serializable;
import java.util.Arrays;

/**
 * The annealing as a {@link Kernel} that a launcher can start by class name in processes of its
 * own, such as MPJ Express's cluster device ({@code niodev}: one JVM per rank, on one machine or
 * several): every rank draws the same seeded {@link GaussianMixture}, so no points travel, anneals
 * it with {@link DeterministicAnnealing#anneal(Comm, Points, AnnealingSchedule)} on the
 * communicator it is given, and returns a {@link Serializable} {@link Outcome}: the centres, the
 * hard assignment of every point and its adjusted Rand index against the mixture's truth.
 *
 * <p>The public no-argument constructor (what a launcher uses) anneals the mixture of
 * {@link #POINTS} points in {@link #DIMENSIONS} dimensions from {@link #CLUSTERS} clusters,
 * {@link #SEPARATION} standard deviations apart, seed {@link #SEED}, on the
 * {@linkplain AnnealingSchedule#quick quick} schedule. The same kernel object runs unchanged on
 * ccr-mpi's ranks ({@code SpmdWorld.run(2, new MixtureAnnealingKernel())}) and on MPJ Express's
 * ({@code MpjExpressCluster.run(MixtureAnnealingKernel.class, 2)}); see docs/clustering.md,
 * "Beyond one machine".
 *
 * <p>Immutable; one instance may run on every rank of a world at once.
 */
public final class MixtureAnnealingKernel implements Kernel<MixtureAnnealingKernel.Outcome> {

    /** The points of the default mixture. */
    public static final int POINTS = 1_500;
    /** Its dimensions. */
    public static final int DIMENSIONS = 2;
    /** Its clusters, and the schedule's kMax. */
    public static final int CLUSTERS = 3;
    /** The least distance between two of its centres, in standard deviations. */
    public static final double SEPARATION = 8;
    /** Its seed. */
    public static final long SEED = 12;

    private final int points;
    private final int dimensions;
    private final int clusters;
    private final double separation;
    private final long seed;

    /** The default mixture: {@link #POINTS}, {@link #DIMENSIONS}, {@link #CLUSTERS}, {@link #SEPARATION}, {@link #SEED}. */
    public MixtureAnnealingKernel() {
        this(POINTS, DIMENSIONS, CLUSTERS, SEPARATION, SEED);
    }

    /**
     * Another mixture (for a world of one's own; a launcher that starts kernels by name uses the
     * no-argument constructor).
     *
     * @param points the points, at least 1
     * @param dimensions the dimensions, at least 1
     * @param clusters the clusters, 1 to {@code points}, also the schedule's kMax
     * @param separation the least distance between two centres, in standard deviations
     * @param seed the seed
     * @throws IllegalArgumentException for a count out of range (as {@link GaussianMixture#generate})
     */
    public MixtureAnnealingKernel(int points, int dimensions, int clusters, double separation, long seed) {
        if (points < 1 || dimensions < 1 || clusters < 1 || clusters > points) {
            throw new IllegalArgumentException("a mixture needs at least one point and dimension, and 1 to " + points
                    + " clusters; got " + points + " points, " + dimensions + " dimensions, " + clusters + " clusters");
        }
        if (!(separation > 0)) {
            throw new IllegalArgumentException("separation must be > 0, got " + separation);
        }
        this.points = points;
        this.dimensions = dimensions;
        this.clusters = clusters;
        this.separation = separation;
        this.seed = seed;
    }

    /**
     * The mixture this kernel anneals, drawn afresh (the same points on every call).
     *
     * @return the points with their true clusters
     */
    public GaussianMixture.Labelled mixture() {
        return GaussianMixture.generate(points, dimensions, clusters, separation, seed);
    }

    @Override
    public Outcome run(Comm comm) {
        GaussianMixture.Labelled data = mixture();
        AnnealingResult result = DeterministicAnnealing.anneal(comm, data.points(), AnnealingSchedule.quick(clusters));
        Solution s = result.solution();
        int[] assignment = new int[data.points().n()];
        for (int i = 0; i < assignment.length; i++) {
            assignment[i] = s.nearest(data.points(), i);
        }
        return new Outcome(comm.rank(), comm.size(), ProcessHandle.current().pid(), s.k(), s.d(), s.centres(),
                s.priors(), assignment, AdjustedRand.index(assignment, data.labels()), result.iterations());
    }

    /**
     * What one rank found: the same clusters on every rank, and which process it ran in.
     *
     * @param rank the rank
     * @param size the world's size
     * @param pid the process the rank ran in (one per rank on the cluster device; the caller's on ccr-mpi)
     * @param k the clusters found
     * @param d the dimensions
     * @param centres {@code k * d} coordinates, centre by centre
     * @param priors {@code k} priors
     * @param assignment every point's nearest centre
     * @param adjustedRand the adjusted Rand index of {@code assignment} against the mixture's true clusters
     * @param iterations the EM iterations of the whole run
     */
    public record Outcome(int rank, int size, long pid, int k, int d, double[] centres, double[] priors,
                          int[] assignment, double adjustedRand, int iterations) implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean equals(Object o) {
            return o instanceof Outcome x && x.rank == rank && x.size == size && x.pid == pid && x.k == k && x.d == d
                    && Arrays.equals(x.centres, centres) && Arrays.equals(x.priors, priors)
                    && Arrays.equals(x.assignment, assignment)
                    && Double.compare(x.adjustedRand, adjustedRand) == 0 && x.iterations == iterations;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(centres) * 31 + Arrays.hashCode(assignment);
        }

        @Override
        public String toString() {
            return "rank " + rank + "/" + size + " (pid " + pid + "): " + k + " centres " + Arrays.toString(centres)
                    + ", ARI " + adjustedRand + ", " + iterations + " iterations";
        }
    }
}
