package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.ThreadLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Thread level {@code MULTIPLE}: every rank asks for it, then {@value #THREADS} threads of the rank
 * at once each send {@value #MESSAGES} messages to the right neighbour on a tag of their own
 * (non-blocking sends, blocking receives) and receive the left neighbour's on the same tag. Each
 * thread must receive its peer thread's messages complete and in the order they were sent (MPI's
 * non-overtaking rule holds per sending thread and tag), whatever the threads' interleaving.
 */
public final class ThreadLevelKernel implements ConformanceKernel {
    static final int THREADS = 3;
    static final int MESSAGES = 40;

    @Override
    public Object run(Comm comm) {
        ThreadLevel provided = comm.requestThreadLevel(ThreadLevel.MULTIPLE);
        int r = comm.rank();
        int n = comm.size();
        int right = (r + 1) % n;
        int left = (r - 1 + n) % n;
        long[][] received = new long[THREADS][MESSAGES];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int tag = 100 + t;
            long[] mine = received[t];
            threads.add(Thread.ofPlatform().name("rank-" + r + "-thread-" + t).start(() -> {
                try {
                    List<Request> sends = new ArrayList<>();
                    for (int i = 0; i < MESSAGES; i++) {
                        long[] msg = {value(r, tag, i)};
                        sends.add(comm.isend(msg, 0, 1, Datatype.LONG, right, tag));
                    }
                    long[] in = new long[1];
                    for (int i = 0; i < MESSAGES; i++) {
                        comm.recv(in, 0, 1, Datatype.LONG, left, tag);
                        mine[i] = in[0];
                    }
                    for (Request s : sends) {
                        s.waitFor();
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while joining the rank's threads", e);
            }
        }
        if (failure.get() != null) {
            throw new IllegalStateException("a thread of rank " + r + " failed", failure.get());
        }
        List<Object> out = new ArrayList<>();
        out.add(provided.name());
        for (long[] thread : received) {
            out.add(thread);
        }
        return out;
    }

    private static long value(int rank, int tag, int i) {
        return rank * 1_000_000L + tag * 1_000L + i;
    }

    @Override
    public Object expected(int rank, int size) {
        int left = Math.floorMod(rank - 1, size);
        List<Object> out = new ArrayList<>();
        out.add(ThreadLevel.MULTIPLE.name());
        for (int t = 0; t < THREADS; t++) {
            long[] in = new long[MESSAGES];
            for (int i = 0; i < MESSAGES; i++) {
                in[i] = value(left, 100 + t, i);
            }
            out.add(in);
        }
        return out;
    }
}
