package io.ccrj.mpi.internal;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import java.lang.reflect.Array;

/**
 * The argument checks of the {@link Comm} contract, shared by every communicator implementation
 * (ccr-mpi's own and the MPJ Express adapter's), so that a program's mistake fails with the same
 * {@link ErrorClass} and message on every backend. Each check names the operation and the
 * communicator (such as {@code "send on world"}) and the offending value; the message is built
 * only when a check fails.
 *
 * <p>Public only so that the adapter, which runs on the class path, can use it; not part of the
 * API (the package is not exported). Stateless.
 */
@Internal
public final class Args {
    private Args() {
    }

    /**
     * The operation and communicator as messages name them; built only when a check fails, so
     * that the checks cost no allocation on the fast path.
     */
    private static String where(String op, String comm) {
        return comm == null ? op : op + " on " + comm;
    }

    /**
     * {@code count} items of {@code type} from {@code offset} lie in {@code buf}, an array of the
     * type's base type.
     *
     * @param op the operation, for the message
     * @param comm the communicator's label, or {@code null}
     * @param buf the buffer
     * @param offset index of the first item
     * @param count number of items
     * @param type the datatype
     */
    public static void buffer(String op, String comm, Object buf, int offset, int count, Datatype type) {
        if (type == null) {
            throw new MpiException(ErrorClass.TYPE, where(op, comm) + ": datatype is null");
        }
        if (type.isBoundMarker()) {
            throw new MpiException(ErrorClass.TYPE, where(op, comm) + ": datatype " + type
                    + " is a bound marker for struct, not a buffer datatype");
        }
        count(op, comm, "count", count);
        if (buf == null) {
            throw new MpiException(ErrorClass.BUFFER, where(op, comm) + ": buffer is null");
        }
        if (buf == Comm.IN_PLACE) {
            throw new MpiException(ErrorClass.BUFFER, where(op, comm) + ": IN_PLACE is not allowed for this buffer");
        }
        if (!type.accepts(buf)) {
            throw new MpiException(ErrorClass.TYPE, where(op, comm) + ": buffer of type "
                    + buf.getClass().getSimpleName()
                    + " does not match datatype " + type + " (expects " + type.arrayClass().getSimpleName() + ")");
        }
        int length = Array.getLength(buf);
        if (type.isDense() ? offset < 0 || offset > length - (long) count * type.size() : outside(type, offset, count,
                length)) {
            long[] span = TypeMap.of(type).span(offset, count);
            throw new MpiException(ErrorClass.BUFFER, where(op, comm) + ": elements [" + span[0] + ", " + span[1]
                    + ") lie outside the buffer of length " + length);
        }
    }

    private static boolean outside(Datatype type, int offset, int count, int length) {
        long[] span = TypeMap.of(type).span(offset, count);
        return span[0] < 0 || span[1] > length;
    }

    /**
     * {@code size} consecutive blocks of {@code countPerRank} items lie in {@code buf}.
     *
     * @param op the operation, for the message
     * @param comm the communicator's label, or {@code null}
     * @param buf the buffer
     * @param offset index of the first block
     * @param countPerRank items per block
     * @param size number of blocks
     * @param type the datatype
     */
    public static void blocks(String op, String comm, Object buf, int offset, int countPerRank, int size,
            Datatype type) {
        count(op, comm, "count", countPerRank);
        long total = (long) countPerRank * size;
        if (total > Integer.MAX_VALUE) {
            throw new MpiException(ErrorClass.COUNT, where(op, comm) + ": " + countPerRank + " x " + size
                    + " items exceed an array");
        }
        buffer(op, comm, buf, offset, (int) total, type);
    }

    /**
     * Per-rank counts and displacements of a v-collective: {@code size} of each, counts
     * {@code >= 0}, and every block inside {@code buf}.
     *
     * @param op the operation, for the message
     * @param comm the communicator's label, or {@code null}
     * @param buf the buffer
     * @param offset index the displacements count from
     * @param counts items per rank
     * @param displs each block's start, in extents of {@code type}
     * @param size the communicator's size
     * @param type the datatype
     */
    public static void vblocks(String op, String comm, Object buf, int offset, int[] counts, int[] displs, int size,
            Datatype type) {
        if (counts == null || displs == null) {
            throw new MpiException(ErrorClass.ARG, where(op, comm) + ": "
                    + (counts == null ? "counts" : "displacements") + " array is null");
        }
        if (counts.length < size || displs.length < size) {
            throw new MpiException(ErrorClass.ARG, where(op, comm) + ": " + counts.length + " counts and "
                    + displs.length + " displacements for " + size + " ranks");
        }
        buffer(op, comm, buf, offset, 0, type);
        int length = Array.getLength(buf);
        int extent = type.extent();
        // messages are built only on failure: this loop runs on every call of a v-collective
        for (int i = 0; i < size; i++) {
            if (counts[i] < 0) {
                throw new MpiException(ErrorClass.COUNT, where(op, comm) + ": count of rank " + i
                        + " must be >= 0, got " + counts[i]);
            }
            long start = offset + (long) displs[i] * extent;
            boolean outside = start < Integer.MIN_VALUE || start > Integer.MAX_VALUE
                    || (type.isDense() ? start < 0 || start + (long) counts[i] * type.size() > length
                            : outside(type, (int) start, counts[i], length));
            if (outside) {
                throw new MpiException(ErrorClass.BUFFER, where(op, comm) + ": the block of rank " + i + " ("
                        + counts[i] + " items from displacement " + displs[i] + ") lies outside the buffer of length "
                        + length);
            }
        }
    }

    /**
     * A count is not negative.
     *
     * @param op the operation, for the message
     * @param comm the communicator's label, or {@code null}
     * @param name what is counted
     * @param count the count
     */
    public static void count(String op, String comm, String name, int count) {
        if (count < 0) {
            throw new MpiException(ErrorClass.COUNT, where(op, comm) + ": " + name + " must be >= 0, got " + count);
        }
    }

    /**
     * Send and receive datatypes of a collective share a base type.
     *
     * @param op the operation, for the message
     * @param comm the communicator's label, or {@code null}
     * @param sendtype the send datatype
     * @param recvtype the receive datatype
     */
    public static void sameBase(String op, String comm, Datatype sendtype, Datatype recvtype) {
        if (sendtype == null || recvtype == null) {
            throw new MpiException(ErrorClass.TYPE, where(op, comm) + ": datatype is null");
        }
        if (sendtype.base() != recvtype.base()) {
            throw new MpiException(ErrorClass.TYPE, where(op, comm) + ": send datatype " + sendtype
                    + " differs from receive datatype " + recvtype + " (base types " + sendtype.base() + " and "
                    + recvtype.base() + ")");
        }
    }

    /**
     * A destination rank in {@code [0, size)}.
     *
     * @param op the operation, for the message
     * @param comm the communicator's label, or {@code null}
     * @param dest the rank
     * @param size the communicator's size
     */
    public static void dest(String op, String comm, int dest, int size) {
        if (dest < 0 || dest >= size) {
            throw new MpiException(ErrorClass.RANK, where(op, comm) + ": destination rank " + dest
                    + " is not in [0, " + size
                    + ")");
        }
    }

    /**
     * A source rank in {@code [0, size)} or {@link Comm#ANY_SOURCE}.
     *
     * @param op the operation, for the message
     * @param comm the communicator's label, or {@code null}
     * @param source the rank
     * @param size the communicator's size
     */
    public static void source(String op, String comm, int source, int size) {
        if ((source < 0 || source >= size) && source != Comm.ANY_SOURCE) {
            throw new MpiException(ErrorClass.RANK, where(op, comm) + ": source rank " + source
                    + " is not in [0, " + size
                    + ") nor Comm.ANY_SOURCE");
        }
    }

    /**
     * A root rank in {@code [0, size)}.
     *
     * @param op the operation, for the message
     * @param comm the communicator's label, or {@code null}
     * @param root the rank
     * @param size the communicator's size
     */
    public static void root(String op, String comm, int root, int size) {
        if (root < 0 || root >= size) {
            throw new MpiException(ErrorClass.ROOT, where(op, comm) + ": root " + root + " is not in [0, " + size
                    + ")");
        }
    }

    /**
     * A send tag {@code >= 0}.
     *
     * @param op the operation, for the message
     * @param comm the communicator's label, or {@code null}
     * @param tag the tag
     */
    public static void sendTag(String op, String comm, int tag) {
        if (tag < 0) {
            throw new MpiException(ErrorClass.TAG, where(op, comm) + ": tag must be >= 0"
                    + (tag == Comm.ANY_TAG ? " (Comm.ANY_TAG is for receives only)" : "") + ", got " + tag);
        }
    }

    /**
     * A receive tag {@code >= 0} or {@link Comm#ANY_TAG}.
     *
     * @param op the operation, for the message
     * @param comm the communicator's label, or {@code null}
     * @param tag the tag
     */
    public static void recvTag(String op, String comm, int tag) {
        if (tag < 0 && tag != Comm.ANY_TAG) {
            throw new MpiException(ErrorClass.TAG, where(op, comm) + ": tag must be >= 0 or Comm.ANY_TAG, got " + tag);
        }
    }

    /**
     * An operation defined on the datatype.
     *
     * @param op the collective, for the message
     * @param comm the communicator's label, or {@code null}
     * @param operation the reduction operation
     * @param type the datatype
     */
    public static void op(String op, String comm, Op operation, Datatype type) {
        if (operation == null) {
            throw new MpiException(ErrorClass.OP, where(op, comm) + ": operation is null");
        }
        if (operation == Op.REPLACE || operation == Op.NO_OP) {
            throw new MpiException(ErrorClass.OP, where(op, comm) + ": operation " + operation.name()
                    + " is defined for the accumulate operations of windows only, not for reductions");
        }
        if (type != null && !operation.supports(type)) {
            throw new MpiException(ErrorClass.OP, where(op, comm) + ": operation " + operation.name()
                    + " is not defined on datatype " + type);
        }
    }
}
