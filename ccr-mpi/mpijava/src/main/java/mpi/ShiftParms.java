package mpi;

/** The neighbours of a shift ({@code Cartcomm.Shift}); {@code MPI.PROC_NULL} past a non-periodic edge. */
public class ShiftParms {
    /** The rank to receive from. */
    public int rank_source;
    /** The rank to send to. */
    public int rank_dest;

    ShiftParms() {
    }

    /**
     * The rank to receive from (Open MPI's {@code getRankSource}).
     *
     * @return the source rank, or {@link MPI#PROC_NULL}
     */
    public int getRankSource() {
        return rank_source;
    }

    /**
     * The rank to send to (Open MPI's {@code getRankDest}).
     *
     * @return the destination rank, or {@link MPI#PROC_NULL}
     */
    public int getRankDest() {
        return rank_dest;
    }
}
