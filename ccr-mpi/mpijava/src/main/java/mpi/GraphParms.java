package mpi;

/** A graph communicator's adjacency lists ({@code Graphcomm.Get()}), in MPI's compressed form. */
public class GraphParms {
    /** Cumulative neighbour counts. */
    public int[] index;
    /** The concatenated neighbour lists. */
    public int[] edges;

    /** Empty parameters, as MPJ Express's public constructor. */
    public GraphParms() {
    }
}
