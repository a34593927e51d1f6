package mpi;

import io.ccrj.mpi.MpiException;

/**
 * A communicator with a Cartesian topology, as mpiJava's {@code mpi.Cartcomm}; a thin view of
 * ccr-mpi's {@link io.ccrj.mpi.CartComm}.
 */
public class Cartcomm extends Intracomm {
    private final io.ccrj.mpi.CartComm cart;

    Cartcomm(io.ccrj.mpi.CartComm impl) {
        super(impl);
        this.cart = impl;
    }

    /**
     * The rank at the given coordinates ({@code Rank(int[])}).
     *
     * @param coords one coordinate per dimension
     * @return the rank
     * @throws MPIException for coordinates outside a non-periodic grid
     */
    public int Rank(int[] coords) throws MPIException {
        try {
            return cart.rankOf(coords);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * The coordinates of a rank ({@code Coords}).
     *
     * @param rank a rank of this communicator
     * @return its coordinates
     * @throws MPIException for a bad rank
     */
    public int[] Coords(int rank) throws MPIException {
        try {
            return cart.coords(rank);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * The neighbours of a shift ({@code Shift}).
     *
     * @param direction the dimension
     * @param disp the displacement
     * @return the source and destination ranks
     * @throws MPIException for a bad direction
     */
    public ShiftParms Shift(int direction, int disp) throws MPIException {
        try {
            io.ccrj.mpi.CartComm.Shift s = cart.shift(direction, disp);
            ShiftParms p = new ShiftParms();
            p.rank_source = s.source();
            p.rank_dest = s.dest();
            return p;
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * The sub-grid keeping the flagged dimensions ({@code Sub}).
     *
     * @param remain_dims one flag per dimension
     * @return this process's sub-grid communicator
     * @throws MPIException for a wrong number of flags
     */
    public Cartcomm Sub(boolean[] remain_dims) throws MPIException {
        try {
            return new Cartcomm(cart.sub(remain_dims));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * The grid's shape and this process's coordinates ({@code Get}).
     *
     * @return the parameters
     * @throws MPIException never
     */
    public CartParms Get() throws MPIException {
        CartParms p = new CartParms();
        p.dims = cart.dims();
        p.periods = cart.periods();
        p.coords = cart.coords(cart.rank());
        return p;
    }

    /**
     * The rank the calling process would have in a Cartesian topology of this communicator
     * ({@code Map}, {@code MPI_Cart_map}); ranks keep their order in ccr-mpi's grids.
     *
     * @param dims the extent of each dimension
     * @param periods whether each dimension wraps around
     * @return the caller's rank if it is below the number of grid points, else {@link MPI#UNDEFINED}
     * @throws MPIException if the arrays differ in length, an extent is below 1 or the grid has
     *     more points than processes
     */
    public int Map(int[] dims, boolean[] periods) throws MPIException {
        try {
            return Bridge.rankOut(cart.cartMap(dims, periods));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * The topology ({@code Topo_test}).
     *
     * @return {@link MPI#CART}
     * @throws MPIException never
     */
    @Override
    public int Topo_test() throws MPIException {
        return MPI.CART;
    }

    /**
     * A balanced grid for {@code nnodes} processes ({@code Dims_create}); zero entries of
     * {@code dims} are filled in place.
     *
     * @param nnodes the number of processes
     * @param dims the dimensions, zero where to choose
     * @throws MPIException if the fixed entries do not divide {@code nnodes}
     */
    public static void Dims_create(int nnodes, int[] dims) throws MPIException {
        try {
            io.ccrj.mpi.CartComm.dimsCreate(nnodes, dims);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }
}
