package mpi;

/**
 * A communicator with a Cartesian topology, as Open MPI's {@code mpi.CartComm} (mpiJava's is
 * {@link Cartcomm}; both view ccr-mpi's {@link io.ccrj.mpi.CartComm}). Made by
 * {@link Intracomm#createCart}.
 */
public class CartComm extends Intracomm {
    /** mpiJava's view of the same communicator, which the calls below pass on to. */
    private final Cartcomm cart;

    CartComm(io.ccrj.mpi.CartComm impl) {
        super(impl);
        this.cart = new Cartcomm(impl);
    }

    /**
     * A duplicate ({@code MPI_Comm_dup}).
     *
     * @return the duplicate, with the same topology
     * @throws MPIException if the communicator was freed
     */
    @Override
    public CartComm clone() throws MPIException {
        return dup();
    }

    /**
     * A duplicate ({@code MPI_Comm_dup}).
     *
     * @return the duplicate, with the same topology
     * @throws MPIException if the communicator was freed
     */
    @Override
    public CartComm dup() throws MPIException {
        return (CartComm) super.dup();
    }

    @Override
    CartComm dupSameKind() {
        return sameKind(impl.dup());
    }

    @Override
    CartComm sameKind(io.ccrj.mpi.Comm d) {
        return inherit(new CartComm((io.ccrj.mpi.CartComm) d));
    }

    /**
     * A duplicate by a nonblocking collective ({@code MPI_Comm_idup}), with the same topology.
     *
     * @return the new communicator (its {@link #getRequest()} is complete)
     * @throws MPIException if the communicator was freed
     */
    @Override
    public CartComm iDup() throws MPIException {
        return (CartComm) super.iDup();
    }

    /**
     * A duplicate with info hints ({@code MPI_Comm_dup_with_info}).
     *
     * @param info the hints
     * @return the duplicate
     * @throws MPIException if the communicator was freed
     */
    @Override
    public CartComm dupWithInfo(Info info) throws MPIException {
        CartComm c = dup();
        c.setInfo(info);
        return c;
    }

    /**
     * The grid's shape and this process's coordinates ({@code MPI_Cart_get}).
     *
     * @return the parameters
     * @throws MPIException never
     */
    public CartParms getTopo() throws MPIException {
        return errorHandled(cart::Get);
    }

    /**
     * The rank at the coordinates ({@code MPI_Cart_rank}).
     *
     * @param coords one coordinate per dimension
     * @return the rank
     * @throws MPIException for coordinates outside a non-periodic grid
     */
    public int getRank(int[] coords) throws MPIException {
        return errorHandled(() -> cart.Rank(coords));
    }

    /**
     * The coordinates of a rank ({@code MPI_Cart_coords}).
     *
     * @param rank the rank
     * @return its coordinates
     * @throws MPIException for a bad rank
     */
    public int[] getCoords(int rank) throws MPIException {
        return errorHandled(() -> cart.Coords(rank));
    }

    /**
     * The neighbours of a shift ({@code MPI_Cart_shift}).
     *
     * @param direction the dimension
     * @param disp the displacement
     * @return the ranks to receive from and send to ({@link MPI#PROC_NULL} past a non-periodic edge)
     * @throws MPIException for a bad dimension
     */
    public ShiftParms shift(int direction, int disp) throws MPIException {
        return errorHandled(() -> cart.Shift(direction, disp));
    }

    /**
     * The subgrid keeping the dimensions marked ({@code MPI_Cart_sub}).
     *
     * @param remainDims per dimension, whether it is kept
     * @return the subgrid communicator of this process
     * @throws MPIException for a bad argument
     */
    public CartComm sub(boolean[] remainDims) throws MPIException {
        return errorHandled(() -> {
            Cartcomm c = cart.Sub(remainDims);
            return c == null ? null : inherit(new CartComm((io.ccrj.mpi.CartComm) c.impl));
        });
    }

    /**
     * This process's rank in a grid of this shape ({@code MPI_Cart_map}).
     *
     * @param dims the extent of each dimension
     * @param periods whether each is periodic
     * @return the rank, or {@link MPI#UNDEFINED} beyond the grid
     * @throws MPIException for a malformed grid
     */
    public int map(int[] dims, boolean[] periods) throws MPIException {
        return errorHandled(() -> cart.Map(dims, periods));
    }

    /**
     * Fills the zero entries of {@code dims} with a balanced factorisation of {@code nnodes}
     * ({@code MPI_Dims_create}).
     *
     * @param nnodes the number of processes
     * @param dims the dimensions; non-zero entries are kept
     * @throws MPIException if the kept entries do not divide {@code nnodes}
     */
    public static void createDims(int nnodes, int[] dims) throws MPIException {
        Cartcomm.Dims_create(nnodes, dims);
    }
}
