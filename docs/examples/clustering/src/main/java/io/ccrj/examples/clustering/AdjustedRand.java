package io.ccrj.examples.clustering;

import java.util.HashMap;
import java.util.Map;

/**
 * The adjusted Rand index of two partitions of the same points (Hubert &amp; Arabie 1985): 1 for
 * the same partition (whatever the cluster numbers), about 0 for independent ones.
 */
public final class AdjustedRand {
    private AdjustedRand() {
    }

    /**
     * The index of two labellings.
     *
     * @param a one cluster label per point
     * @param b another, of the same points
     * @return {@code (index - expected) / (max - expected)} over pairs of points; 1 when both
     *     labellings put every point in one cluster, or every point in its own
     * @throws IllegalArgumentException if the lengths differ or are 0
     */
    public static double index(int[] a, int[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("labellings of " + a.length + " and " + b.length + " points");
        }
        if (a.length == 0) {
            throw new IllegalArgumentException("no points to compare");
        }
        if (a.length == 1) {
            return 1; // one point: one partition
        }
        Map<Long, Integer> joint = new HashMap<>();
        Map<Integer, Integer> rows = new HashMap<>();
        Map<Integer, Integer> cols = new HashMap<>();
        for (int i = 0; i < a.length; i++) {
            joint.merge(((long) a[i] << 32) ^ (b[i] & 0xffffffffL), 1, Integer::sum);
            rows.merge(a[i], 1, Integer::sum);
            cols.merge(b[i], 1, Integer::sum);
        }
        double sumJoint = 0;
        for (int c : joint.values()) {
            sumJoint += pairs(c);
        }
        double sumRows = 0;
        for (int c : rows.values()) {
            sumRows += pairs(c);
        }
        double sumCols = 0;
        for (int c : cols.values()) {
            sumCols += pairs(c);
        }
        double total = pairs(a.length);
        double expected = sumRows * sumCols / total;
        double max = (sumRows + sumCols) / 2;
        if (max == expected) {
            return 1; // both trivial (one cluster, or all singletons): identical by construction
        }
        return (sumJoint - expected) / (max - expected);
    }

    private static double pairs(long c) {
        return c * (c - 1) / 2.0;
    }
}
