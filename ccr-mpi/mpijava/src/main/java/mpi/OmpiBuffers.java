package mpi;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * The buffers of Open MPI's Java bindings as ccr-mpi's (array, offset) pairs. Open MPI takes a
 * Java array (from its first element), a heap {@link Buffer} (from its first element: its
 * {@code arrayOffset()}, whatever its position, so {@link MPI#slice} is how an offset is written)
 * or a direct {@link Buffer} (from its address: element 0). ccr-mpi copies between arrays, so:
 *
 * <ul>
 *   <li>an array, or a heap buffer whose array has the datatype's element type, is used in place;
 *   <li>any other buffer (direct, read-only, or a {@link ByteBuffer} holding another element type
 *       in its byte order) is copied into a fresh array of the datatype's element type before the
 *       operation and, for a receive, copied back once it completed ({@link View#flush()}).
 * </ul>
 *
 * <p>The pair types {@link MPI#SHORT_INT}, {@link MPI#LONG_INT}, {@link MPI#FLOAT_INT},
 * {@link MPI#DOUBLE_INT} and {@link MPI#INT2} in a {@link ByteBuffer} are C structs (value, then
 * a 4-byte index at the value's alignment), as Open MPI lays them out and {@link Struct}'s pair
 * classes read them; they are converted to and from ccr-mpi's pair arrays (the index widened to
 * the value's type, exact for every {@code int} index in {@code long} and {@code double}, and up
 * to 2<sup>24</sup> in {@code float}).
 *
 * <p>Stateless; a {@link View} belongs to the one call or request it was made for.
 */
final class OmpiBuffers {
    private OmpiBuffers() {
    }

    /** An operation's buffer as ccr-mpi takes it, and how to copy a receive's result back. */
    static final class View {
        final Object array;
        final int offset;
        private final Buffer nio;
        private final Datatype type;
        private final int items;

        private View(Object array, int offset, Buffer nio, Datatype type, int items) {
            this.array = array;
            this.offset = offset;
            this.nio = nio;
            this.type = type;
            this.items = items;
        }

        /** Copies a received copy back into the program's buffer (nothing for a buffer used in place). */
        void flush() {
            if (nio != null) {
                store(nio, type, array, items);
            }
        }

        /** Copies the program's buffer into the copy again (a persistent send's start). */
        void refresh() {
            if (nio != null) {
                load(nio, type, array, items);
            }
        }
    }

    /**
     * The view of {@code buf} for {@code items} items of {@code type}.
     *
     * @param buf an array, a {@link Buffer}, {@code null} or ccr-mpi's {@code IN_PLACE}
     * @param items how many items of {@code type} the operation may touch from element 0
     */
    static View of(String operation, Object buf, Datatype type, int items) {
        if (!(buf instanceof Buffer b)) {
            return new View(buf, 0, null, type, items);
        }
        io.ccrj.mpi.Datatype t = type.impl(operation);
        if (type.pairBytes == 0 && b.hasArray() && !b.isReadOnly()
                && b.array().getClass() == t.arrayClass()) {
            return new View(b.array(), b.arrayOffset(), null, type, items);
        }
        int elements = elements(t, items);
        Object copy = java.lang.reflect.Array.newInstance(t.arrayClass().getComponentType(), elements);
        load(b, type, copy, items);
        return new View(copy, 0, b, type, items);
    }

    /** Open MPI's refusal of a heap buffer in a nonblocking call (its own words and exception). */
    static void requireDirect(String operation, Buffer buf) {
        if (buf != null && !buf.isDirect()) {
            throw new IllegalArgumentException(operation + ": the buffer must be direct (MPI.newXxxBuffer),"
                    + " as Open MPI requires for nonblocking calls");
        }
    }

    /** The base elements {@code items} items of {@code t} span from element 0. */
    private static int elements(io.ccrj.mpi.Datatype t, int items) {
        if (items <= 0) {
            return 0;
        }
        long n = (long) (items - 1) * t.extent() + t.ub();
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE - 8, n));
    }

    private static MpiException tooSmall(Buffer b, Datatype type, long need) {
        return new MpiException(ErrorClass.BUFFER, "the " + b.getClass().getSimpleName() + " holds " + b.capacity()
                + " elements, the operation needs " + need + " of " + type);
    }

    private static MpiException wrongType(Buffer b, Datatype type) {
        return new MpiException(ErrorClass.TYPE, "a " + b.getClass().getSimpleName() + " cannot hold " + type
                + " items (" + type.impl.base() + " elements)");
    }

    /** Copies the buffer's elements [0, n) into {@code array} (n its length). */
    private static void load(Buffer b, Datatype type, Object array, int items) {
        int n = java.lang.reflect.Array.getLength(array);
        if (type.pairBytes != 0) {
            pairs((ByteBuffer) requireBytes(b, type), type, array, items, true);
            return;
        }
        switch (array) {
            case byte[] a -> bytes(b, type, n).get(0, a, 0, n);
            case boolean[] a -> {
                ByteBuffer bb = bytes(b, type, n);
                for (int i = 0; i < n; i++) {
                    a[i] = bb.get(i) != 0;
                }
            }
            case char[] a -> chars(b, type, n).get(0, a, 0, n);
            case short[] a -> shorts(b, type, n).get(0, a, 0, n);
            case int[] a -> ints(b, type, n).get(0, a, 0, n);
            case long[] a -> longs(b, type, n).get(0, a, 0, n);
            case float[] a -> floats(b, type, n).get(0, a, 0, n);
            case double[] a -> doubles(b, type, n).get(0, a, 0, n);
            default -> throw wrongType(b, type);
        }
    }

    /** Copies {@code array} back into the buffer's elements [0, n). */
    private static void store(Buffer b, Datatype type, Object array, int items) {
        int n = java.lang.reflect.Array.getLength(array);
        if (type.pairBytes != 0) {
            pairs((ByteBuffer) b, type, array, items, false);
            return;
        }
        switch (array) {
            case byte[] a -> bytes(b, type, n).put(0, a, 0, n);
            case boolean[] a -> {
                ByteBuffer bb = bytes(b, type, n);
                for (int i = 0; i < n; i++) {
                    bb.put(i, (byte) (a[i] ? 1 : 0));
                }
            }
            case char[] a -> chars(b, type, n).put(0, a, 0, n);
            case short[] a -> shorts(b, type, n).put(0, a, 0, n);
            case int[] a -> ints(b, type, n).put(0, a, 0, n);
            case long[] a -> longs(b, type, n).put(0, a, 0, n);
            case float[] a -> floats(b, type, n).put(0, a, 0, n);
            case double[] a -> doubles(b, type, n).put(0, a, 0, n);
            default -> throw wrongType(b, type);
        }
    }

    private static Buffer requireBytes(Buffer b, Datatype type) {
        if (!(b instanceof ByteBuffer)) {
            throw wrongType(b, type);
        }
        return b;
    }

    /** A byte buffer keeping {@code b}'s byte order (duplicate() would reset it to big-endian). */
    private static ByteBuffer dup(ByteBuffer b) {
        return b.duplicate().order(b.order());
    }

    private static ByteBuffer bytes(Buffer b, Datatype type, int n) {
        ByteBuffer bb = (ByteBuffer) requireBytes(b, type);
        check(bb, type, n, bb.capacity());
        return bb;
    }

    private static void check(Buffer b, Datatype type, long need, int have) {
        if (need > have) {
            throw tooSmall(b, type, need);
        }
    }

    private static CharBuffer chars(Buffer b, Datatype type, int n) {
        CharBuffer c = b instanceof ByteBuffer bb ? dup(bb).clear().asCharBuffer()
                : b instanceof CharBuffer cb ? cb : null;
        if (c == null) {
            throw wrongType(b, type);
        }
        check(b, type, n, c.capacity());
        return c;
    }

    private static ShortBuffer shorts(Buffer b, Datatype type, int n) {
        ShortBuffer c = b instanceof ByteBuffer bb ? dup(bb).clear().asShortBuffer()
                : b instanceof ShortBuffer sb ? sb : null;
        if (c == null) {
            throw wrongType(b, type);
        }
        check(b, type, n, c.capacity());
        return c;
    }

    private static IntBuffer ints(Buffer b, Datatype type, int n) {
        IntBuffer c = b instanceof ByteBuffer bb ? dup(bb).clear().asIntBuffer()
                : b instanceof IntBuffer ib ? ib : null;
        if (c == null) {
            throw wrongType(b, type);
        }
        check(b, type, n, c.capacity());
        return c;
    }

    private static LongBuffer longs(Buffer b, Datatype type, int n) {
        LongBuffer c = b instanceof ByteBuffer bb ? dup(bb).clear().asLongBuffer()
                : b instanceof LongBuffer lb ? lb : null;
        if (c == null) {
            throw wrongType(b, type);
        }
        check(b, type, n, c.capacity());
        return c;
    }

    private static FloatBuffer floats(Buffer b, Datatype type, int n) {
        FloatBuffer c = b instanceof ByteBuffer bb ? dup(bb).clear().asFloatBuffer()
                : b instanceof FloatBuffer fb ? fb : null;
        if (c == null) {
            throw wrongType(b, type);
        }
        check(b, type, n, c.capacity());
        return c;
    }

    private static DoubleBuffer doubles(Buffer b, Datatype type, int n) {
        DoubleBuffer c = b instanceof ByteBuffer bb ? dup(bb).clear().asDoubleBuffer()
                : b instanceof DoubleBuffer db ? db : null;
        if (c == null) {
            throw wrongType(b, type);
        }
        check(b, type, n, c.capacity());
        return c;
    }

    /**
     * Converts between Open MPI's pair structs in a byte buffer and ccr-mpi's pair arrays
     * ({@code array[2i]} the value, {@code array[2i + 1]} the index).
     */
    private static void pairs(ByteBuffer b, Datatype type, Object array, int items, boolean load) {
        int record = type.pairBytes;
        int pairsInArray = java.lang.reflect.Array.getLength(array) / 2;
        int n = Math.min(items, pairsInArray);
        check(b, type, (long) n * record, b.capacity());
        ByteBuffer bb = dup(b);
        int indexAt = type.pairIndexOffset;
        for (int i = 0; i < n; i++) {
            int at = i * record;
            switch (array) {
                case int[] a -> {
                    if (load) {
                        a[2 * i] = type.pairValueBytes == 2 ? bb.getShort(at) : bb.getInt(at);
                        a[2 * i + 1] = bb.getInt(at + indexAt);
                    } else {
                        if (type.pairValueBytes == 2) {
                            bb.putShort(at, (short) a[2 * i]);
                        } else {
                            bb.putInt(at, a[2 * i]);
                        }
                        bb.putInt(at + indexAt, a[2 * i + 1]);
                    }
                }
                case long[] a -> {
                    if (load) {
                        a[2 * i] = bb.getLong(at);
                        a[2 * i + 1] = bb.getInt(at + indexAt);
                    } else {
                        bb.putLong(at, a[2 * i]);
                        bb.putInt(at + indexAt, (int) a[2 * i + 1]);
                    }
                }
                case float[] a -> {
                    if (load) {
                        a[2 * i] = bb.getFloat(at);
                        a[2 * i + 1] = bb.getInt(at + indexAt);
                    } else {
                        bb.putFloat(at, a[2 * i]);
                        bb.putInt(at + indexAt, (int) a[2 * i + 1]);
                    }
                }
                case double[] a -> {
                    if (load) {
                        a[2 * i] = bb.getDouble(at);
                        a[2 * i + 1] = bb.getInt(at + indexAt);
                    } else {
                        bb.putDouble(at, a[2 * i]);
                        bb.putInt(at + indexAt, (int) a[2 * i + 1]);
                    }
                }
                default -> throw wrongType(b, type);
            }
        }
    }

    /** The native byte order, which {@link MPI#newByteBuffer} and {@link MPI#slice} give. */
    static final ByteOrder NATIVE = ByteOrder.nativeOrder();
}
