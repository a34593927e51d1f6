package io.ccrj.mpi.internal;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Comparison;
import io.ccrj.mpi.Group;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * ccr-mpi's {@link Group}: the members' world ranks in group order, and the world rank of the
 * process that holds the group (for {@link #rank()}). Immutable; the arrays are never exposed.
 */
@Internal
public final class GroupImpl implements Group {
    private final int[] members;
    private final int self;

    GroupImpl(int[] members, int self) {
        this.members = members;
        this.self = self;
    }

    /**
     * A group of the given world ranks, for a backend that learns its members from elsewhere (the
     * MPJ Express adapter).
     *
     * @param worldRanks the members' world ranks, in group order (copied)
     * @param self the world rank of the process holding the group
     * @return the group
     */
    public static Group of(int[] worldRanks, int self) {
        return new GroupImpl(worldRanks.clone(), self);
    }

    /** The members' world ranks, in group order; callers must not modify the array. */
    int[] members() {
        return members;
    }

    /** The world rank of the holding process. */
    int self() {
        return self;
    }

    @Override
    public int size() {
        return members.length;
    }

    @Override
    public int rank() {
        return indexOf(members, self);
    }

    @Override
    public Group incl(int... ranks) {
        checkDistinct("incl", ranks);
        int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            out[i] = members[ranks[i]];
        }
        return new GroupImpl(out, self);
    }

    @Override
    public Group excl(int... ranks) {
        checkDistinct("excl", ranks);
        boolean[] drop = new boolean[members.length];
        for (int r : ranks) {
            drop[r] = true;
        }
        int[] out = new int[members.length - ranks.length];
        int n = 0;
        for (int i = 0; i < members.length; i++) {
            if (!drop[i]) {
                out[n++] = members[i];
            }
        }
        return new GroupImpl(out, self);
    }

    @Override
    public Group rangeIncl(int[][] ranges) {
        return incl(expand("rangeIncl", ranges));
    }

    @Override
    public Group rangeExcl(int[][] ranges) {
        return excl(expand("rangeExcl", ranges));
    }

    private int[] expand(String op, int[][] ranges) {
        if (ranges == null) {
            throw new MpiException(ErrorClass.ARG, "group " + op + ": ranges is null");
        }
        int[] out = new int[0];
        int n = 0;
        for (int[] t : ranges) {
            if (t == null || t.length != 3 || t[2] == 0) {
                throw new MpiException(ErrorClass.ARG, "group " + op + ": each range must be {first, last, stride}"
                        + " with a non-zero stride, got " + Arrays.toString(t));
            }
            int first = t[0];
            int last = t[1];
            int stride = t[2];
            if ((stride > 0 && first > last) || (stride < 0 && first < last)) {
                throw new MpiException(ErrorClass.ARG, "group " + op + ": range " + Arrays.toString(t)
                        + " runs against its stride");
            }
            for (long r = first; stride > 0 ? r <= last : r >= last; r += stride) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, Math.max(8, 2 * n));
                }
                out[n++] = (int) r;
            }
        }
        return Arrays.copyOf(out, n);
    }

    private void checkDistinct(String op, int[] ranks) {
        if (ranks == null) {
            throw new MpiException(ErrorClass.ARG, "group " + op + ": ranks is null");
        }
        boolean[] seen = new boolean[members.length];
        for (int r : ranks) {
            if (r < 0 || r >= members.length) {
                throw new MpiException(ErrorClass.RANK, "group " + op + ": rank " + r + " is not in [0, "
                        + members.length + ")");
            }
            if (seen[r]) {
                throw new MpiException(ErrorClass.ARG, "group " + op + ": rank " + r + " is listed twice");
            }
            seen[r] = true;
        }
    }

    /**
     * The members of {@code a} then those of {@code b} not in {@code a}.
     *
     * @param a first group
     * @param b second group
     * @return the union
     */
    public static Group union(Group a, Group b) {
        GroupImpl x = impl("union", a);
        GroupImpl y = impl("union", b);
        Set<Integer> in = asSet(x.members);
        int[] out = Arrays.copyOf(x.members, x.members.length + y.members.length);
        int n = x.members.length;
        for (int m : y.members) {
            if (!in.contains(m)) {
                out[n++] = m;
            }
        }
        return new GroupImpl(Arrays.copyOf(out, n), x.self);
    }

    /**
     * The members of {@code a} that are in {@code b}.
     *
     * @param a first group
     * @param b second group
     * @return the intersection, in {@code a}'s order
     */
    public static Group intersection(Group a, Group b) {
        return filter("intersection", a, b, true);
    }

    /**
     * The members of {@code a} that are not in {@code b}.
     *
     * @param a first group
     * @param b second group
     * @return the difference, in {@code a}'s order
     */
    public static Group difference(Group a, Group b) {
        return filter("difference", a, b, false);
    }

    private static Group filter(String op, Group a, Group b, boolean keepCommon) {
        GroupImpl x = impl(op, a);
        Set<Integer> other = asSet(impl(op, b).members);
        return new GroupImpl(Arrays.stream(x.members).filter(m -> other.contains(m) == keepCommon).toArray(), x.self);
    }

    /**
     * Translates ranks of {@code a} into ranks of {@code b}.
     *
     * @param a source group
     * @param ranks ranks of {@code a}
     * @param b target group
     * @return ranks in {@code b}, {@link Group#UNDEFINED} for non-members
     */
    public static int[] translateRanks(Group a, int[] ranks, Group b) {
        GroupImpl x = impl("translateRanks", a);
        GroupImpl y = impl("translateRanks", b);
        if (ranks == null) {
            throw new MpiException(ErrorClass.ARG, "group translateRanks: ranks is null");
        }
        int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            int r = ranks[i];
            if (r == Comm.PROC_NULL) {
                out[i] = Comm.PROC_NULL;
                continue;
            }
            if (r < 0 || r >= x.members.length) {
                throw new MpiException(ErrorClass.RANK, "group translateRanks: rank " + r + " is not in [0, "
                        + x.members.length + ")");
            }
            out[i] = indexOf(y.members, x.members[r]);
        }
        return out;
    }

    /**
     * Compares two groups.
     *
     * @param a first group
     * @param b second group
     * @return IDENT, SIMILAR or UNEQUAL
     */
    public static Comparison compare(Group a, Group b) {
        GroupImpl x = impl("compare", a);
        GroupImpl y = impl("compare", b);
        return compareMembers(x.members, y.members);
    }

    static Comparison compareMembers(int[] x, int[] y) {
        if (Arrays.equals(x, y)) {
            return Comparison.IDENT;
        }
        if (x.length != y.length) {
            return Comparison.UNEQUAL;
        }
        int[] sx = x.clone();
        int[] sy = y.clone();
        Arrays.sort(sx);
        Arrays.sort(sy);
        return Arrays.equals(sx, sy) ? Comparison.SIMILAR : Comparison.UNEQUAL;
    }

    static GroupImpl impl(String op, Group g) {
        if (g instanceof GroupImpl gi) {
            return gi;
        }
        throw new MpiException(ErrorClass.ARG, "group " + op + ": " + (g == null ? "group is null"
                : "not a ccr-mpi group (" + g.getClass().getName() + ")"));
    }

    private static Set<Integer> asSet(int[] a) {
        Set<Integer> s = new HashSet<>();
        for (int m : a) {
            s.add(m);
        }
        return s;
    }

    static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return Group.UNDEFINED;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GroupImpl g && Arrays.equals(members, g.members) && self == g.self;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(members) * 31 + self;
    }

    @Override
    public String toString() {
        return "Group" + Arrays.toString(members) + " (world ranks)";
    }
}
