package mpi;

import io.ccrj.mpi.MpiException;

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
}
