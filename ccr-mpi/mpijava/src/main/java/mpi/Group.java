package mpi;

import io.ccrj.mpi.MpiException;

/** An ordered set of processes, as mpiJava's {@code mpi.Group}; a thin view of ccr-mpi's {@link io.ccrj.mpi.Group}. */
public class Group implements Freeable, Cloneable {
    /** ccr-mpi's group. */
    final io.ccrj.mpi.Group impl;

    Group(io.ccrj.mpi.Group impl) {
        this.impl = impl;
    }

    /** Releases the group (nothing to release). */
    public void free() {
    }

    /**
     * The number of processes ({@code Size}).
     *
     * @return the size
     * @throws MPIException never
     */
    public int Size() throws MPIException {
        return impl.size();
    }

    /**
     * The calling process's rank in the group ({@code Rank}).
     *
     * @return the rank, or {@link MPI#UNDEFINED}
     * @throws MPIException never
     */
    public int Rank() throws MPIException {
        return Bridge.rankOut(impl.rank());
    }

    /**
     * Translates ranks of {@code group1} into ranks of {@code group2} ({@code Translate_ranks}).
     *
     * @param group1 the group the ranks refer to
     * @param ranks1 ranks of {@code group1}
     * @param group2 the group to translate to
     * @return the ranks in {@code group2}, {@link MPI#UNDEFINED} for non-members
     * @throws MPIException for a rank not in {@code group1}
     */
    public static int[] Translate_ranks(Group group1, int[] ranks1, Group group2) throws MPIException {
        try {
            int[] out = io.ccrj.mpi.Group.translateRanks(group1.impl, ranks1, group2.impl);
            for (int i = 0; i < out.length; i++) {
                out[i] = Bridge.rankOut(out[i]);
            }
            return out;
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Compares two groups ({@code Compare}).
     *
     * @param group1 the first group
     * @param group2 the second group
     * @return {@link MPI#IDENT}, {@link MPI#SIMILAR} or {@link MPI#UNEQUAL}
     * @throws MPIException never
     */
    public static int Compare(Group group1, Group group2) throws MPIException {
        return Bridge.comparison(io.ccrj.mpi.Group.compare(group1.impl, group2.impl));
    }

    /**
     * The union ({@code Union}).
     *
     * @param group1 the first group
     * @param group2 the second group
     * @return the members of {@code group1}, then those of {@code group2} not in it
     * @throws MPIException never
     */
    public static Group Union(Group group1, Group group2) throws MPIException {
        return new Group(io.ccrj.mpi.Group.union(group1.impl, group2.impl));
    }

    /**
     * The intersection ({@code Intersection}).
     *
     * @param group1 the first group
     * @param group2 the second group
     * @return the members of {@code group1} also in {@code group2}
     * @throws MPIException never
     */
    public static Group Intersection(Group group1, Group group2) throws MPIException {
        return new Group(io.ccrj.mpi.Group.intersection(group1.impl, group2.impl));
    }

    /**
     * The difference ({@code Difference}).
     *
     * @param group1 the first group
     * @param group2 the second group
     * @return the members of {@code group1} not in {@code group2}
     * @throws MPIException never
     */
    public static Group Difference(Group group1, Group group2) throws MPIException {
        return new Group(io.ccrj.mpi.Group.difference(group1.impl, group2.impl));
    }

    /**
     * The listed members, in the listed order ({@code Incl}).
     *
     * @param ranks distinct ranks of this group
     * @return the new group
     * @throws MPIException for a bad or repeated rank
     */
    public Group Incl(int[] ranks) throws MPIException {
        try {
            return new Group(impl.incl(ranks));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * This group without the listed members ({@code Excl}).
     *
     * @param ranks distinct ranks of this group
     * @return the new group
     * @throws MPIException for a bad or repeated rank
     */
    public Group Excl(int[] ranks) throws MPIException {
        try {
            return new Group(impl.excl(ranks));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * The ranks of {@code (first, last, stride)} triplets ({@code Range_incl}).
     *
     * @param ranges the triplets
     * @return the new group
     * @throws MPIException for a malformed triplet or bad rank
     */
    public Group Range_incl(int[][] ranges) throws MPIException {
        try {
            return new Group(impl.rangeIncl(ranges));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * This group without the ranks of the triplets ({@code Range_excl}).
     *
     * @param ranges the triplets
     * @return the new group
     * @throws MPIException for a malformed triplet or bad rank
     */
    public Group Range_excl(int[][] ranges) throws MPIException {
        try {
            return new Group(impl.rangeExcl(ranges));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    // ------------------------------------------------------------------ Open MPI's spelling

    /**
     * The number of processes ({@code MPI_Group_size}).
     *
     * @return the size
     * @throws MPIException never
     */
    public int getSize() throws MPIException {
        return Size();
    }

    /**
     * The calling process's rank in the group ({@code MPI_Group_rank}).
     *
     * @return the rank, or {@link MPI#UNDEFINED}
     * @throws MPIException never
     */
    public int getRank() throws MPIException {
        return Rank();
    }

    /**
     * Whether this is the null group (never: groups here are not freed away).
     *
     * @return {@code false}
     */
    public boolean isNull() {
        return false;
    }

    /**
     * A copy of this group.
     *
     * @return the same group (groups are immutable)
     */
    @Override
    public Group clone() {
        return new Group(impl);
    }

    /**
     * Translates ranks ({@code MPI_Group_translate_ranks}).
     *
     * @param group1 the group the ranks refer to
     * @param ranks1 ranks of {@code group1}
     * @param group2 the group to translate to
     * @return the ranks in {@code group2}, {@link MPI#UNDEFINED} for non-members
     * @throws MPIException for a rank not in {@code group1}
     */
    public static int[] translateRanks(Group group1, int[] ranks1, Group group2) throws MPIException {
        return Translate_ranks(group1, ranks1, group2);
    }

    /**
     * Compares two groups ({@code MPI_Group_compare}).
     *
     * @param group1 the first group
     * @param group2 the second group
     * @return {@link MPI#IDENT}, {@link MPI#SIMILAR} or {@link MPI#UNEQUAL}
     * @throws MPIException never
     */
    public static int compare(Group group1, Group group2) throws MPIException {
        return Compare(group1, group2);
    }

    /**
     * The union ({@code MPI_Group_union}).
     *
     * @param group1 the first group
     * @param group2 the second group
     * @return the members of {@code group1}, then those of {@code group2} not in it
     * @throws MPIException never
     */
    public static Group union(Group group1, Group group2) throws MPIException {
        return Union(group1, group2);
    }

    /**
     * The intersection ({@code MPI_Group_intersection}).
     *
     * @param group1 the first group
     * @param group2 the second group
     * @return the members of both, in {@code group1}'s order
     * @throws MPIException never
     */
    public static Group intersection(Group group1, Group group2) throws MPIException {
        return Intersection(group1, group2);
    }

    /**
     * The difference ({@code MPI_Group_difference}).
     *
     * @param group1 the first group
     * @param group2 the second group
     * @return the members of {@code group1} not in {@code group2}
     * @throws MPIException never
     */
    public static Group difference(Group group1, Group group2) throws MPIException {
        return Difference(group1, group2);
    }

    /**
     * A group of the listed members ({@code MPI_Group_incl}).
     *
     * @param ranks ranks of this group, in the new group's order
     * @return the new group
     * @throws MPIException for a bad or repeated rank
     */
    public Group incl(int[] ranks) throws MPIException {
        return Incl(ranks);
    }

    /**
     * A group without the listed members ({@code MPI_Group_excl}).
     *
     * @param ranks ranks of this group to leave out
     * @return the new group
     * @throws MPIException for a bad or repeated rank
     */
    public Group excl(int[] ranks) throws MPIException {
        return Excl(ranks);
    }

    /**
     * A group of strided rank ranges ({@code MPI_Group_range_incl}).
     *
     * @param ranges (first, last, stride) triplets
     * @return the new group
     * @throws MPIException for a bad range
     */
    public Group rangeIncl(int[][] ranges) throws MPIException {
        return Range_incl(ranges);
    }

    /**
     * A group without strided rank ranges ({@code MPI_Group_range_excl}).
     *
     * @param ranges (first, last, stride) triplets
     * @return the new group
     * @throws MPIException for a bad range
     */
    public Group rangeExcl(int[][] ranges) throws MPIException {
        return Range_excl(ranges);
    }
}
