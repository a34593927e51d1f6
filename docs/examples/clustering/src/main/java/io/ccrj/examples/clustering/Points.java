package io.ccrj.examples.clustering;

import java.util.Arrays;
import java.util.Objects;

/**
 * N points in D dimensions, stored row by row in one array: point {@code i}'s coordinate
 * {@code j} is {@code values[i * d + j]}.
 *
 * <p>Immutable by contract: the application never writes into {@code values} after construction,
 * so every rank and every handler may read it at once without synchronisation (the array is
 * published to them through the world start or a port post, which happen-before their reads).
 *
 * @param n the number of points, at least 1
 * @param d the number of dimensions, at least 1
 * @param values {@code n * d} finite coordinates, row by row
 */
public record Points(int n, int d, double[] values) {
    /**
     * Checks the shape and that every coordinate is finite.
     *
     * @throws IllegalArgumentException naming the problem (and the point of a non-finite value)
     */
    public Points {
        Objects.requireNonNull(values, "values");
        if (n < 1) {
            throw new IllegalArgumentException("no points: clustering needs at least one point");
        }
        if (d < 1) {
            throw new IllegalArgumentException("points need at least one dimension, got " + d);
        }
        if ((long) n * d != values.length) {
            throw new IllegalArgumentException(n + " points of " + d + " dimensions need " + ((long) n * d)
                    + " values, got " + values.length);
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException("point " + (i / d) + ", coordinate " + (i % d) + " is " + values[i]
                        + ": every coordinate must be a finite number");
            }
        }
    }

    /**
     * One coordinate.
     *
     * @param i the point
     * @param j the dimension
     * @return {@code values[i * d + j]}
     */
    public double get(int i, int j) {
        return values[i * d + j];
    }

    /**
     * A copy of one point.
     *
     * @param i the point
     * @return its {@code d} coordinates
     */
    public double[] point(int i) {
        return Arrays.copyOfRange(values, i * d, i * d + d);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Points p && p.n == n && p.d == d && Arrays.equals(p.values, values);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * n + d) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return n + " points in " + d + " dimensions";
    }
}
