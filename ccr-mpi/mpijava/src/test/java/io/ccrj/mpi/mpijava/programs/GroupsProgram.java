package io.ccrj.mpi.mpijava.programs;

import mpi.Comm;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;

/** Groups and communicators of mpiJava 1.2: group algebra, Create, Split, clone (Dup), Compare, Free, intercommunicators. */
public class GroupsProgram {
    private static final String P = "groups";

    /**
     * Runs the program.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        MPI.Init(args);
        run();
        MPI.Finalize();
    }

    private static int sum(Intracomm c, int v) {
        int[] out = new int[1];
        c.Allreduce(new int[] {v}, 0, out, 0, 1, MPI.INT, MPI.SUM);
        return out[0];
    }

    static void run() {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.Rank();
        int n = w.Size();
        Group world = w.Group();
        int[] reversedRanks = new int[n];
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            reversedRanks[i] = n - 1 - i;
            all[i] = i;
        }
        Group reversed = world.Incl(reversedRanks);
        Group evens = world.Range_incl(new int[][] {{0, n - 1, 2}});
        Group odds = world.Range_excl(new int[][] {{0, n - 1, 2}});
        Group tail = world.Excl(new int[] {0});
        Out.check(P, "world size/rank", new int[] {world.Size(), world.Rank()}, new int[] {n, me});
        Out.check(P, "reversed rank", reversed.Rank(), n - 1 - me);
        Out.check(P, "evens rank", evens.Rank(), me % 2 == 0 ? me / 2 : MPI.UNDEFINED);
        Out.check(P, "odds size", odds.Size(), n / 2);
        int[] toTail = Group.Translate_ranks(world, all, tail);
        int[] expectTail = new int[n];
        for (int i = 0; i < n; i++) {
            expectTail[i] = i == 0 ? MPI.UNDEFINED : i - 1;
        }
        Out.check(P, "translate to tail", toTail, expectTail);
        Group union = Group.Union(odds, evens);
        int[] unionOrder = Group.Translate_ranks(union, all, world);
        int[] expectUnion = new int[n];
        int k = 0;
        for (int i = 1; i < n; i += 2) {
            expectUnion[k++] = i;
        }
        for (int i = 0; i < n; i += 2) {
            expectUnion[k++] = i;
        }
        Out.check(P, "union order", unionOrder, expectUnion);
        Out.check(P, "intersection size", Group.Intersection(evens, tail).Size(), (n + 1) / 2 - 1);
        Out.check(P, "difference size", Group.Difference(world, evens).Size(), n / 2);
        Out.check(P, "compare", new int[] {Group.Compare(world, world.Incl(all)), Group.Compare(world, union),
            Group.Compare(evens, odds)}, new int[] {MPI.IDENT, n > 1 ? MPI.SIMILAR : MPI.IDENT, MPI.UNEQUAL});

        Intracomm evenComm = w.Create(evens);
        Out.check(P, "create evens", evenComm == null ? "none" : evenComm.Rank() + "/" + evenComm.Size() + " sum "
                + sum(evenComm, me), me % 2 == 0 ? (me / 2) + "/" + ((n + 1) / 2) + " sum " + evenSum(n) : "none");

        Intracomm parity = w.Split(me % 2, -me);
        int paritySize = me % 2 == 0 ? (n + 1) / 2 : n / 2;
        int highest = me % 2 == 0 ? (n - 1) / 2 * 2 : (n / 2) * 2 - 1;
        Out.check(P, "split rank", parity.Rank(), (highest - me) / 2);
        Out.check(P, "split size", parity.Size(), paritySize);

        Intracomm dup = (Intracomm) w.clone();
        Out.check(P, "compare dup", new int[] {Comm.Compare(w, w), Comm.Compare(w, dup)},
                new int[] {MPI.IDENT, MPI.CONGRUENT});
        Out.check(P, "dup sum", sum(dup, 1), n);
        dup.Free();

        if (n >= 2) {
            // Intercommunicator between the two parities. The leaders are world ranks 0 and 1,
            // the last rank of each parity communicator (split ordered by descending world rank).
            Intercomm inter = w.Create_intercomm(parity, paritySize - 1, me % 2 == 0 ? 1 : 0, 77);
            int remote = inter.Remote_size();
            Out.check(P, "inter sizes", new int[] {inter.Size(), remote, inter.Remote_group().Size()},
                    new int[] {paritySize, n - paritySize, n - paritySize});
            Out.check(P, "inter test", inter.Test_inter(), true);
            // The leaders swap their world ranks over the intercommunicator.
            if (me < 2) {
                int[] got = new int[1];
                Status s = inter.Sendrecv(new int[] {me}, 0, 1, MPI.INT, remote - 1, 3, got, 0, 1, MPI.INT,
                        remote - 1, 3);
                Out.check(P, "inter leaders", new int[] {got[0], s.source}, new int[] {1 - me, remote - 1});
            }
            Intracomm merged = inter.Merge(me % 2 == 1);
            Out.check(P, "merged size", merged.Size(), n);
            int[] order = new int[n];
            merged.Allgather(new int[] {me}, 0, 1, MPI.INT, order, 0, 1, MPI.INT);
            // evens (high = false) first, each part in its split order (descending world rank).
            int[] expectOrder = new int[n];
            int m = 0;
            for (int i = (n - 1) / 2 * 2; i >= 0; i -= 2) {
                expectOrder[m++] = i;
            }
            for (int i = (n / 2) * 2 - 1; i >= 1; i -= 2) {
                expectOrder[m++] = i;
            }
            Out.check(P, "merged order", order, expectOrder);
        }
        w.Barrier();
        Out.line(P, "done", true);
    }

    private static int evenSum(int n) {
        int s = 0;
        for (int i = 0; i < n; i += 2) {
            s += i;
        }
        return s;
    }
}
