package io.ccrj.mpi;

/**
 * An intercommunicator ({@code mpi.Intercomm}): two disjoint groups, the local group of the
 * calling rank and the remote group, made by {@link Comm#createIntercomm}. Point-to-point calls
 * name ranks of the <em>remote</em> group as destinations and sources, and a received
 * {@link Status#source()} is the sender's rank in its own (the remote) group. {@link #rank()} and
 * {@link #size()} refer to the local group.
 *
 * <p>Collective operations, {@link #split}, {@link #dup}, {@link #create} and the topology
 * constructors are not defined on an intercommunicator (mpiJava 1.2 has none) and throw
 * {@link MpiException} of class {@link MpiException.ErrorClass#ARG}; {@link #merge} turns it into an
 * intracommunicator that has them.
 */
public interface Intercomm extends Comm {

    /**
     * The number of ranks in the remote group ({@code Remote_size}).
     *
     * @return {@code >= 1}
     */
    int remoteSize();

    /**
     * The remote group ({@code Remote_group}); its {@link Group#rank()} is {@link Group#UNDEFINED}.
     *
     * @return the remote group
     */
    Group remoteGroup();

    /**
     * Makes an intracommunicator of both groups ({@code Merge}, collective over both groups): the
     * group that passes {@code high = false} is ranked first; if both pass the same value, the
     * group of the leader with the lower world rank comes first.
     *
     * @param high whether this rank's group goes after the other; the same on every rank of a group
     * @return the merged communicator
     */
    Comm merge(boolean high);
}
