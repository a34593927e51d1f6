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

    /**
     * The exception of an mpiJava operation that ccr-mpi's API does not offer yet; the message
     * names it and points at MPJ Express, which runs the same program.
     */
    static MPIException notYet(String operation) {
        return new MPIException(operation + " is not yet supported by ccr-mpi's mpiJava layer (the same"
                + " compiled program runs on MPJ Express; see docs/ccr-mpi.md)");
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
        int tag = s.tag() == io.ccrj.mpi.Comm.ANY_TAG ? MPI.ANY_TAG : s.tag();
        return new Status(s.source(), tag, s.count());
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
