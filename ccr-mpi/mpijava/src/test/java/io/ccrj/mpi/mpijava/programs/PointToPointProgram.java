package io.ccrj.mpi.mpijava.programs;

import java.util.TreeSet;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * Point-to-point of mpiJava 1.2: a Sendrecv ring, Isend/Irecv with Waitall, wildcard receives,
 * Probe and object messages ({@link ProcNullProgram} has PROC_NULL). Deadlock-free when Send waits for its receive (as MPJ
 * Express's multicore Send does).
 */
public class PointToPointProgram {
    private static final String P = "p2p";

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

    static void run() {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.Rank();
        int n = w.Size();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;

        int[] got = new int[1];
        Status s = w.Sendrecv(new int[] {me * 3}, 0, 1, MPI.INT, right, 11, got, 0, 1, MPI.INT, left, 11);
        Out.check(P, "ring value", got[0], left * 3);
        Out.check(P, "ring status", new int[] {s.source, s.tag, s.Get_count(MPI.INT)}, new int[] {left, 11, 1});

        double[] fromLeft = new double[2];
        double[] fromRight = new double[2];
        Request[] reqs = {
            w.Irecv(fromLeft, 0, 2, MPI.DOUBLE, left, 1),
            w.Irecv(fromRight, 0, 2, MPI.DOUBLE, right, 2),
            w.Isend(new double[] {me, me + 0.5}, 0, 2, MPI.DOUBLE, right, 1),
            w.Isend(new double[] {-me, -me - 0.5}, 0, 2, MPI.DOUBLE, left, 2),
        };
        Status[] st = Request.Waitall(reqs);
        Out.check(P, "isend/irecv left", fromLeft, new double[] {left, left + 0.5});
        Out.check(P, "isend/irecv right", fromRight, new double[] {-right, -right - 0.5});
        Out.check(P, "waitall recv sources", new int[] {st[0].source, st[1].source}, new int[] {left, right});

        // Wildcards: every other rank sends rank*rank with tag = rank to rank 0, which receives
        // with ANY_SOURCE / ANY_TAG after probing for the size.
        if (me == 0) {
            TreeSet<String> seen = new TreeSet<>();
            TreeSet<String> expected = new TreeSet<>();
            for (int i = 1; i < n; i++) {
                Status p = w.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                long[] buf = new long[p.Get_count(MPI.LONG)];
                Status r = w.Recv(buf, 0, buf.length, MPI.LONG, p.source, p.tag);
                seen.add(r.source + ":" + r.tag + ":" + buf.length + ":" + buf[buf.length - 1]);
                expected.add(i + ":" + i + ":" + i + ":" + (long) i * i);
            }
            Out.check(P, "wildcard receives", seen.toString(), expected.toString());
        } else {
            long[] payload = new long[me];
            payload[me - 1] = (long) me * me;
            w.Send(payload, 0, me, MPI.LONG, 0, me);
        }
        // Keeps the ANY_TAG receives above from matching the messages below.
        w.Barrier();

        Object[] objs = new Object[1];
        w.Sendrecv(new Object[] {"from " + me}, 0, 1, MPI.OBJECT, right, 5, objs, 0, 1, MPI.OBJECT, left, 5);
        Out.check(P, "object ring", objs[0], "from " + left);
        w.Barrier();
        Out.line(P, "done", true);
    }
}
