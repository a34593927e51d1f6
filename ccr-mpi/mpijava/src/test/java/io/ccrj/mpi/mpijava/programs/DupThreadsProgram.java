package io.ccrj.mpi.mpijava.programs;

import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * Threads on duplicated communicators: {@code initThread(THREAD_MULTIPLE)}, then the main thread
 * duplicates {@code COMM_WORLD} once per worker ({@code clone}, mpiJava 1.2's {@code Dup}; every
 * process in the same order) and starts {@value #THREADS} workers; worker {@code t} runs
 * {@value #ROUNDS} rounds on dup {@code t} alone: a ring {@code Sendrecv}, a {@code Barrier}, an
 * {@code Allreduce} and a {@code Bcast} from a root that moves every round. The workers of one
 * process run at once and unsynchronized, so each process waits on several communicators at a
 * time. With the argument {@code virtual} the workers are virtual threads.
 */
public class DupThreadsProgram {
    private static final int THREADS = 3;
    private static final int ROUNDS = 60;

    /**
     * Runs the program.
     *
     * @param args passed to {@code MPI.initThread}; {@code virtual} makes the workers virtual threads
     * @throws InterruptedException if interrupted while joining the workers
     */
    public static void main(String[] args) throws InterruptedException {
        String[] rest = MPI.initThread(MPI.THREAD_MULTIPLE, MPI.THREAD_MULTIPLE, args);
        boolean virtual = rest != null && java.util.Arrays.asList(rest).contains("virtual");
        Intracomm w = MPI.COMM_WORLD;
        Out.line("dups", "provided", MPI.queryThread());
        Intracomm[] dups = new Intracomm[THREADS];
        for (int t = 0; t < THREADS; t++) {
            dups[t] = (Intracomm) w.clone();
        }
        long[] sums = new long[THREADS];
        Throwable[] failed = new Throwable[THREADS];
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int id = t;
            Runnable body = () -> {
                try {
                    sums[id] = rounds(dups[id], id);
                } catch (Throwable e) {
                    failed[id] = e;
                }
            };
            workers.add(virtual ? Thread.ofVirtual().start(body) : Thread.ofPlatform().start(body));
        }
        for (Thread t : workers) {
            t.join();
        }
        for (Throwable e : failed) {
            if (e != null) {
                throw new IllegalStateException("a worker thread failed", e);
            }
        }
        long[] expected = new long[THREADS];
        for (int t = 0; t < THREADS; t++) {
            expected[t] = expectedSum(w.Size(), w.Rank(), t);
        }
        Out.check("dups", "sums", sums, expected);
        w.Barrier();
        Out.line("dups", "done", true);
        MPI.Finalize();
    }

    /** What {@link #rounds} with thread {@code t} sums at rank {@code me} of {@code n}. */
    static long expectedSum(int n, int me, int t) {
        int left = (me + n - 1) % n;
        long sum = 0;
        for (int r = 0; r < ROUNDS; r++) {
            sum += left * 1_000L + t * 100L + r;                  // the ring
            sum += (long) n * (n - 1) / 2 + (long) n * r;          // the allreduce
            sum += (r % n) * 10L + t;                              // the bcast
        }
        return sum;
    }

    private static long rounds(Intracomm c, int t) {
        int n = c.Size();
        int me = c.Rank();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        long sum = 0;
        for (int r = 0; r < ROUNDS; r++) {
            long[] got = new long[1];
            c.Sendrecv(new long[] {me * 1_000L + t * 100L + r}, 0, 1, MPI.LONG, right, t, got, 0, 1, MPI.LONG, left, t);
            sum += got[0];
            c.Barrier();
            long[] all = new long[1];
            c.Allreduce(new long[] {me + r}, 0, all, 0, 1, MPI.LONG, MPI.SUM);
            sum += all[0];
            int root = r % n;
            long[] b = {me == root ? root * 10L + t : -1};
            c.Bcast(b, 0, 1, MPI.LONG, root);
            sum += b[0];
        }
        return sum;
    }
}
