package io.ccrj.mpi.internal;

/**
 * Element-by-element copies between a derived datatype's scattered elements and a contiguous run,
 * for the primitive buffer types other than {@code boolean[]} (which takes the caller's run-by-run
 * path, as {@code Object[]} does).
 *
 * <p>Why loops of their own: a type map of short runs costs a {@link System#arraycopy} call per
 * run, far more than the element it moves. And why the stride-2 loops: C2 removes the bounds
 * check of {@code base + c * j} from a loop only when {@code c} is a compile-time constant, so a
 * loop stepping by a variable stride checks every element; every other element (complex numbers,
 * red-black sweeps, one column of two) is common enough to get its own constant-stride loop,
 * which runs about a fifth faster. Other strides take the variable-stride loop; irregular type
 * maps read their displacements. One method per Java type, since Java has no generics over
 * primitive arrays.
 *
 * <p>Stateless; callers have checked that every index lies inside its array (the argument
 * checks of the send or receive), so an out-of-bounds access here is a bug and fails loudly.
 */
final class ElementCopy {
    private ElementCopy() {
    }

    /**
     * Copies {@code count} items into consecutive elements of {@code dst} from {@code at}: item
     * {@code k} starts at {@code offset + k * extent}, and its elements lie at the displacements
     * {@code d} (at {@code d[0] + j * stride} where {@code stride > 0}).
     *
     * @return {@code false}, copying nothing, for {@code boolean[]} and {@code Object[]} buffers
     *     and for arrays of two types (the caller's {@link System#arraycopy} then reports the
     *     mismatch)
     */
    static boolean gather(Object buf, int offset, int count, int extent, int[] d, int stride, Object dst,
            int at) {
        if (dst.getClass() != buf.getClass()) {
            return false;
        }
        // one type test per call, not per item: items of short runs are small
        switch (buf) {
            case double[] a -> gather(a, offset, count, extent, d, stride, (double[]) dst, at);
            case long[] a -> gather(a, offset, count, extent, d, stride, (long[]) dst, at);
            case int[] a -> gather(a, offset, count, extent, d, stride, (int[]) dst, at);
            case float[] a -> gather(a, offset, count, extent, d, stride, (float[]) dst, at);
            case short[] a -> gather(a, offset, count, extent, d, stride, (short[]) dst, at);
            case char[] a -> gather(a, offset, count, extent, d, stride, (char[]) dst, at);
            case byte[] a -> gather(a, offset, count, extent, d, stride, (byte[]) dst, at);
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * The inverse of {@link #gather}: consecutive elements of {@code src} from {@code at} fill
     * {@code count} whole items of {@code buf}.
     *
     * @return {@code false}, copying nothing, for {@code boolean[]} and {@code Object[]} buffers
     *     and for arrays of two types
     */
    static boolean scatter(Object src, int at, int count, Object buf, int offset, int extent, int[] d,
            int stride) {
        if (src.getClass() != buf.getClass()) {
            return false;
        }
        switch (buf) {
            case double[] a -> scatter((double[]) src, at, count, a, offset, extent, d, stride);
            case long[] a -> scatter((long[]) src, at, count, a, offset, extent, d, stride);
            case int[] a -> scatter((int[]) src, at, count, a, offset, extent, d, stride);
            case float[] a -> scatter((float[]) src, at, count, a, offset, extent, d, stride);
            case short[] a -> scatter((short[]) src, at, count, a, offset, extent, d, stride);
            case char[] a -> scatter((char[]) src, at, count, a, offset, extent, d, stride);
            case byte[] a -> scatter((byte[]) src, at, count, a, offset, extent, d, stride);
            default -> {
                return false;
            }
        }
        return true;
    }


    private static void gather(double[] s, int offset, int count, int extent, int[] d, int stride, double[] t, int at) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int from = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + 2 * j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + stride * j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[item + d[j]];
                }
            }
        }
    }

    private static void scatter(double[] s, int at, int count, double[] t, int offset, int extent, int[] d, int stride) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int to = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[to + 2 * j] = s[at + j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[to + stride * j] = s[at + j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[item + d[j]] = s[at + j];
                }
            }
        }
    }

    private static void gather(long[] s, int offset, int count, int extent, int[] d, int stride, long[] t, int at) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int from = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + 2 * j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + stride * j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[item + d[j]];
                }
            }
        }
    }

    private static void scatter(long[] s, int at, int count, long[] t, int offset, int extent, int[] d, int stride) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int to = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[to + 2 * j] = s[at + j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[to + stride * j] = s[at + j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[item + d[j]] = s[at + j];
                }
            }
        }
    }

    private static void gather(int[] s, int offset, int count, int extent, int[] d, int stride, int[] t, int at) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int from = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + 2 * j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + stride * j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[item + d[j]];
                }
            }
        }
    }

    private static void scatter(int[] s, int at, int count, int[] t, int offset, int extent, int[] d, int stride) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int to = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[to + 2 * j] = s[at + j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[to + stride * j] = s[at + j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[item + d[j]] = s[at + j];
                }
            }
        }
    }

    private static void gather(float[] s, int offset, int count, int extent, int[] d, int stride, float[] t, int at) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int from = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + 2 * j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + stride * j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[item + d[j]];
                }
            }
        }
    }

    private static void scatter(float[] s, int at, int count, float[] t, int offset, int extent, int[] d, int stride) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int to = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[to + 2 * j] = s[at + j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[to + stride * j] = s[at + j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[item + d[j]] = s[at + j];
                }
            }
        }
    }

    private static void gather(short[] s, int offset, int count, int extent, int[] d, int stride, short[] t, int at) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int from = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + 2 * j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + stride * j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[item + d[j]];
                }
            }
        }
    }

    private static void scatter(short[] s, int at, int count, short[] t, int offset, int extent, int[] d, int stride) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int to = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[to + 2 * j] = s[at + j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[to + stride * j] = s[at + j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[item + d[j]] = s[at + j];
                }
            }
        }
    }

    private static void gather(char[] s, int offset, int count, int extent, int[] d, int stride, char[] t, int at) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int from = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + 2 * j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + stride * j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[item + d[j]];
                }
            }
        }
    }

    private static void scatter(char[] s, int at, int count, char[] t, int offset, int extent, int[] d, int stride) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int to = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[to + 2 * j] = s[at + j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[to + stride * j] = s[at + j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[item + d[j]] = s[at + j];
                }
            }
        }
    }

    private static void gather(byte[] s, int offset, int count, int extent, int[] d, int stride, byte[] t, int at) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int from = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + 2 * j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[from + stride * j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[at + j] = s[item + d[j]];
                }
            }
        }
    }

    private static void scatter(byte[] s, int at, int count, byte[] t, int offset, int extent, int[] d, int stride) {
        int m = d.length;
        for (int k = 0, item = offset; k < count; k++, item += extent, at += m) {
            int to = item + d[0];
            if (stride == 2) {
                for (int j = 0; j < m; j++) {
                    t[to + 2 * j] = s[at + j];
                }
            } else if (stride > 0) {
                for (int j = 0; j < m; j++) {
                    t[to + stride * j] = s[at + j];
                }
            } else {
                for (int j = 0; j < m; j++) {
                    t[item + d[j]] = s[at + j];
                }
            }
        }
    }
}
