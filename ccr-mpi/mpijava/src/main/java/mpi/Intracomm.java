package mpi;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.mpijava.internal.BinaryName;

/**
 * An intracommunicator, as mpiJava's {@code mpi.Intracomm}: {@link Comm}'s point-to-point plus
 * collectives and the communicator constructors, each passed on to ccr-mpi's
 * {@link io.ccrj.mpi.Comm} with the same arguments.
 * mpiJava 1.2 has no {@code MPI_IN_PLACE}; ccr-mpi's {@link io.ccrj.mpi.Comm#IN_PLACE} is not
 * offered here.
 */
public class Intracomm extends Comm {

    Intracomm(io.ccrj.mpi.Comm impl) {
        super(impl);
    }

    /**
     * Compares two communicators ({@code Compare}).
     *
     * @param comm1 the first communicator
     * @param comm2 the second communicator
     * @return {@link MPI#IDENT}, {@link MPI#CONGRUENT}, {@link MPI#SIMILAR} or {@link MPI#UNEQUAL}
     * @throws MPIException if a communicator was freed
     */
    public static int Compare(Comm comm1, Comm comm2) throws MPIException {
        return Comm.Compare(comm1, comm2);
    }

    /**
     * Partitions the communicator by color, ranked by key ({@code Split}).
     *
     * @param colour a non-negative color, or {@link MPI#UNDEFINED}
     * @param key the ordering key
     * @return the new communicator, or {@code null} for {@link MPI#UNDEFINED}
     * @throws MPIException for a negative color
     */
    public Intracomm Split(int colour, int key) throws MPIException {
        try {
            return (Intracomm) wrap(impl.split(Bridge.colorIn(colour), key));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * A communicator of a subgroup ({@code Create}).
     *
     * @param group a subgroup of this communicator's group
     * @return the new communicator, or {@code null} outside {@code group}
     * @throws MPIException if the group is not a subgroup
     */
    public Intracomm Create(Group group) throws MPIException {
        try {
            return (Intracomm) wrap(impl.create(group.impl));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Waits for every process ({@code Barrier}).
     *
     * @throws MPIException if the world ended
     */
    public void Barrier() throws MPIException {
        try {
            impl.barrier();
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Broadcasts the root's elements ({@code Bcast}).
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public void Bcast(Object buf, int offset, int count, Datatype datatype, int root) throws MPIException {
        try {
            impl.bcast(buf, offset, count, datatype.impl("Bcast"), root);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Gathers every process's block at the root ({@code Gather}).
     *
     * @param sendbuf the block sent
     * @param sendoffset its first element
     * @param sendcount elements per process
     * @param sendtype the send element type
     * @param recvbuf the root's result buffer
     * @param recvoffset its first element
     * @param recvcount elements from each process
     * @param recvtype the receive element type
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            impl.gather(sendbuf, sendoffset, sendcount, sendtype.impl("Gather"), recvbuf, recvoffset, recvcount,
                    recvtype.impl("Gather"), root);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Gathers blocks of varying size at the root ({@code Gatherv}).
     *
     * @param sendbuf the block sent
     * @param sendoffset its first element
     * @param sendcount its size
     * @param sendtype the send element type
     * @param recvbuf the root's result buffer
     * @param recvoffset its first element
     * @param recvcount the size of each process's block
     * @param displs where each block goes
     * @param recvtype the receive element type
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        try {
            impl.gatherv(sendbuf, sendoffset, sendcount, sendtype.impl("Gatherv"), recvbuf, recvoffset, recvcount,
                    displs, recvtype.impl("Gatherv"), root);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Scatters the root's blocks ({@code Scatter}).
     *
     * @param sendbuf the root's blocks
     * @param sendoffset their first element
     * @param sendcount elements per process
     * @param sendtype the send element type
     * @param recvbuf this process's block
     * @param recvoffset its first element
     * @param recvcount elements per process
     * @param recvtype the receive element type
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            impl.scatter(sendbuf, sendoffset, sendcount, sendtype.impl("Scatter"), recvbuf, recvoffset, recvcount,
                    recvtype.impl("Scatter"), root);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Scatters blocks of varying size from the root ({@code Scatterv}).
     *
     * @param sendbuf the root's blocks
     * @param sendoffset their first element
     * @param sendcount the size of each block
     * @param displs where each block starts
     * @param sendtype the send element type
     * @param recvbuf this process's block
     * @param recvoffset its first element
     * @param recvcount its size
     * @param recvtype the receive element type
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            impl.scatterv(sendbuf, sendoffset, sendcount, displs, sendtype.impl("Scatterv"), recvbuf, recvoffset,
                    recvcount, recvtype.impl("Scatterv"), root);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Gathers every block at every process ({@code Allgather}).
     *
     * @param sendbuf the block sent
     * @param sendoffset its first element
     * @param sendcount elements per process
     * @param sendtype the send element type
     * @param recvbuf the result buffer
     * @param recvoffset its first element
     * @param recvcount elements from each process
     * @param recvtype the receive element type
     * @throws MPIException for bad arguments
     */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        try {
            impl.allgather(sendbuf, sendoffset, sendcount, sendtype.impl("Allgather"), recvbuf, recvoffset,
                    recvcount, recvtype.impl("Allgather"));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Gathers blocks of varying size at every process ({@code Allgatherv}).
     *
     * @param sendbuf the block sent
     * @param sendoffset its first element
     * @param sendcount its size
     * @param sendtype the send element type
     * @param recvbuf the result buffer
     * @param recvoffset its first element
     * @param recvcount the size of each process's block
     * @param displs where each block goes
     * @param recvtype the receive element type
     * @throws MPIException for bad arguments
     */
    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        try {
            impl.allgatherv(sendbuf, sendoffset, sendcount, sendtype.impl("Allgatherv"), recvbuf, recvoffset,
                    recvcount, displs, recvtype.impl("Allgatherv"));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Sends block {@code j} to process {@code j} ({@code Alltoall}).
     *
     * @param sendbuf the outgoing blocks
     * @param sendoffset their first element
     * @param sendcount elements per block
     * @param sendtype the send element type
     * @param recvbuf the incoming blocks
     * @param recvoffset their first element
     * @param recvcount elements per block
     * @param recvtype the receive element type
     * @throws MPIException for bad arguments
     */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        try {
            impl.alltoall(sendbuf, sendoffset, sendcount, sendtype.impl("Alltoall"), recvbuf, recvoffset, recvcount,
                    recvtype.impl("Alltoall"));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * All-to-all with blocks of varying size ({@code Alltoallv}).
     *
     * @param sendbuf the outgoing blocks
     * @param sendoffset their first element
     * @param sendcount the size of each block
     * @param sdispls where each block starts
     * @param sendtype the send element type
     * @param recvbuf the incoming blocks
     * @param recvoffset their first element
     * @param recvcount the size of each incoming block
     * @param rdispls where each goes
     * @param recvtype the receive element type
     * @throws MPIException for bad arguments
     */
    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        try {
            impl.alltoallv(sendbuf, sendoffset, sendcount, sdispls, sendtype.impl("Alltoallv"), recvbuf, recvoffset,
                    recvcount, rdispls, recvtype.impl("Alltoallv"));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Combines every process's elements at the root ({@code Reduce}).
     *
     * @param sendbuf this process's operands
     * @param sendoffset the first operand
     * @param recvbuf the root's result buffer
     * @param recvoffset its first element
     * @param count the number of elements
     * @param datatype the element type
     * @param op the operation
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
            Op op, int root) throws MPIException {
        try {
            impl.reduce(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype.impl("Reduce"), op.impl("Reduce"),
                    root);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Combines every process's elements at every process ({@code Allreduce}).
     *
     * @param sendbuf this process's operands
     * @param sendoffset the first operand
     * @param recvbuf the result buffer
     * @param recvoffset its first element
     * @param count the number of elements
     * @param datatype the element type
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype datatype, Op op) throws MPIException {
        try {
            impl.allreduce(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype.impl("Allreduce"),
                    op.impl("Allreduce"));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Reduces element by element and gives process {@code i} its {@code recvcounts[i]} items of the
     * result ({@code Reduce_scatter}).
     *
     * @param sendbuf this process's operands
     * @param sendoffset the first operand
     * @param recvbuf this process's share of the result
     * @param recvoffset its first element
     * @param recvcounts each process's share
     * @param datatype the element type
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
            Datatype datatype, Op op) throws MPIException {
        try {
            impl.reduceScatter(sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, datatype.impl("Reduce_scatter"),
                    op.impl("Reduce_scatter"));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Inclusive prefix reduction ({@code Scan}): process {@code i} receives the reduction of the
     * operands of processes 0 to {@code i}.
     *
     * @param sendbuf this process's operands
     * @param sendoffset the first operand
     * @param recvbuf the result buffer
     * @param recvoffset its first element
     * @param count the number of elements
     * @param datatype the element type
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
            Op op) throws MPIException {
        try {
            impl.scan(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype.impl("Scan"), op.impl("Scan"));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * A communicator with a Cartesian topology ({@code Create_cart}).
     *
     * @param dims the extent of each dimension
     * @param periods whether each dimension is periodic
     * @param reorder whether ranks may be renumbered
     * @return the grid communicator, or {@code null} on processes beyond the grid
     * @throws MPIException for a malformed or too large grid
     */
    public Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        try {
            return (Cartcomm) wrap(impl.createCart(dims, periods, reorder));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * A communicator with a graph topology ({@code Create_graph}).
     *
     * @param index cumulative neighbour counts
     * @param edges the concatenated neighbour lists
     * @param reorder whether ranks may be renumbered
     * @return the graph communicator, or {@code null} on processes beyond the graph
     * @throws MPIException for a malformed or too large graph
     */
    public Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) throws MPIException {
        try {
            return (Graphcomm) wrap(impl.createGraph(index, edges, reorder));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    // ------------------------------------------------------------------ Open MPI's spelling

    /** Open MPI's {@code Intracomm clone()}: named {@code clone} in the class file (see {@link Comm#clone()}). */
    @BinaryName("clone")
    Intracomm cloneIntracomm() {
        return (Intracomm) cloneComm();
    }

    /**
     * A duplicate ({@code MPI_Comm_dup}).
     *
     * @return the duplicate, of this communicator's kind
     * @throws MPIException if the communicator was freed
     */
    @Override
    public Intracomm dup() throws MPIException {
        return (Intracomm) super.dup();
    }

    /**
     * A duplicate with info hints ({@code MPI_Comm_dup_with_info}).
     *
     * @param info the hints
     * @return the duplicate
     * @throws MPIException if the communicator was freed
     */
    @Override
    public Intracomm dupWithInfo(Info info) throws MPIException {
        return (Intracomm) super.dupWithInfo(info);
    }

    /**
     * Partitions the communicator by color, ranked by key ({@code MPI_Comm_split}).
     *
     * @param colour a non-negative color, or {@link MPI#UNDEFINED}
     * @param key the ordering key
     * @return the new communicator, or {@code null} for {@link MPI#UNDEFINED}
     * @throws MPIException for a negative color
     */
    public final Intracomm split(int colour, int key) throws MPIException {
        return errorHandled(() -> inherit(Split(colour, key)));
    }

    /**
     * A communicator of a subgroup ({@code MPI_Comm_create}); collective over this communicator.
     *
     * @param group a subgroup of this communicator's group
     * @return the new communicator, or {@code null} outside {@code group}
     * @throws MPIException if the group is not a subgroup
     */
    public final Intracomm create(Group group) throws MPIException {
        return errorHandled(() -> inherit(Create(group)));
    }

    /**
     * A communicator with a Cartesian topology ({@code MPI_Cart_create}).
     *
     * @param dims the extent of each dimension
     * @param periods whether each dimension is periodic
     * @param reorder whether ranks may be renumbered
     * @return the grid communicator, or {@code null} on processes beyond the grid
     * @throws MPIException for a malformed or too large grid
     */
    public final CartComm createCart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        return errorHandled(() -> {
            io.ccrj.mpi.CartComm c = impl.createCart(dims, periods, reorder);
            return c == null ? null : inherit(new CartComm(c));
        });
    }

    /**
     * A communicator with a graph topology ({@code MPI_Graph_create}).
     *
     * @param index cumulative neighbour counts
     * @param edges the concatenated neighbour lists
     * @param reorder whether ranks may be renumbered
     * @return the graph communicator, or {@code null} on processes beyond the graph
     * @throws MPIException for a malformed or too large graph
     */
    public final GraphComm createGraph(int[] index, int[] edges, boolean reorder) throws MPIException {
        return errorHandled(() -> {
            io.ccrj.mpi.GraphComm g = impl.createGraph(index, edges, reorder);
            return g == null ? null : inherit(new GraphComm(g));
        });
    }

    /**
     * Inclusive prefix reduction ({@code MPI_Scan}): process {@code i} gets the operands of
     * processes {@code 0..i} combined.
     *
     * @param sendbuf the operands
     * @param recvbuf the result
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public final void scan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Intracomm.scan", sendbuf, type, count);
            OmpiBuffers.View r = OmpiBuffers.of("Intracomm.scan", recvbuf, type, count);
            impl.scan(s.array, s.offset, r.array, r.offset, count, type.impl("scan"), Op.impl("scan", op, type));
            r.flush();
        });
    }

    /**
     * {@code MPI_Scan} in place: {@code recvbuf} holds the operands and receives the result.
     *
     * @param recvbuf the buffer
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public final void scan(Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Intracomm.scan", recvbuf, type, count);
            impl.scan(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, count, type.impl("scan"),
                    Op.impl("scan", op, type));
            v.flush();
        });
    }

    // Dynamic processes: refused by name (the ranks are threads of one JVM, started together).

    /**
     * {@code MPI_Open_port} (dynamic processes): refused by name.
     *
     * @return never
     * @throws MPIException always ({@link MPI#ERR_UNSUPPORTED_OPERATION})
     */
    public static String openPort() throws MPIException {
        throw Bridge.unsupported("Intracomm.openPort", "MPI_Open_port (dynamic processes)");
    }

    /**
     * {@code MPI_Open_port} (dynamic processes): refused by name.
     *
     * @param info ignored
     * @return never
     * @throws MPIException always
     */
    public static String openPort(Info info) throws MPIException {
        throw Bridge.unsupported("Intracomm.openPort", "MPI_Open_port (dynamic processes)");
    }

    /**
     * {@code MPI_Close_port} (dynamic processes): refused by name.
     *
     * @param name ignored
     * @throws MPIException always
     */
    public static void closePort(String name) throws MPIException {
        throw Bridge.unsupported("Intracomm.closePort", "MPI_Close_port (dynamic processes)");
    }

    /**
     * {@code MPI_Comm_accept} (dynamic processes): refused by name.
     *
     * @param port ignored
     * @param root ignored
     * @return never
     * @throws MPIException always
     */
    public final Intercomm accept(String port, int root) throws MPIException {
        throw Bridge.unsupported("Intracomm.accept", "MPI_Comm_accept (dynamic processes)");
    }

    /**
     * {@code MPI_Comm_accept} (dynamic processes): refused by name.
     *
     * @param port ignored
     * @param info ignored
     * @param root ignored
     * @return never
     * @throws MPIException always
     */
    public final Intercomm accept(String port, Info info, int root) throws MPIException {
        throw Bridge.unsupported("Intracomm.accept", "MPI_Comm_accept (dynamic processes)");
    }

    /**
     * {@code MPI_Comm_connect} (dynamic processes): refused by name.
     *
     * @param port ignored
     * @param root ignored
     * @return never
     * @throws MPIException always
     */
    public final Intercomm connect(String port, int root) throws MPIException {
        throw Bridge.unsupported("Intracomm.connect", "MPI_Comm_connect (dynamic processes)");
    }

    /**
     * {@code MPI_Comm_connect} (dynamic processes): refused by name.
     *
     * @param port ignored
     * @param info ignored
     * @param root ignored
     * @return never
     * @throws MPIException always
     */
    public final Intercomm connect(String port, Info info, int root) throws MPIException {
        throw Bridge.unsupported("Intracomm.connect", "MPI_Comm_connect (dynamic processes)");
    }

    /**
     * {@code MPI_Publish_name} (dynamic processes): refused by name.
     *
     * @param service ignored
     * @param port ignored
     * @throws MPIException always
     */
    public static void publishName(String service, String port) throws MPIException {
        throw Bridge.unsupported("Intracomm.publishName", "MPI_Publish_name (dynamic processes)");
    }

    /**
     * {@code MPI_Publish_name} (dynamic processes): refused by name.
     *
     * @param service ignored
     * @param info ignored
     * @param port ignored
     * @throws MPIException always
     */
    public static void publishName(String service, Info info, String port) throws MPIException {
        throw Bridge.unsupported("Intracomm.publishName", "MPI_Publish_name (dynamic processes)");
    }

    /**
     * {@code MPI_Unpublish_name} (dynamic processes): refused by name.
     *
     * @param service ignored
     * @param port ignored
     * @throws MPIException always
     */
    public static void unpublishName(String service, String port) throws MPIException {
        throw Bridge.unsupported("Intracomm.unpublishName", "MPI_Unpublish_name (dynamic processes)");
    }

    /**
     * {@code MPI_Unpublish_name} (dynamic processes): refused by name.
     *
     * @param service ignored
     * @param info ignored
     * @param port ignored
     * @throws MPIException always
     */
    public static void unpublishName(String service, Info info, String port) throws MPIException {
        throw Bridge.unsupported("Intracomm.unpublishName", "MPI_Unpublish_name (dynamic processes)");
    }

    /**
     * {@code MPI_Lookup_name} (dynamic processes): refused by name.
     *
     * @param service ignored
     * @return never
     * @throws MPIException always
     */
    public static String lookupName(String service) throws MPIException {
        throw Bridge.unsupported("Intracomm.lookupName", "MPI_Lookup_name (dynamic processes)");
    }

    /**
     * {@code MPI_Lookup_name} (dynamic processes): refused by name.
     *
     * @param service ignored
     * @param info ignored
     * @return never
     * @throws MPIException always
     */
    public static String lookupName(String service, Info info) throws MPIException {
        throw Bridge.unsupported("Intracomm.lookupName", "MPI_Lookup_name (dynamic processes)");
    }

    /**
     * {@code MPI_Comm_spawn} (dynamic processes): refused by name.
     *
     * @param command ignored
     * @param argv ignored
     * @param maxprocs ignored
     * @param info ignored
     * @param root ignored
     * @param errcodes ignored
     * @return never
     * @throws MPIException always
     */
    public final Intercomm spawn(String command, String[] argv, int maxprocs, Info info, int root, int[] errcodes)
            throws MPIException {
        throw Bridge.unsupported("Intracomm.spawn", "MPI_Comm_spawn (dynamic processes)");
    }

    /**
     * {@code MPI_Comm_spawn_multiple} (dynamic processes): refused by name.
     *
     * @param commands ignored
     * @param argv ignored
     * @param maxprocs ignored
     * @param info ignored
     * @param root ignored
     * @param errcodes ignored
     * @return never
     * @throws MPIException always
     */
    public final Intercomm spawnMultiple(String[] commands, String[][] argv, int[] maxprocs, Info[] info, int root,
            int[] errcodes) throws MPIException {
        throw Bridge.unsupported("Intracomm.spawnMultiple", "MPI_Comm_spawn_multiple (dynamic processes)");
    }
}
