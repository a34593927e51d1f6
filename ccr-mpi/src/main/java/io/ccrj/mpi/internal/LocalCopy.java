package io.ccrj.mpi.internal;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;

/** A rank's own block in a collective: copied locally, with the receive's truncation check. */
final class LocalCopy {
    private LocalCopy() {
    }

    static void copy(DefaultComm comm, String op, Object src, int srcOffset, int count, Object dst, int dstOffset,
            int capacity) {
        if (count > capacity) {
            throw new MpiException(ErrorClass.TRUNCATE, op + " on " + comm.label() + ": rank " + comm.rank()
                    + "'s own block of " + count + " elements does not fit the receive block of " + capacity);
        }
        try {
            System.arraycopy(src, srcOffset, dst, dstOffset, count);
        } catch (ArrayStoreException e) {
            throw new MpiException(ErrorClass.TYPE, op + " on " + comm.label() + ": an element cannot be stored in "
                    + "the receive buffer: " + e.getMessage());
        }
    }
}
