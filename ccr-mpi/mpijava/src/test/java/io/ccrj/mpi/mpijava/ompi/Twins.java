package io.ccrj.mpi.mpijava.ompi;

import java.nio.IntBuffer;
import mpi.CartComm;
import mpi.Cartcomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.ShiftParms;
import mpi.Status;

/**
 * The same operations in mpiJava 1.2's spelling and in Open MPI's, in one run, on the same
 * communicators: each prints its value under {@code mpijava} and under {@code ompi}, and the
 * test requires the two to be equal.
 */
public class Twins {

    private static void both(String what, Object mpijava, Object ompi) {
        Out.line("mpijava", what, mpijava);
        Out.line("ompi", what, ompi);
    }

    /**
     * Runs the twins.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        both("rank size", new int[] {w.Rank(), w.Size()}, new int[] {w.getRank(), w.getSize()});

        int[] a = new int[1];
        int[] b = new int[1];
        Status sa = w.Sendrecv(new int[] {me * 3}, 0, 1, MPI.INT, right, 1, a, 0, 1, MPI.INT, left, 1);
        Status sb = w.sendRecv(new int[] {me * 3}, 1, MPI.INT, right, 2, b, 1, MPI.INT, left, 2);
        both("sendrecv", new int[] {a[0], sa.source, sa.Get_count(MPI.INT)},
                new int[] {b[0], sb.getSource(), sb.getCount(MPI.INT)});

        int[] x = {me == 0 ? 9 : 0};
        int[] y = {me == 0 ? 9 : 0};
        w.Bcast(x, 0, 1, MPI.INT, 0);
        w.bcast(y, 1, MPI.INT, 0);
        both("bcast", x[0], y[0]);

        double[] s1 = new double[1];
        double[] s2 = new double[1];
        w.Allreduce(new double[] {me + 0.5}, 0, s1, 0, 1, MPI.DOUBLE, MPI.SUM);
        w.allReduce(new double[] {me + 0.5}, s2, 1, MPI.DOUBLE, MPI.SUM);
        both("allreduce", s1[0], s2[0]);

        long[] m1 = new long[1];
        long[] m2 = new long[1];
        w.Reduce(new long[] {me * 7L}, 0, m1, 0, 1, MPI.LONG, MPI.MAX, n - 1);
        w.reduce(new long[] {me * 7L}, m2, 1, MPI.LONG, MPI.MAX, n - 1);
        both("reduce", m1[0], m2[0]);

        int[] g1 = new int[n];
        int[] g2 = new int[n];
        w.Gather(new int[] {me + 100}, 0, 1, MPI.INT, g1, 0, 1, MPI.INT, 0);
        w.gather(new int[] {me + 100}, 1, MPI.INT, g2, 1, MPI.INT, 0);
        both("gather", g1, g2);

        int[] src = new int[n];
        for (int i = 0; i < n; i++) {
            src[i] = i * i + 1;
        }
        int[] c1 = new int[1];
        int[] c2 = new int[1];
        w.Scatter(src, 0, 1, MPI.INT, c1, 0, 1, MPI.INT, 0);
        w.scatter(src, 1, MPI.INT, c2, 1, MPI.INT, 0);
        both("scatter", c1[0], c2[0]);

        int[] ag1 = new int[n];
        int[] ag2 = new int[n];
        w.Allgather(new int[] {me * 2}, 0, 1, MPI.INT, ag1, 0, 1, MPI.INT);
        w.allGather(new int[] {me * 2}, 1, MPI.INT, ag2, 1, MPI.INT);
        both("allgather", ag1, ag2);

        int[] t = new int[n];
        for (int i = 0; i < n; i++) {
            t[i] = me * 10 + i;
        }
        int[] t1 = new int[n];
        int[] t2 = new int[n];
        w.Alltoall(t, 0, 1, MPI.INT, t1, 0, 1, MPI.INT);
        w.allToAll(t, 1, MPI.INT, t2, 1, MPI.INT);
        both("alltoall", t1, t2);

        int[] p1 = new int[1];
        int[] p2 = new int[1];
        w.Scan(new int[] {me + 1}, 0, p1, 0, 1, MPI.INT, MPI.PROD);
        w.scan(new int[] {me + 1}, p2, 1, MPI.INT, MPI.PROD);
        both("scan", p1[0], p2[0]);

        Intracomm h1 = w.Split(me % 2, me);
        Intracomm h2 = w.split(me % 2, me);
        both("split", new int[] {h1.Size(), h1.Rank()}, new int[] {h2.getSize(), h2.getRank()});
        both("group incl", w.Group().Incl(new int[] {0}).Size(), w.getGroup().incl(new int[] {0}).getSize());

        Cartcomm k1 = w.Create_cart(new int[] {n}, new boolean[] {true}, false);
        CartComm k2 = w.createCart(new int[] {n}, new boolean[] {true}, false);
        ShiftParms sh1 = k1.Shift(0, 1);
        ShiftParms sh2 = k2.shift(0, 1);
        both("cart shift", new int[] {sh1.rank_source, sh1.rank_dest, k1.Coords(me)[0]},
                new int[] {sh2.getRankSource(), sh2.getRankDest(), k2.getCoords(me)[0]});

        int[] r1 = new int[2];
        Request q1 = w.Irecv(r1, 0, 2, MPI.INT, left, 5);
        Request q2 = w.Isend(new int[] {me, -me}, 0, 2, MPI.INT, right, 5);
        Request.Waitall(new Request[] {q1, q2});
        IntBuffer rb = MPI.newIntBuffer(2);
        IntBuffer sb2 = MPI.newIntBuffer(2);
        sb2.put(0, me).put(1, -me);
        Request.waitAll(new Request[] {w.iRecv(rb, 2, MPI.INT, left, 6), w.iSend(sb2, 2, MPI.INT, right, 6)});
        both("isend irecv", r1, new int[] {rb.get(0), rb.get(1)});

        byte[] pk1 = new byte[16];
        byte[] pk2 = new byte[16];
        int e1 = w.Pack(new int[] {me, 5}, 0, 2, MPI.INT, pk1, 0);
        int e2 = w.pack(new int[] {me, 5}, 2, MPI.INT, pk2, 0);
        both("pack", new Object[] {e1, pk1}, new Object[] {e2, pk2});

        both("compare", mpi.Comm.Compare(w, h1), mpi.Comm.compare(w, h2));

        // one rank uses both APIs on one communicator: mpiJava's Send, Open MPI's recv, and back
        int[] got = new int[2];
        w.Send(new int[] {-1, me + 70}, 1, 1, MPI.INT, right, 7);
        w.recv(got, 1, MPI.INT, left, 7);
        w.send(new int[] {me + 80}, 1, MPI.INT, right, 8);
        w.Recv(got, 1, 1, MPI.INT, left, 8);
        both("mixed send recv", new int[] {left + 70, left + 80}, got);
        w.barrier();
        MPI.Finalize();
    }
}
