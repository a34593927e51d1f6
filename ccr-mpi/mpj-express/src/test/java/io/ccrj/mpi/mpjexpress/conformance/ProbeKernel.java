package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Status;
import java.util.List;

/**
 * Probing: every rank sends its right neighbour a message whose length the neighbour learns by
 * {@code probe} (ANY_TAG) and then receives into a buffer of exactly that length; {@code iprobe}
 * for a tag nobody sends finds nothing; a second message is awaited by polling {@code iprobe}.
 */
public final class ProbeKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        int right = (r + 1) % n;
        int left = (r - 1 + n) % n;
        long[] msg = new long[length(r)];
        for (int i = 0; i < msg.length; i++) {
            msg[i] = 1000L * r + i;
        }
        comm.send(msg, 0, msg.length, Datatype.LONG, right, 20 + r);
        Status probed = comm.probe(left, Comm.ANY_TAG);
        long[] in = new long[probed.count()];
        Status got = comm.recv(in, 0, in.length, Datatype.LONG, probed.source(), probed.tag());
        Status nothing = comm.iprobe(left, 99);
        comm.send(new int[] {r, r}, 0, 2, Datatype.INT, right, 30);
        Status polled;
        while ((polled = comm.iprobe(Comm.ANY_SOURCE, 30)) == null) {
            Thread.yield();
        }
        int[] second = new int[2];
        comm.recv(second, 0, 2, Datatype.INT, polled.source(), 30);
        return List.of(new int[] {probed.source(), probed.tag(), probed.count()},
                new int[] {got.source(), got.tag(), got.count()}, in, String.valueOf(nothing),
                new int[] {polled.source(), polled.tag(), polled.count()}, second);
    }

    private static int length(int r) {
        return r % 3 + 1;
    }

    @Override
    public Object expected(int r, int n) {
        int left = Math.floorMod(r - 1, n);
        long[] in = new long[length(left)];
        for (int i = 0; i < in.length; i++) {
            in[i] = 1000L * left + i;
        }
        return List.of(new int[] {left, 20 + left, in.length}, new int[] {left, 20 + left, in.length}, in, "null",
                new int[] {left, 30, 2}, new int[] {left, left});
    }
}
