package mpi;

/** The neighbours of a shift ({@code Cartcomm.Shift}); {@code MPI.PROC_NULL} past a non-periodic edge. */
public class ShiftParms {
    /** The rank to receive from. */
    public int rank_source;
    /** The rank to send to. */
    public int rank_dest;

    ShiftParms() {
    }
}
