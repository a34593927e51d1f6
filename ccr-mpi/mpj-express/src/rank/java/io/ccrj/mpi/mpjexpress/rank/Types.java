package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.Datatype;
import mpi.MPI;

/** ccr-mpi datatypes, wildcards and colors as MPJ Express's, and back. */
final class Types {

    private Types() {
    }

    static mpi.Datatype mpj(Datatype type) {
        return switch (type) {
            case DOUBLE -> MPI.DOUBLE;
            case INT -> MPI.INT;
            case LONG -> MPI.LONG;
            case OBJECT -> MPI.OBJECT;
        };
    }

    /** The datatype of a buffer handed to a user function. */
    static Datatype ofArray(Object buffer) {
        if (buffer instanceof double[]) {
            return Datatype.DOUBLE;
        } else if (buffer instanceof int[]) {
            return Datatype.INT;
        } else if (buffer instanceof long[]) {
            return Datatype.LONG;
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
