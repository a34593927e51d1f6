package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import java.util.IdentityHashMap;
import java.util.Map;
import mpi.MPI;

/**
 * ccr-mpi datatypes, wildcards and colors as MPJ Express's, and back. Derived datatypes are made
 * once per ccr-mpi datatype from the flattened type map (runs of consecutive displacements as
 * blocks): an MPJ Express {@code Vector} where the runs repeat regularly from displacement 0,
 * else an {@code Indexed} type, whose lower bound, upper bound and extent are those of the type
 * map. A type with explicit bounds ({@link Datatype#LB}/{@link Datatype#UB} markers) has other
 * bounds, and MPJ Express 0.44 cannot send its own structs with markers, so such a type is
 * rejected with a message that says so. Confined to the rank's thread (one
 * rank per class loader).
 */
final class Types {

    private static final Map<Datatype, mpi.Datatype> DERIVED = new IdentityHashMap<>();
    private static final Map<mpi.Datatype, Datatype> BACK = new IdentityHashMap<>();

    private Types() {
    }

    static mpi.Datatype mpj(Datatype type) {
        mpi.Datatype basic = basic(type);
        if (basic != null) {
            return basic;
        }
        return DERIVED.computeIfAbsent(type, Types::derived);
    }

    private static mpi.Datatype basic(Datatype type) {
        if (type == Datatype.PACKED) {
            // MPJ Express's PACKED takes its own mpjbuf.Buffer, never a byte[] (ClassCastException);
            // ccr-mpi's packed messages are the bytes Datatype.pack wrote, which travel as BYTE
            return MPI.BYTE;
        }
        if (type.isPair()) {
            return switch (type.base()) {
                case SHORT -> MPI.SHORT2;
                case INT -> MPI.INT2;
                case LONG -> MPI.LONG2;
                case FLOAT -> MPI.FLOAT2;
                case DOUBLE -> MPI.DOUBLE2;
                default -> null;
            };
        }
        if (!type.isBasic()) {
            return null;
        }
        return of(type.base());
    }

    private static mpi.Datatype of(Datatype.Base base) {
        return switch (base) {
            case BYTE -> MPI.BYTE;
            case CHAR -> MPI.CHAR;
            case SHORT -> MPI.SHORT;
            case BOOLEAN -> MPI.BOOLEAN;
            case INT -> MPI.INT;
            case LONG -> MPI.LONG;
            case FLOAT -> MPI.FLOAT;
            case DOUBLE -> MPI.DOUBLE;
            case OBJECT -> MPI.OBJECT;
        };
    }

    private static mpi.Datatype derived(Datatype type) {
        int[] d = type.displacements();
        int min = java.util.Arrays.stream(d).min().orElse(0);
        int max = java.util.Arrays.stream(d).max().orElse(-1);
        if (type.lb() != min || type.ub() != max + 1) {
            throw new MpiException(ErrorClass.TYPE, "datatype " + type + " has explicit bounds (lb " + type.lb()
                    + ", ub " + type.ub() + ") from LB/UB markers: MPJ Express 0.44 cannot send structs with bound"
                    + " markers (a known deviation, see docs/mpj-express.md)");
        }
        int runs = 0;
        int[] lengths = new int[d.length];
        int[] starts = new int[d.length];
        for (int i = 0; i < d.length; ) {
            int j = i + 1;
            while (j < d.length && d[j] == d[j - 1] + 1) {
                j++;
            }
            starts[runs] = d[i];
            lengths[runs++] = j - i;
            i = j;
        }
        try {
            mpi.Datatype t = regular(starts, lengths, runs)
                    ? mpi.Datatype.Vector(runs, lengths[0], runs > 1 ? starts[1] - starts[0] : lengths[0],
                            of(type.base()))
                    : mpi.Datatype.Indexed(java.util.Arrays.copyOf(lengths, runs),
                            java.util.Arrays.copyOf(starts, runs), of(type.base()));
            t.Commit();
            BACK.put(t, type);
            return t;
        } catch (mpi.MPIException e) {
            throw new MpiException(ErrorClass.TYPE, "MPJ Express rejected datatype " + type + ": " + e, e);
        }
    }

    /** Whether the runs start at 0 and repeat with one length and one stride (a vector). */
    private static boolean regular(int[] starts, int[] lengths, int runs) {
        if (runs == 0 || starts[0] != 0) {
            return false;
        }
        for (int i = 1; i < runs; i++) {
            if (lengths[i] != lengths[0] || starts[i] - starts[i - 1] != starts[1] - starts[0]) {
                return false;
            }
        }
        return true;
    }

    /** The ccr-mpi datatype of an MPJ Express datatype handed to a user function. */
    static Datatype ccr(mpi.Datatype type, Object buffer) {
        Datatype derived = BACK.get(type);
        if (derived != null) {
            return derived;
        }
        if (type == MPI.SHORT2) {
            return Datatype.SHORT2;
        } else if (type == MPI.INT2) {
            return Datatype.INT2;
        } else if (type == MPI.LONG2) {
            return Datatype.LONG2;
        } else if (type == MPI.FLOAT2) {
            return Datatype.FLOAT2;
        } else if (type == MPI.DOUBLE2) {
            return Datatype.DOUBLE2;
        }
        return ofArray(buffer);
    }

    /** The basic datatype of a buffer handed to a user function. */
    static Datatype ofArray(Object buffer) {
        for (Datatype t : Datatype.values()) {
            if (t.base() != Datatype.Base.OBJECT && t.accepts(buffer)) {
                return t;
            }
        }
        return Datatype.OBJECT;
    }

    /** {@link io.ccrj.mpi.Comm#ANY_SOURCE} is -2 in both; mapped anyway, not assumed. */
    static int source(int source) {
        return source == io.ccrj.mpi.Comm.ANY_SOURCE ? MPI.ANY_SOURCE : source;
    }

    /** ccr-mpi's {@code ANY_TAG} is -1, MPJ Express's -2. */
    static int tag(int tag) {
        return tag == io.ccrj.mpi.Comm.ANY_TAG ? MPI.ANY_TAG : tag;
    }

    static String source(String name, int source) {
        return name + "=" + (source == io.ccrj.mpi.Comm.ANY_SOURCE ? "ANY_SOURCE" : Integer.toString(source));
    }

    static String tag(String name, int tag) {
        return name + "=" + (tag == io.ccrj.mpi.Comm.ANY_TAG ? "ANY_TAG" : Integer.toString(tag));
    }
}
