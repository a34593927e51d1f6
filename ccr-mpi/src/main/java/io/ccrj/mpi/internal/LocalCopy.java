package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;

/** A rank's own block in a collective: copied locally, with the receive's truncation check. */
final class LocalCopy {
    private LocalCopy() {
    }

    /**
     * Copies {@code count} items of {@code srcType} into at most {@code capacity} items of
     * {@code dstType}, element by element in type-map order.
     */
    static void copy(CollTransport comm, String op, Object src, int srcOffset, int count, Datatype srcType, Object dst,
            int dstOffset, int capacity, Datatype dstType) {
        long elements = (long) count * srcType.size();
        long room = (long) capacity * dstType.size();
        if (elements > room) {
            throw new MpiException(ErrorClass.TRUNCATE, op + " on " + comm.label() + ": rank " + comm.rank()
                    + "'s own block of " + elements + " elements does not fit the receive block of " + room);
        }
        try {
            if (srcType.isDense() && dstType.isDense()) {
                System.arraycopy(src, srcOffset, dst, dstOffset, (int) elements);
            } else {
                Object flat = srcType.newArray((int) elements);
                TypeMap.of(srcType).toContiguous(src, srcOffset, count, flat, 0);
                TypeMap.of(dstType).fromContiguous(flat, 0, (int) elements, dst, dstOffset);
            }
        } catch (ArrayStoreException e) {
            throw new MpiException(ErrorClass.TYPE, op + " on " + comm.label() + ": an element cannot be stored in "
                    + "the receive buffer: " + e.getMessage());
        }
    }
}
