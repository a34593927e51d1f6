package io.ccrj.mpi;

import io.ccrj.mpi.internal.GroupImpl;

/**
 * An ordered set of ranks of one world, as MPI's group ({@code mpi.Group}): what a communicator
 * is made of ({@link Comm#group()}), and what {@link Comm#create} makes a communicator from.
 * Ranks in a group are numbered {@code 0 .. size()-1}; a group also knows the rank of the
 * process holding it ({@link #rank()}).
 *
 * <p>Groups are immutable values: the set operations return new groups and never communicate.
 * They are only meaningful within the world they came from, and may be shared by the threads of
 * one rank.
 */
public interface Group {

    /** What {@link #rank()} and {@link #translateRanks} return for a rank not in the group. */
    int UNDEFINED = Comm.UNDEFINED;

    /**
     * The number of ranks in the group ({@code Size()}).
     *
     * @return {@code >= 0}
     */
    int size();

    /**
     * The calling process's rank in the group ({@code Rank()}).
     *
     * @return a rank in {@code [0, size())}, or {@link #UNDEFINED} if the process is not a member
     */
    int rank();

    /**
     * The group of the listed members, in the listed order ({@code Incl}).
     *
     * @param ranks distinct ranks of this group
     * @return a new group of {@code ranks.length} members
     * @throws MpiException of class {@link MpiException.ErrorClass#RANK} if a rank is out of
     *     range, {@link MpiException.ErrorClass#ARG} if one is repeated
     */
    Group incl(int... ranks);

    /**
     * This group without the listed members, in this group's order ({@code Excl}).
     *
     * @param ranks distinct ranks of this group
     * @return a new group
     * @throws MpiException as {@link #incl}
     */
    Group excl(int... ranks);

    /**
     * The group of the ranks described by {@code (first, last, stride)} triplets, in triplet order
     * ({@code Range_incl}).
     *
     * @param ranges triplets {@code {first, last, stride}}, stride non-zero
     * @return a new group
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} for a malformed triplet or
     *     a repeated rank, {@link MpiException.ErrorClass#RANK} for a rank out of range
     */
    Group rangeIncl(int[][] ranges);

    /**
     * This group without the ranks the triplets describe ({@code Range_excl}).
     *
     * @param ranges triplets {@code {first, last, stride}}, stride non-zero
     * @return a new group
     * @throws MpiException as {@link #rangeIncl}
     */
    Group rangeExcl(int[][] ranges);

    /**
     * The members of {@code a}, then those of {@code b} not in {@code a} ({@code Union}).
     *
     * @param a the first group
     * @param b the second group
     * @return a new group
     */
    static Group union(Group a, Group b) {
        return GroupImpl.union(a, b);
    }

    /**
     * The members of {@code a} that are also in {@code b}, in {@code a}'s order
     * ({@code Intersection}).
     *
     * @param a the first group
     * @param b the second group
     * @return a new group
     */
    static Group intersection(Group a, Group b) {
        return GroupImpl.intersection(a, b);
    }

    /**
     * The members of {@code a} that are not in {@code b}, in {@code a}'s order
     * ({@code Difference}).
     *
     * @param a the first group
     * @param b the second group
     * @return a new group
     */
    static Group difference(Group a, Group b) {
        return GroupImpl.difference(a, b);
    }

    /**
     * The ranks in {@code b} of the processes with ranks {@code ranks} in {@code a}
     * ({@code Translate_ranks}).
     *
     * @param a the group the ranks refer to
     * @param ranks ranks of {@code a}, or {@link Comm#PROC_NULL}
     * @param b the group to translate to
     * @return for each rank, its rank in {@code b}, {@link #UNDEFINED} if not a member of
     *     {@code b}, or {@link Comm#PROC_NULL} for {@link Comm#PROC_NULL}
     * @throws MpiException of class {@link MpiException.ErrorClass#RANK} if a rank is not in
     *     {@code a}
     */
    static int[] translateRanks(Group a, int[] ranks, Group b) {
        return GroupImpl.translateRanks(a, ranks, b);
    }

    /**
     * Compares two groups ({@code Compare}).
     *
     * @param a the first group
     * @param b the second group
     * @return {@link Comparison#IDENT} for the same members in the same order,
     *     {@link Comparison#SIMILAR} for the same members in another order,
     *     {@link Comparison#UNEQUAL} otherwise
     */
    static Comparison compare(Group a, Group b) {
        return GroupImpl.compare(a, b);
    }
}
