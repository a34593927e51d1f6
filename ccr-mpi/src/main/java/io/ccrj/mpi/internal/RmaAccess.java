package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;

/**
 * The element moves of the one-sided operations, between an origin rank's buffers and a target's
 * window array: each holds the target's {@link RmaTarget#monitor} while it touches the target's
 * elements, and packs or unpacks the origin's buffers (private to the origin) outside it. Target
 * indices are absolute ({@code offset + displacement * unit}), checked by {@link RmaWindow};
 * datatypes may be derived: a non-dense datatype goes through its {@link TypeMap} into packed
 * elements. Stateless.
 */
final class RmaAccess {
    private RmaAccess() {
    }

    /** {@code MPI_Put}: the origin's elements into the target's. */
    static void put(RmaTarget t, Object origin, int ooff, int ocount, Datatype otype, int tstart, int tcount,
            Datatype ttype) {
        int n = tcount * ttype.size();
        if (n == 0) {
            return;
        }
        Object src = packed(origin, ooff, ocount, otype, n);
        int so = src == origin ? ooff : 0;
        t.monitor.lock();
        try {
            store(t, src, so, n, tstart, ttype);
        } finally {
            t.monitor.unlock();
        }
    }

    /** {@code MPI_Get}: the target's elements into the origin's. */
    static void get(RmaTarget t, Object origin, int ooff, int ocount, Datatype otype, int tstart, int tcount,
            Datatype ttype) {
        int n = tcount * ttype.size();
        if (n == 0) {
            return;
        }
        if (otype.isDense()) {
            t.monitor.lock();
            try {
                load(t, tstart, tcount, ttype, n, origin, ooff);
            } finally {
                t.monitor.unlock();
            }
            return;
        }
        Object tmp = t.baseType.newArray(n);
        t.monitor.lock();
        try {
            load(t, tstart, tcount, ttype, n, tmp, 0);
        } finally {
            t.monitor.unlock();
        }
        TypeMap.of(otype).fromContiguous(tmp, 0, n, origin, ooff);
    }

    /** {@code MPI_Accumulate}: {@code target = origin op target}, element by element, atomically. */
    static void accumulate(RmaTarget t, Object origin, int ooff, int ocount, Datatype otype, int tstart, int tcount,
            Datatype ttype, Op op) {
        if (op == Op.REPLACE) {
            put(t, origin, ooff, ocount, otype, tstart, tcount, ttype);
            return;
        }
        int n = tcount * ttype.size();
        if (n == 0) {
            return;
        }
        Object src = packed(origin, ooff, ocount, otype, n);
        int so = src == origin ? ooff : 0;
        Object tmp = ttype.isDense() ? null : t.baseType.newArray(n);
        t.monitor.lock();
        try {
            combine(t, src, so, tstart, tcount, ttype, n, op, tmp);
        } finally {
            t.monitor.unlock();
        }
    }

    /**
     * {@code MPI_Get_accumulate}: the target's elements into {@code result}, then
     * {@code target = origin op target}, in one step under the monitor.
     */
    static void getAccumulate(RmaTarget t, Object origin, int ooff, int ocount, Datatype otype, Object result,
            int roff, int rcount, Datatype rtype, int tstart, int tcount, Datatype ttype, Op op) {
        int n = tcount * ttype.size();
        if (n == 0) {
            return;
        }
        Object src = op == Op.NO_OP ? null : packed(origin, ooff, ocount, otype, n);
        int so = src == origin ? ooff : 0;
        // the target's previous elements go straight into a dense result; else through 'old'
        Object old = rtype.isDense() ? result : t.baseType.newArray(n);
        int oldAt = old == result ? roff : 0;
        Object tmp = ttype.isDense() || op == Op.NO_OP || op == Op.REPLACE ? null : t.baseType.newArray(n);
        t.monitor.lock();
        try {
            load(t, tstart, tcount, ttype, n, old, oldAt);
            if (op == Op.REPLACE) {
                store(t, src, so, n, tstart, ttype);
            } else if (op != Op.NO_OP) {
                combine(t, src, so, tstart, tcount, ttype, n, op, tmp);
            }
        } finally {
            t.monitor.unlock();
        }
        if (old != result) {
            TypeMap.of(rtype).fromContiguous(old, 0, n, result, roff);
        }
    }

    /** {@code MPI_Compare_and_swap} of the target element at {@code index}. */
    static void compareAndSwap(RmaTarget t, Object origin, int ooff, Object compare, int coff, Object result,
            int roff, int index) {
        Datatype.Base b = t.baseType;
        long value = element(b, origin, ooff);
        long expected = element(b, compare, coff);
        long previous;
        t.monitor.lock();
        try {
            previous = element(b, t.base, index);
            if (previous == expected) {
                setElement(b, t.base, index, value);
            }
        } finally {
            t.monitor.unlock();
        }
        setElement(b, result, roff, previous);
    }

    /** Whether compare-and-swap is defined on {@code type}: one element of an integer, boolean or byte type (MPI). */
    static boolean comparable(Datatype type) {
        if (!type.isBasic()) {
            return false;
        }
        return switch (type.base()) {
            case BYTE, CHAR, SHORT, BOOLEAN, INT, LONG -> true;
            default -> false;
        };
    }

    // ------------------------------------------------------------------ helpers (monitor held where noted)

    /** The origin's elements packed: the buffer itself if dense, else a packed copy. */
    private static Object packed(Object origin, int ooff, int ocount, Datatype otype, int n) {
        if (otype.isDense()) {
            return origin;
        }
        Object src = otype.base().newArray(n);
        TypeMap.of(otype).toContiguous(origin, ooff, ocount, src, 0);
        return src;
    }

    /** Monitor held: {@code n} packed elements into the target's items of {@code ttype} from {@code tstart}. */
    private static void store(RmaTarget t, Object src, int so, int n, int tstart, Datatype ttype) {
        if (ttype.isDense()) {
            System.arraycopy(src, so, t.base, tstart, n);
        } else {
            TypeMap.of(ttype).fromContiguous(src, so, n, t.base, tstart);
        }
    }

    /** Monitor held: the target's {@code tcount} items of {@code ttype} packed into {@code dst[at]}. */
    private static void load(RmaTarget t, int tstart, int tcount, Datatype ttype, int n, Object dst, int at) {
        if (ttype.isDense()) {
            System.arraycopy(t.base, tstart, dst, at, n);
        } else {
            TypeMap.of(ttype).toContiguous(t.base, tstart, tcount, dst, at);
        }
    }

    /**
     * Monitor held: {@code target = src op target}; a dense target is combined in place, another
     * through {@code tmp} ({@code n} elements).
     */
    private static void combine(RmaTarget t, Object src, int so, int tstart, int tcount, Datatype ttype, int n, Op op,
            Object tmp) {
        if (ttype.isDense()) {
            op.apply(src, so, t.base, tstart, tcount, ttype);
            return;
        }
        load(t, tstart, tcount, ttype, n, tmp, 0);
        op.apply(src, so, tmp, 0, tcount, ttype);
        store(t, tmp, 0, n, tstart, ttype);
    }

    private static long element(Datatype.Base b, Object a, int i) {
        return switch (b) {
            case BYTE -> ((byte[]) a)[i];
            case CHAR -> ((char[]) a)[i];
            case SHORT -> ((short[]) a)[i];
            case BOOLEAN -> ((boolean[]) a)[i] ? 1 : 0;
            case INT -> ((int[]) a)[i];
            case LONG -> ((long[]) a)[i];
            default -> throw new AssertionError("compareAndSwap on " + b + " is refused by RmaWindow");
        };
    }

    private static void setElement(Datatype.Base b, Object a, int i, long v) {
        switch (b) {
            case BYTE -> ((byte[]) a)[i] = (byte) v;
            case CHAR -> ((char[]) a)[i] = (char) v;
            case SHORT -> ((short[]) a)[i] = (short) v;
            case BOOLEAN -> ((boolean[]) a)[i] = v != 0;
            case INT -> ((int[]) a)[i] = (int) v;
            case LONG -> ((long[]) a)[i] = v;
            default -> throw new AssertionError("compareAndSwap on " + b + " is refused by RmaWindow");
        }
    }
}
