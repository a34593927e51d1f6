package io.ccrj.examples.clustering;

import java.util.List;
import java.util.Map;

/**
 * What a clustering job produced.
 *
 * @param k the number of clusters
 * @param d the dimensions
 * @param centres the centres in the input's units, {@code k * d}, centre by centre
 * @param counts the points of each cluster
 * @param spread the root-mean-square distance of each cluster's points from its centre, in the
 *     standardised units the annealing worked in
 * @param labels the cluster of every point (the final hard assignment)
 * @param projection every point on the first two principal components (x, y per point), for the picture
 * @param centreProjection the centres on them
 * @param adjustedRand the adjusted Rand index against the known clusters, or NaN when none are known
 * @param t0 the starting temperature ({@code 2 lambda_max} of the standardised covariance)
 * @param steps every temperature of the annealing
 * @param iterations the EM iterations run
 * @param iterationMillis the mean time of one EM iteration (reduction included), on rank 0
 * @param fluctuation the slowest rank's compute time over the mean, averaged over iterations
 * @param criterion for a job that chose K: the Bayesian information criterion of each K tried
 *     (larger is better); else empty
 * @param stageMillis the wall time of each stage of the workflow, in order
 */
public record JobResult(int k, int d, double[] centres, long[] counts, double[] spread, int[] labels,
                        double[] projection, double[] centreProjection, double adjustedRand, double t0,
                        List<Step> steps, int iterations, double iterationMillis, double fluctuation,
                        Map<Integer, Double> criterion, Map<String, Double> stageMillis) {
}
