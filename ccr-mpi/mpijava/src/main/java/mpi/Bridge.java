package mpi;

import io.ccrj.mpi.MpiException;

/**
 * The translations shared by the classes of this package: errors, tags and statuses between the
 * mpiJava conventions and ccr-mpi's. Stateless.
 */
final class Bridge {
    private Bridge() {
    }

    /** ccr-mpi's failure as mpiJava's exception. */
    static MPIException error(MpiException e) {
        return new MPIException(e);
    }

    /** A receive or probe tag: mpiJava's ANY_TAG (-2) is ccr-mpi's {@link io.ccrj.mpi.Comm#ANY_TAG}. */
    static int tag(int tag) {
        return tag == MPI.ANY_TAG ? io.ccrj.mpi.Comm.ANY_TAG : tag;
    }

    /** A rank returned by ccr-mpi: its UNDEFINED is mpiJava's {@link MPI#UNDEFINED}. */
    static int rankOut(int rank) {
        return rank == io.ccrj.mpi.Comm.UNDEFINED ? MPI.UNDEFINED : rank;
    }

    /** A color passed to Split: mpiJava's UNDEFINED is ccr-mpi's {@link io.ccrj.mpi.Comm#UNDEFINED}. */
    static int colorIn(int color) {
        return color == MPI.UNDEFINED ? io.ccrj.mpi.Comm.UNDEFINED : color;
    }

    /** ccr-mpi's status as mpiJava's; {@code null} stays {@code null}. */
    static Status status(io.ccrj.mpi.Status s) {
        if (s == null) {
            return null;
        }
        return new Status(s);
    }

    /** ccr-mpi's statuses as mpiJava's; {@code null} elements stay {@code null}. */
    static Status[] statuses(io.ccrj.mpi.Status[] ss) {
        if (ss == null) {
            return null;
        }
        Status[] out = new Status[ss.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = status(ss[i]);
        }
        return out;
    }

    /** mpiJava's requests as ccr-mpi's; null requests ({@link MPI#REQUEST_NULL} or {@code null}) are {@code null}. */
    static io.ccrj.mpi.Request[] requests(Request[] requests) {
        if (requests == null) {
            throw new MPIException("requests: the array is null");
        }
        io.ccrj.mpi.Request[] rs = new io.ccrj.mpi.Request[requests.length];
        for (int i = 0; i < rs.length; i++) {
            rs[i] = requests[i] == null ? null : requests[i].impl;
        }
        return rs;
    }

    /** ccr-mpi's comparison as mpiJava's constant. */
    static int comparison(io.ccrj.mpi.Comparison c) {
        return switch (c) {
            case IDENT -> MPI.IDENT;
            case CONGRUENT -> MPI.CONGRUENT;
            case SIMILAR -> MPI.SIMILAR;
            case UNEQUAL -> MPI.UNEQUAL;
        };
    }
}
