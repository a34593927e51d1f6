package io.ccrj.mpi;

/**
 * A communicator with a graph topology ({@code mpi.Graphcomm}), made by
 * {@link Comm#createGraph} from MPI's compressed adjacency lists: the neighbours of node
 * {@code i} are {@code edges[index[i-1] .. index[i])} (with {@code index[-1] = 0}). Node {@code i}
 * is rank {@code i}.
 */
public interface GraphComm extends Comm {

    /**
     * The cumulative neighbour counts, as passed to {@link Comm#createGraph}.
     *
     * @return a copy of {@code index}
     */
    int[] index();

    /**
     * The concatenated neighbour lists, as passed to {@link Comm#createGraph}.
     *
     * @return a copy of {@code edges}
     */
    int[] edges();

    /**
     * The neighbours of {@code rank}, in the order given ({@code Neighbours}).
     *
     * @param rank a rank of this communicator
     * @return its neighbours
     * @throws MpiException of class {@link MpiException.ErrorClass#RANK} if {@code rank} is out of range
     */
    int[] neighbours(int rank);
}
