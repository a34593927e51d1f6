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
     * A duplicate by a nonblocking collective ({@code MPI_Comm_idup}).
     *
     * @return the new communicator (its {@link #getRequest()} is complete)
     * @throws MPIException if the communicator was freed
     */
    @Override
    public Intracomm iDup() throws MPIException {
        return (Intracomm) super.iDup();
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
     * A communicator of a subgroup ({@code MPI_Comm_create_group}), collective over the group's
     * members only: the other processes of this communicator do not call it.
     *
     * @param group a subgroup of this communicator's group holding the calling process
     * @param tag a tag {@code >= 0} telling apart calls on the same group
     * @return the new communicator, ranked in {@code group}'s order
     * @throws MPIException ({@code ERR_ARG}) on a process outside {@code group} or for a group
     *     that is not a subgroup; ({@code ERR_TAG}) for a negative tag
     */
    public final Intracomm createGroup(Group group, int tag) throws MPIException {
        return errorHandled(() -> inherit((Intracomm) wrap(impl.createGroup(group.impl, tag))));
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

    // ------------------------------------------------------------------ Open MPI: MPI-3

    /**
     * Partitions the communicator by type ({@code MPI_Comm_split_type}): {@link Comm#TYPE_SHARED}
     * gives the processes that share memory, every process here (one JVM); {@link MPI#UNDEFINED}
     * gives {@code null}.
     *
     * @param splitType {@link Comm#TYPE_SHARED} or {@link MPI#UNDEFINED}
     * @param key the ordering key
     * @param info hints, stored on the new communicator
     * @return the new communicator, or {@code null}
     * @throws MPIException for another split type
     */
    public final Intracomm splitType(int splitType, int key, Info info) throws MPIException {
        return errorHandled(() -> {
            int type = splitType == TYPE_SHARED ? io.ccrj.mpi.Comm.COMM_TYPE_SHARED
                    : splitType == MPI.UNDEFINED ? io.ccrj.mpi.Comm.UNDEFINED : splitType;
            Intracomm c = (Intracomm) inherit(wrap(impl.splitType(type, key)));
            if (c != null && info != null) {
                c.setInfo(info);
            }
            return c;
        });
    }

    /**
     * A communicator with a distributed graph topology ({@code MPI_Dist_graph_create}).
     *
     * @param sources the sources this process names edges for
     * @param degrees the number of destinations of each source
     * @param destinations the destinations, source by source
     * @param weights the edges' weights
     * @param info hints, stored
     * @param reorder whether ranks may be renumbered
     * @return the communicator
     * @throws MPIException for a malformed graph
     */
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights, Info info,
            boolean reorder) throws MPIException {
        return distGraph(() -> impl.createDistGraph(sources, degrees, destinations, weights, reorder), info);
    }

    /**
     * An unweighted distributed graph ({@code MPI_Dist_graph_create} with {@code MPI_UNWEIGHTED}).
     *
     * @param sources the sources this process names edges for
     * @param degrees the number of destinations of each source
     * @param destinations the destinations, source by source
     * @param info hints, stored
     * @param reorder whether ranks may be renumbered
     * @return the communicator
     * @throws MPIException for a malformed graph
     */
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, Info info,
            boolean reorder) throws MPIException {
        return distGraph(() -> impl.createDistGraph(sources, degrees, destinations, null, reorder), info);
    }

    /**
     * A distributed graph from each process's neighbours ({@code MPI_Dist_graph_create_adjacent}).
     *
     * @param sources the processes with an edge to this one
     * @param sourceWeights their weights
     * @param destinations the processes this one has an edge to
     * @param destWeights their weights
     * @param info hints, stored
     * @param reorder whether ranks may be renumbered
     * @return the communicator
     * @throws MPIException for a malformed graph
     */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations,
            int[] destWeights, Info info, boolean reorder) throws MPIException {
        return distGraph(() -> impl.createDistGraphAdjacent(sources, sourceWeights, destinations, destWeights,
                reorder), info);
    }

    /**
     * An unweighted distributed graph from each process's neighbours.
     *
     * @param sources the processes with an edge to this one
     * @param destinations the processes this one has an edge to
     * @param info hints, stored
     * @param reorder whether ranks may be renumbered
     * @return the communicator
     * @throws MPIException for a malformed graph
     */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] destinations, Info info, boolean reorder)
            throws MPIException {
        return distGraph(() -> impl.createDistGraphAdjacent(sources, null, destinations, null, reorder), info);
    }

    private GraphComm distGraph(java.util.function.Supplier<io.ccrj.mpi.DistGraphComm> make, Info info) {
        return errorHandled(() -> {
            io.ccrj.mpi.DistGraphComm d = make.get();
            if (d == null) {
                return null;
            }
            GraphComm g = inherit(new GraphComm(d));
            if (info != null) {
                g.setInfo(info);
            }
            return g;
        });
    }

    /**
     * Starts an inclusive prefix reduction ({@code MPI_Iscan}).
     *
     * @param sendbuf the operands (direct)
     * @param recvbuf the result (direct)
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iScan(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        OmpiBuffers.requireDirect("Intracomm.iScan", sendbuf);
        OmpiBuffers.requireDirect("Intracomm.iScan", recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Intracomm.iScan", sendbuf, type, count);
            OmpiBuffers.View r = OmpiBuffers.of("Intracomm.iScan", recvbuf, type, count);
            Request q = new Request(impl.iscan(s.array, s.offset, r.array, r.offset, count, type.impl("iScan"),
                    Op.impl("iScan", op, type)));
            q.onComplete = r;
            return q;
        });
    }

    /**
     * Starts an inclusive prefix reduction in place.
     *
     * @param buf the operands and the result (direct)
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iScan(java.nio.Buffer buf, int count, Datatype type, Op op) throws MPIException {
        OmpiBuffers.requireDirect("Intracomm.iScan", buf);
        return errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Intracomm.iScan", buf, type, count);
            Request q = new Request(impl.iscan(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, count,
                    type.impl("iScan"), Op.impl("iScan", op, type)));
            q.onComplete = v;
            return q;
        });
    }

    /**
     * Exclusive prefix reduction ({@code MPI_Exscan}): process {@code i} gets the operands of
     * processes {@code 0..i-1} combined; process 0's result is undefined (left as it was).
     *
     * @param sendbuf the operands
     * @param recvbuf the result
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Intracomm.exScan", sendbuf, type, count);
            OmpiBuffers.View r = OmpiBuffers.of("Intracomm.exScan", recvbuf, type, count);
            impl.exscan(s.array, s.offset, r.array, r.offset, count, type.impl("exScan"), Op.impl("exScan", op, type));
            r.flush();
        });
    }

    /**
     * Exclusive prefix reduction in place.
     *
     * @param buf the operands and the result
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public final void exScan(Object buf, int count, Datatype type, Op op) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Intracomm.exScan", buf, type, count);
            impl.exscan(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, count, type.impl("exScan"),
                    Op.impl("exScan", op, type));
            v.flush();
        });
    }

    /**
     * Starts an exclusive prefix reduction ({@code MPI_Iexscan}).
     *
     * @param sendbuf the operands (direct)
     * @param recvbuf the result (direct)
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iExScan(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        OmpiBuffers.requireDirect("Intracomm.iExScan", sendbuf);
        OmpiBuffers.requireDirect("Intracomm.iExScan", recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Intracomm.iExScan", sendbuf, type, count);
            OmpiBuffers.View r = OmpiBuffers.of("Intracomm.iExScan", recvbuf, type, count);
            Request q = new Request(impl.iexscan(s.array, s.offset, r.array, r.offset, count, type.impl("iExScan"),
                    Op.impl("iExScan", op, type)));
            q.onComplete = r;
            return q;
        });
    }

    /**
     * Starts an exclusive prefix reduction in place.
     *
     * @param buf the operands and the result (direct)
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iExScan(java.nio.Buffer buf, int count, Datatype type, Op op) throws MPIException {
        OmpiBuffers.requireDirect("Intracomm.iExScan", buf);
        return errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Intracomm.iExScan", buf, type, count);
            Request q = new Request(impl.iexscan(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, count,
                    type.impl("iExScan"), Op.impl("iExScan", op, type)));
            q.onComplete = v;
            return q;
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
