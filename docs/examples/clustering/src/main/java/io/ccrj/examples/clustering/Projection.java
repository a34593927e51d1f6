package io.ccrj.examples.clustering;

/**
 * The standardised points on their first two principal components, and the means to put centres
 * and the current clusters on them: what the live picture draws at each temperature.
 *
 * <p>Immutable by contract (nobody writes the arrays after construction): any thread may use it.
 *
 * @param points the standardised points
 * @param xy each point's two coordinates
 * @param first the first component (unit vector in the standardised space)
 * @param second the second
 */
public record Projection(Points points, double[] xy, double[] first, double[] second) {
    /**
     * Centres on the two components.
     *
     * @param centres {@code k * d} coordinates in the standardised space
     * @param k the number of centres
     * @return {@code 2 k} coordinates
     */
    public double[] project(double[] centres, int k) {
        int d = points.d();
        double[] out = new double[2 * k];
        for (int c = 0; c < k; c++) {
            for (int j = 0; j < d; j++) {
                out[2 * c] += centres[c * d + j] * first[j];
                out[2 * c + 1] += centres[c * d + j] * second[j];
            }
        }
        return out;
    }

    /**
     * The picture of an annealing step: a sample of the points coloured by their nearest centre at
     * that temperature.
     *
     * @param step the step
     * @param maxPoints the most points to draw
     * @param title the caption
     * @return the picture
     */
    public ClusterPicture picture(Step step, int maxPoints, String title) {
        int n = points.n();
        int every = Math.max(1, (n + maxPoints - 1) / maxPoints);
        int m = (n + every - 1) / every;
        double[] sampleXy = new double[2 * m];
        int[] labels = new int[m];
        Solution s = new Solution(step.clusters(), points.d(), step.centres(), new double[step.clusters()]);
        for (int i = 0, o = 0; i < n; i += every, o++) {
            sampleXy[2 * o] = xy[2 * i];
            sampleXy[2 * o + 1] = xy[2 * i + 1];
            labels[o] = s.nearest(points, i);
        }
        return new ClusterPicture(sampleXy, labels, project(step.centres(), step.clusters()), step.clusters(), title);
    }
}
