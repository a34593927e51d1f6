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

    /**
     * The number of dimensions (Open MPI's {@code getDimCount}).
     *
     * @return {@code dims.length}
     */
    public int getDimCount() {
        return dims.length;
    }

    /**
     * The extent of dimension {@code i} (Open MPI's {@code getDim}).
     *
     * @param i the dimension
     * @return its number of processes
     */
    public int getDim(int i) {
        return dims[i];
    }

    /**
     * Whether dimension {@code i} is periodic (Open MPI's {@code getPeriod}).
     *
     * @param i the dimension
     * @return its periodicity
     */
    public boolean getPeriod(int i) {
        return periods[i];
    }

    /**
     * This process's coordinate in dimension {@code i} (Open MPI's {@code getCoord}).
     *
     * @param i the dimension
     * @return the coordinate
     */
    public int getCoord(int i) {
        return coords[i];
    }
}
