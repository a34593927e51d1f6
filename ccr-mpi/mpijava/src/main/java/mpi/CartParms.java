package mpi;

/** A Cartesian communicator's shape and this rank's place in it ({@code Cartcomm.Get()}). */
public class CartParms {
    /** The extent of each dimension. */
    public int[] dims;
    /** Whether each dimension is periodic. */
    public boolean[] periods;
    /** This rank's coordinates. */
    public int[] coords;

    CartParms() {
    }
}
