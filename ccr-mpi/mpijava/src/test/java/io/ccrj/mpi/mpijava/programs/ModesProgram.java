package io.ccrj.mpi.mpijava.programs;

import java.nio.ByteBuffer;
import java.util.Arrays;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/**
 * Send modes, persistent requests and the calls on several requests of mpiJava 1.2: rings of
 * {@code Ssend}, {@code Bsend} (with {@code Buffer_attach}), {@code Rsend} after a posted
 * receive, their non-blocking forms, {@code Sendrecv_replace}, {@code Send_init}/{@code Recv_init}
 * started several times with {@code Start} and {@code Startall}, and {@code Waitany},
 * {@code Waitsome}, {@code Testall}, {@code Testany}, {@code Testsome}. Every receive is posted
 * before its send, so the program is deadlock-free also where a send waits for its receive.
 */
public class ModesProgram {
    private static final String P = "modes";

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

        // Blocking modes around the ring, each with the receive posted first.
        int[] got = new int[2];
        Request r = w.Irecv(got, 0, 2, MPI.INT, left, 1);
        w.Ssend(new int[] {me, 1}, 0, 2, MPI.INT, right, 1);
        Status s = r.Wait();
        Out.check(P, "ssend ring", new int[] {got[0], got[1], s.source, s.tag, s.Get_count(MPI.INT)},
                new int[] {left, 1, left, 1, 2});

        MPI.Buffer_attach(ByteBuffer.allocate(w.Pack_size(16, MPI.LONG) + MPI.BSEND_OVERHEAD));
        long[] lgot = new long[3];
        r = w.Irecv(lgot, 0, 3, MPI.LONG, left, 2);
        w.Bsend(new long[] {me, me * 10L, me * 100L}, 0, 3, MPI.LONG, right, 2);
        r.Wait();
        Out.check(P, "bsend ring", lgot, new long[] {left, left * 10L, left * 100L});
        Out.check(P, "pack_size covers the elements", w.Pack_size(16, MPI.LONG) >= 16 * Long.BYTES, true);

        double[] dgot = new double[1];
        r = w.Irecv(dgot, 0, 1, MPI.DOUBLE, left, 3);
        w.Barrier();                                   // every receive is posted: ready mode is allowed
        w.Rsend(new double[] {me + 0.25}, 0, 1, MPI.DOUBLE, right, 3);
        r.Wait();
        Out.check(P, "rsend ring", dgot[0], left + 0.25);

        // Non-blocking modes: three messages to the right, received in tag order.
        int[][] in = new int[3][1];
        Request[] recvs = new Request[3];
        for (int k = 0; k < 3; k++) {
            recvs[k] = w.Irecv(in[k], 0, 1, MPI.INT, left, 10 + k);
        }
        w.Barrier();
        Request[] sends = {
            w.Issend(new int[] {me + 100}, 0, 1, MPI.INT, right, 10),
            w.Ibsend(new int[] {me + 200}, 0, 1, MPI.INT, right, 11),
            w.Irsend(new int[] {me + 300}, 0, 1, MPI.INT, right, 12),
        };
        Status[] rs = Request.Waitall(recvs);
        Request.Waitall(sends);
        Out.check(P, "issend/ibsend/irsend", new int[] {in[0][0], in[1][0], in[2][0]},
                new int[] {left + 100, left + 200, left + 300});
        Out.check(P, "nonblocking modes tags", new int[] {rs[0].tag, rs[1].tag, rs[2].tag}, new int[] {10, 11, 12});
        w.Barrier();
        MPI.Buffer_detach();

        // Sendrecv_replace: the buffer is sent right and overwritten by the left neighbour's.
        short[] rep = {(short) me, (short) (me * 2), (short) (me * 3)};
        Status rst = w.Sendrecv_replace(rep, 0, 3, MPI.SHORT, right, 4, left, 4);
        Out.check(P, "sendrecv_replace", rep, new short[] {(short) left, (short) (left * 2), (short) (left * 3)});
        Out.check(P, "sendrecv_replace status", new int[] {rst.source, rst.tag}, new int[] {left, 4});

        // Persistent requests, started three times with new contents each time.
        int[] out = new int[2];
        int[] inbuf = new int[2];
        Prequest recvReq = w.Recv_init(inbuf, 0, 2, MPI.INT, left, 5);
        Prequest sendReq = w.Send_init(out, 0, 2, MPI.INT, right, 5);
        int[] seen = new int[6];
        for (int round = 0; round < 3; round++) {
            out[0] = me * 10 + round;
            out[1] = -round;
            if (round == 0) {
                recvReq.Start();
                sendReq.Start();
            } else {
                Prequest.Startall(new Prequest[] {recvReq, sendReq});
            }
            recvReq.Wait();
            sendReq.Wait();
            seen[2 * round] = inbuf[0];
            seen[2 * round + 1] = inbuf[1];
        }
        Out.check(P, "persistent send/recv", seen, new int[] {left * 10, 0, left * 10 + 1, -1, left * 10 + 2, -2});
        Prequest ssendReq = w.Ssend_init(out, 0, 1, MPI.INT, right, 6);
        recvReq = w.Recv_init(inbuf, 0, 1, MPI.INT, left, 6);
        out[0] = me + 7;
        recvReq.Start();
        ssendReq.Start();
        Request.Waitall(new Request[] {recvReq, ssendReq});
        Out.check(P, "persistent ssend", inbuf[0], left + 7);

        // Several requests: rank 0 collects one message from every other rank with Waitany,
        // Waitsome and Testall; the others send theirs.
        if (me == 0) {
            int[] vals = new int[n];
            Request[] reqs = new Request[n - 1];
            for (int i = 1; i < n; i++) {
                reqs[i - 1] = w.Irecv(vals, i, 1, MPI.INT, i, 7);
            }
            boolean[] done = new boolean[n - 1];
            int completions = 0;
            Status a = Request.Waitany(reqs);
            done[a.index] = true;
            completions++;
            boolean indexMatchesSource = a.source == a.index + 1;
            while (completions < n - 1) {
                for (Status x : Request.Waitsome(reqs)) {
                    if (!done[x.index]) {
                        done[x.index] = true;
                        completions++;
                        indexMatchesSource &= x.source == x.index + 1;
                    }
                }
            }
            int[] expected = new int[n];
            for (int i = 1; i < n; i++) {
                expected[i] = i * i;
            }
            Out.check(P, "waitany/waitsome values", vals, expected);
            Out.check(P, "waitany/waitsome indices", indexMatchesSource, true);
        } else {
            w.Send(new int[] {me * me}, 0, 1, MPI.INT, 0, 7);
        }
        w.Barrier();

        // Test calls: a ring message, polled until it arrives.
        int[] t = new int[1];
        Request[] one = {w.Irecv(t, 0, 1, MPI.INT, left, 8)};
        Request send = w.Isend(new int[] {me + 40}, 0, 1, MPI.INT, right, 8);
        Status any = null;
        for (long spins = 0; any == null && spins < 100_000_000L; spins++) {
            any = Request.Testany(one);
        }
        send.Wait();
        Out.check(P, "testany", new int[] {t[0], any == null ? -1 : any.index, any == null ? -1 : any.source},
                new int[] {left + 40, 0, left});
        Request[] two = {w.Irecv(t, 0, 1, MPI.INT, left, 9)};
        send = w.Isend(new int[] {me + 50}, 0, 1, MPI.INT, right, 9);
        Status[] all = null;
        for (long spins = 0; all == null && spins < 100_000_000L; spins++) {
            all = Request.Testall(two);
        }
        send.Wait();
        Out.check(P, "testall", new int[] {t[0], all == null ? -1 : all.length, all == null ? -1 : all[0].source},
                new int[] {left + 50, 1, left});
        Request[] three = {w.Irecv(t, 0, 1, MPI.INT, left, 13)};
        send = w.Isend(new int[] {me + 60}, 0, 1, MPI.INT, right, 13);
        Status[] some = new Status[0];
        for (long spins = 0; some.length == 0 && spins < 100_000_000L; spins++) {
            some = Request.Testsome(three);
        }
        send.Wait();
        Out.check(P, "testsome", t[0] + " " + Arrays.toString(Arrays.stream(some).mapToInt(x -> x.index).toArray()),
                (left + 60) + " [0]");
        w.Barrier();
        Out.line(P, "done", true);
    }
}
