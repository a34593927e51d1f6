package mpi;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.mpijava.internal.BinaryName;

/**
 * An intercommunicator, as mpiJava's {@code mpi.Intercomm}: point-to-point between two groups;
 * a thin view of ccr-mpi's {@link io.ccrj.mpi.Intercomm}.
 */
public class Intercomm extends Comm {
    private final io.ccrj.mpi.Intercomm inter;

    Intercomm(io.ccrj.mpi.Intercomm impl) {
        super(impl);
        this.inter = impl;
    }

    /**
     * The size of the remote group ({@code Remote_size}).
     *
     * @return the size
     * @throws MPIException never
     */
    public int Remote_size() throws MPIException {
        return inter.remoteSize();
    }

    /**
     * The remote group ({@code Remote_group}).
     *
     * @return the group
     * @throws MPIException if the communicator was freed
     */
    public Group Remote_group() throws MPIException {
        try {
            return new Group(inter.remoteGroup());
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Merges both groups into an intracommunicator ({@code Merge}).
     *
     * @param high whether this group is ranked after the other
     * @return the merged communicator
     * @throws MPIException if the world ended
     */
    public Intracomm Merge(boolean high) throws MPIException {
        try {
            return (Intracomm) wrap(inter.merge(high));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    // ------------------------------------------------------------------ Open MPI's spelling

    /** Open MPI's {@code Intercomm clone()}: named {@code clone} in the class file (see {@link Comm#clone()}). */
    @BinaryName("clone")
    Intercomm cloneIntercomm() {
        return (Intercomm) cloneComm();
    }

    /**
     * A duplicate ({@code MPI_Comm_dup}).
     *
     * @return the duplicate
     * @throws MPIException if the communicator was freed
     */
    @Override
    public Intercomm dup() throws MPIException {
        return (Intercomm) super.dup();
    }

    /**
     * A duplicate by a nonblocking collective ({@code MPI_Comm_idup}).
     *
     * @return the new communicator (its {@link #getRequest()} is complete)
     * @throws MPIException if the communicator was freed
     */
    @Override
    public Intercomm iDup() throws MPIException {
        return (Intercomm) super.iDup();
    }

    /**
     * A duplicate with info hints ({@code MPI_Comm_dup_with_info}).
     *
     * @param info the hints
     * @return the duplicate
     * @throws MPIException if the communicator was freed
     */
    @Override
    public Intercomm dupWithInfo(Info info) throws MPIException {
        return (Intercomm) super.dupWithInfo(info);
    }

    /**
     * The size of the remote group ({@code MPI_Comm_remote_size}).
     *
     * @return the size
     * @throws MPIException never
     */
    public int getRemoteSize() throws MPIException {
        return Remote_size();
    }

    /**
     * The remote group ({@code MPI_Comm_remote_group}).
     *
     * @return the group
     * @throws MPIException if the communicator was freed
     */
    public Group getRemoteGroup() throws MPIException {
        return errorHandled(this::Remote_group);
    }

    /**
     * Merges both groups into an intracommunicator ({@code MPI_Intercomm_merge}).
     *
     * @param high whether this group is ranked after the other
     * @return the merged communicator
     * @throws MPIException if the run ended
     */
    public Intracomm merge(boolean high) throws MPIException {
        return errorHandled(() -> inherit(Merge(high)));
    }

    /**
     * {@code MPI_Comm_get_parent} (dynamic processes): no process here was spawned.
     *
     * @return never
     * @throws MPIException always ({@link MPI#ERR_UNSUPPORTED_OPERATION})
     */
    public static Intercomm getParent() throws MPIException {
        throw Bridge.unsupported("Intercomm.getParent", "MPI_Comm_get_parent (dynamic processes)");
    }
}
