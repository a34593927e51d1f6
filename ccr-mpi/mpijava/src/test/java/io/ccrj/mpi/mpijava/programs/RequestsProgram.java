package io.ccrj.mpi.mpijava.programs;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/**
 * What the calls on requests do to the requests themselves: a request that {@code Wait},
 * {@code Test}, {@code Waitany}, {@code Waitsome}, {@code Waitall}, {@code Testany},
 * {@code Testsome} or {@code Testall} completes becomes the null request ({@code Is_null()}),
 * in the caller's array, as MPI and mpiJava define; a persistent request stays usable. Rank 0
 * receives one message from every other rank per round; the others send.
 */
public class RequestsProgram {
    private static final String P = "requests";

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
        String[] calls = {"waitany", "waitsome", "waitall", "testany", "testsome", "testall", "wait", "test"};
        for (int c = 0; c < calls.length; c++) {
            int tag = 40 + c;
            if (me != 0) {
                w.Send(new int[] {me * 10 + c}, 0, 1, MPI.INT, 0, tag);
                continue;
            }
            int[] data = new int[n];
            Request[] req = new Request[n];
            req[0] = MPI.REQUEST_NULL;
            for (int r = 1; r < n; r++) {
                req[r] = w.Irecv(data, r, 1, MPI.INT, r, tag);
            }
            boolean nullBefore = false;
            for (int r = 1; r < n; r++) {
                nullBefore |= req[r].Is_null();
            }
            int completed = 0;
            boolean rightSource = true;
            while (completed < n - 1) {
                switch (calls[c]) {
                    case "waitany" -> {
                        Status s = Request.Waitany(req);
                        rightSource &= s.source == s.index && req[s.index].Is_null();
                        completed++;
                    }
                    case "waitsome" -> {
                        for (Status s : Request.Waitsome(req)) {
                            rightSource &= s.source == s.index && req[s.index].Is_null();
                            completed++;
                        }
                    }
                    case "waitall" -> {
                        Status[] ss = Request.Waitall(req);
                        for (int r = 1; r < n; r++) {
                            rightSource &= ss[r].source == r;
                        }
                        completed = n - 1;
                    }
                    case "testany" -> {
                        Status s = Request.Testany(req);
                        if (s != null) {
                            rightSource &= s.source == s.index && req[s.index].Is_null();
                            completed++;
                        }
                    }
                    case "testsome" -> {
                        Status[] ss = Request.Testsome(req);
                        if (ss != null) {
                            for (Status s : ss) {
                                rightSource &= s.source == s.index && req[s.index].Is_null();
                                completed++;
                            }
                        }
                    }
                    case "testall" -> {
                        Status[] ss = Request.Testall(req);
                        if (ss != null) {
                            for (int r = 1; r < n; r++) {
                                rightSource &= ss[r].source == r;
                            }
                            completed = n - 1;
                        }
                    }
                    case "wait" -> {
                        for (int r = 1; r < n; r++) {
                            rightSource &= req[r].Wait().source == r && req[r].Is_null();
                        }
                        completed = n - 1;
                    }
                    default -> {
                        for (int r = 1; r < n; r++) {
                            while (!req[r].Is_null()) {
                                Status s = req[r].Test();
                                rightSource &= s == null || s.source == r;
                            }
                        }
                        completed = n - 1;
                    }
                }
            }
            boolean allNull = true;
            for (Request r : req) {
                allNull &= r.Is_null();
            }
            int[] expect = new int[n];
            for (int r = 1; r < n; r++) {
                expect[r] = r * 10 + c;
            }
            Out.check(P, calls[c] + " active before", nullBefore, false);
            Out.check(P, calls[c] + " sources", rightSource, true);
            Out.check(P, calls[c] + " all null after", allNull, true);
            Out.check(P, calls[c] + " data", data, expect);
        }
        // A persistent request completed by Waitall stays a request that can be started again.
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        int[] out = new int[1];
        int[] in = new int[1];
        Prequest recv = w.Recv_init(in, 0, 1, MPI.INT, left, 50);
        Prequest send = w.Send_init(out, 0, 1, MPI.INT, right, 50);
        int[] seen = new int[2];
        for (int round = 0; round < 2; round++) {
            out[0] = me * 100 + round;
            recv.Start();
            send.Start();
            Request.Waitall(new Request[] {recv, send});
            seen[round] = in[0];
        }
        Out.check(P, "persistent stays", new Object[] {seen, recv.Is_null(), send.Is_null()},
                new Object[] {new int[] {left * 100, left * 100 + 1}, false, false});
        w.Barrier();
        Out.line(P, "done", true);
    }
}
