package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The type map of a {@link Datatype} and the element copies it drives: gathering the items of a
 * buffer into consecutive elements (what a message carries) and scattering them back, and the
 * index span a send or receive touches. Every datatype owns one, made when the datatype is;
 * {@link #of} finds it.
 *
 * <p>Immutable and thread-safe. The datatype registers the accessor {@link #of} uses once, in its
 * class initialisation, which happens before any datatype exists, so every caller that holds a
 * datatype sees the accessor (a volatile field, read once per call).
 */
@Internal
public final class TypeMap {
    private static volatile Function<Datatype, TypeMap> access;

    /** The displacement of each element, in base elements. */
    private final int[] displacements;
    private final int extent;
    /** The type map as runs of consecutive displacements: start and length of each. */
    private final int[] runStarts;
    private final int[] runLengths;
    private final boolean dense;
    /** Runs average fewer than 4 elements: element loops beat one arraycopy call per run. */
    private final boolean shortRuns;
    /**
     * The distance between consecutive elements if the type map is single elements at one
     * constant stride (a {@code vector} with block length 1), else 0: element loops then step
     * through the buffer without reading the type map.
     */
    private final int unitStride;
    /**
     * The smallest and largest displacement (0 and -1 for an empty type map), computed once: every
     * argument check asks for the span a send or receive touches ({@link #span}), and scanning a
     * large type map per call cost as much as moving its elements.
     */
    private final int minDisplacement;
    private final int maxDisplacement;

    /**
     * The type map of a datatype whose elements lie at {@code displacements} between the bounds
     * {@code lb} and {@code ub}.
     *
     * @param displacements each element's displacement, in type-map order (not copied: the
     *     caller gives it up)
     * @param lb the lower bound
     * @param ub the upper bound
     */
    public TypeMap(int[] displacements, int lb, int ub) {
        this.displacements = displacements;
        this.extent = ub - lb;
        List<int[]> runs = new ArrayList<>();
        for (int i = 0; i < displacements.length; ) {
            int j = i + 1;
            while (j < displacements.length && displacements[j] == displacements[j - 1] + 1) {
                j++;
            }
            runs.add(new int[] {displacements[i], j - i});
            i = j;
        }
        this.runStarts = runs.stream().mapToInt(r -> r[0]).toArray();
        this.runLengths = runs.stream().mapToInt(r -> r[1]).toArray();
        this.dense = lb == 0 && ub == displacements.length && runs.size() <= 1
                && (runs.isEmpty() || runStarts[0] == 0);
        this.shortRuns = runs.size() * 4 > displacements.length;
        int stride = displacements.length > 1 ? displacements[1] - displacements[0] : 0;
        for (int i = 2; i < displacements.length && stride != 0; i++) {
            if (displacements[i] - displacements[i - 1] != stride) {
                stride = 0;
            }
        }
        this.unitStride = stride > 1 ? stride : 0;
        int min = displacements.length == 0 ? 0 : Integer.MAX_VALUE;
        int max = displacements.length == 0 ? -1 : Integer.MIN_VALUE;
        for (int d : displacements) {
            min = Math.min(min, d);
            max = Math.max(max, d);
        }
        this.minDisplacement = min;
        this.maxDisplacement = max;
    }

    /**
     * Registers how {@link #of} reaches a datatype's type map; called once, by {@link Datatype}'s
     * class initialisation.
     *
     * @param accessor returns a datatype's type map
     */
    public static void register(Function<Datatype, TypeMap> accessor) {
        if (access != null) {
            throw new IllegalStateException("the type map accessor is registered already");
        }
        access = accessor;
    }

    /**
     * The type map of {@code type}.
     *
     * @param type a datatype
     * @return its type map
     */
    public static TypeMap of(Datatype type) {
        return access.apply(type);
    }

    /** @return the number of elements of an item */
    public int size() {
        return displacements.length;
    }

    /** @return a copy of the displacements */
    public int[] displacements() {
        return displacements.clone();
    }

    /** @return whether {@code count} items are {@code count * size()} consecutive elements from the offset */
    public boolean isDense() {
        return dense;
    }

    /**
     * The index span {@code count} items starting at {@code offset} touch: the smallest index and
     * one past the largest, or {@code {offset, offset}} if they touch none.
     *
     * @param offset the index of the first item
     * @param count the number of items, {@code >= 0}
     * @return {@code {low, high}}
     */
    public long[] span(int offset, int count) {
        if (count == 0 || displacements.length == 0) {
            return new long[] {offset, offset};
        }
        long last = (long) (count - 1) * extent;
        return new long[] {offset + minDisplacement + Math.min(0, last), offset + maxDisplacement + Math.max(0, last) + 1};
    }

    /**
     * Copies {@code count} items from {@code buf} into {@code count * size()} consecutive elements
     * of {@code dst} (an array of the same base type), in type-map order.
     *
     * @param buf the source buffer
     * @param offset index of the first item
     * @param count number of items
     * @param dst the destination array
     * @param dstOffset index of the first element written
     */
    public void toContiguous(Object buf, int offset, int count, Object dst, int dstOffset) {
        if (dense) {
            System.arraycopy(buf, offset, dst, dstOffset, count * displacements.length);
            return;
        }
        // short runs: element loops beat one arraycopy call per run (false for boolean[] and Object[])
        if (shortRuns && ElementCopy.gather(buf, offset, count, extent, displacements, unitStride, dst, dstOffset)) {
            return;
        }
        int at = dstOffset;
        for (int k = 0; k < count; k++) {
            int item = offset + k * extent;
            for (int r = 0; r < runStarts.length; r++) {
                System.arraycopy(buf, item + runStarts[r], dst, at, runLengths[r]);
                at += runLengths[r];
            }
        }
    }

    /**
     * Copies {@code elements} consecutive base elements of {@code src} into {@code buf}, filling
     * items in type-map order from {@code offset} (the last item possibly in part).
     *
     * @param src the source array
     * @param srcOffset index of the first element read
     * @param elements number of base elements
     * @param buf the destination buffer
     * @param offset index of the first item written
     */
    public void fromContiguous(Object src, int srcOffset, int elements, Object buf, int offset) {
        if (dense) {
            System.arraycopy(src, srcOffset, buf, offset, elements);
            return;
        }
        if (shortRuns && elements % displacements.length == 0
                && ElementCopy.scatter(src, srcOffset, elements / displacements.length, buf, offset, extent,
                        displacements, unitStride)) {
            return;
        }
        int at = srcOffset;
        int left = elements;
        for (int k = 0; left > 0; k++) {
            int item = offset + k * extent;
            for (int r = 0; r < runStarts.length && left > 0; r++) {
                int n = Math.min(left, runLengths[r]);
                System.arraycopy(src, at, buf, item + runStarts[r], n);
                at += n;
                left -= n;
            }
        }
    }
}
