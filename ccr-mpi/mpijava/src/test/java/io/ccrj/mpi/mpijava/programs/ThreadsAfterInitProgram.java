package io.ccrj.mpi.mpijava.programs;

import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * A plain {@code MPI.Init}, then three threads of each process exchanging around the ring at
 * once, each with its own tag: allowed after {@code Init} by MPJ Express, whose processes may call
 * MPI from any thread.
 */
public class ThreadsAfterInitProgram {
    private static final int THREADS = 3;

    /**
     * Runs the program.
     *
     * @param args ignored
     * @throws InterruptedException if interrupted while joining the workers
     */
    public static void main(String[] args) throws InterruptedException {
        MPI.Init(args);
        run();
        MPI.Finalize();
    }

    static void run() throws InterruptedException {
        Intracomm w = MPI.COMM_WORLD;
        int n = w.Size();
        int left = (w.Rank() + n - 1) % n;
        long[] sums = new long[THREADS];
        Throwable[] failed = new Throwable[THREADS];
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int tag = 70 + t;
            int slot = t;
            Thread worker = new Thread(() -> {
                try {
                    sums[slot] = ThreadsProgram.exchange(w, tag);
                } catch (Throwable e) {
                    failed[slot] = e;
                }
            });
            workers.add(worker);
            worker.start();
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
            expected[t] = ThreadsProgram.expectedSum(left, 70 + t);
        }
        Out.check("afterinit", "sums", sums, expected);
        w.Barrier();
        Out.line("afterinit", "done", true);
    }
}
