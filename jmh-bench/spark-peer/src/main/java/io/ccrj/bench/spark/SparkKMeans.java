package io.ccrj.bench.spark;

import io.ccrj.examples.clustering.Points;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.clustering.KMeans;
import org.apache.spark.mllib.clustering.KMeansModel;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * Spark MLlib's k-means in local mode, driven one Lloyd iteration at a time: a
 * {@link SparkSession} on {@code local[cores]} with the points cached in memory, one partition per
 * core, and {@link #iterate(double[])}, which runs MLlib's {@link KMeans} with the given centres
 * as its initial model and {@code maxIterations} 1, so that no initialisation (random or
 * k-means||) is run or timed.
 *
 * <p>What one {@link #iterate} costs is what MLlib does for such a run: the centres broadcast, the
 * points' norms computed (MLlib's {@code run} does that for every call), one job that assigns each
 * cached point to its nearest centre and sums the clusters per partition, a {@code reduceByKey}
 * of the K sums and their collection on the driver, the centres moved to the means (a cluster
 * that lost all its points keeps its centre, as in the clustering kernel).
 *
 * <p>The session is quiet and local: no web UI, no console progress bar, the driver bound to
 * 127.0.0.1; logging comes from this module's {@code log4j2.properties} (errors only). One
 * instance per JVM at a time (Spark allows one active context); not thread-safe.
 */
public final class SparkKMeans implements AutoCloseable {
    private final SparkSession session;
    private final JavaRDD<Vector> cached;
    private final int n;
    private final int d;

    private SparkKMeans(SparkSession session, JavaRDD<Vector> cached, int n, int d) {
        this.session = session;
        this.cached = cached;
        this.n = n;
        this.d = d;
    }

    /**
     * Starts a local session and caches the points: on return they are materialised in memory
     * (one {@code count} has run), so that the first iteration times no loading.
     *
     * @param cores the session's {@code local[cores]} threads, and the points' partitions; 1 to 256
     * @param points the points
     * @return the session with the points cached
     * @throws IllegalArgumentException if {@code cores} is out of range or exceeds the points
     */
    public static SparkKMeans local(int cores, Points points) {
        Objects.requireNonNull(points, "points");
        if (cores < 1 || cores > 256) {
            throw new IllegalArgumentException("cores must be from 1 to 256, got " + cores);
        }
        if (cores > points.n()) {
            throw new IllegalArgumentException(cores + " cores for " + points.n() + " points: each partition needs a point");
        }
        SparkSession session = SparkSession.builder()
                .appName("ccrj-spark-peer")
                .master("local[" + cores + "]")
                .config("spark.ui.enabled", false)
                .config("spark.ui.showConsoleProgress", false)
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.default.parallelism", cores)
                .getOrCreate();
        try {
            List<Vector> rows = new ArrayList<>(points.n());
            for (int i = 0; i < points.n(); i++) {
                rows.add(Vectors.dense(points.point(i)));
            }
            JavaRDD<Vector> rdd = JavaSparkContext.fromSparkContext(session.sparkContext()).parallelize(rows, cores);
            // Deserialised in memory: an iteration reads the vectors as they are, as the ranks read their block.
            rdd.persist(StorageLevel.MEMORY_ONLY());
            long counted = rdd.count();
            if (counted != points.n()) {
                throw new IllegalStateException("Spark cached " + counted + " of " + points.n() + " points");
            }
            return new SparkKMeans(session, rdd, points.n(), points.d());
        } catch (RuntimeException e) {
            session.stop();
            throw e;
        }
    }

    /**
     * One Lloyd iteration by MLlib from the given centres.
     *
     * @param centres K x D, row by row (K at least 1)
     * @return the centres after the iteration and MLlib's cost of its assignment
     * @throws IllegalArgumentException if {@code centres} is not a whole number of D-dimensional rows
     */
    public Step iterate(double[] centres) {
        Objects.requireNonNull(centres, "centres");
        if (centres.length == 0 || centres.length % d != 0) {
            throw new IllegalArgumentException("centres must be K x " + d + " values (K at least 1), got " + centres.length);
        }
        int k = centres.length / d;
        Vector[] initial = new Vector[k];
        for (int c = 0; c < k; c++) {
            double[] row = new double[d];
            System.arraycopy(centres, c * d, row, 0, d);
            initial[c] = Vectors.dense(row);
        }
        KMeansModel model = new KMeans()
                .setK(k)                                    // first: setInitialModel checks the model's K against it
                .setMaxIterations(1)
                .setInitialModel(new KMeansModel(initial))
                .run(cached.rdd());
        Vector[] next = model.clusterCenters();
        double[] out = new double[k * d];
        for (int c = 0; c < k; c++) {
            System.arraycopy(next[c].toArray(), 0, out, c * d, d);
        }
        return new Step(out, model.trainingCost());
    }

    /** @return the points cached */
    public int points() {
        return n;
    }

    /** Drops the cached points and stops the session. */
    @Override
    public void close() {
        try {
            cached.unpersist(true);
        } finally {
            session.stop();
        }
    }

    /**
     * What one iteration gave.
     *
     * @param centres the new centres, K x D, row by row
     * @param cost MLlib's training cost: the sum of squared distances of the points to the centres
     *     they were assigned to (the centres the iteration started from)
     */
    public record Step(double[] centres, double cost) {
    }
}
