package io.ccrj.mpi.mpijava.programs;

import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * Thread levels: {@code initThread(THREAD_MULTIPLE)}, {@code queryThread}, {@code isMainThread} on
 * the main thread and on a worker, then three worker threads per process exchanging around the
 * ring at once, each with its own tag ({@code Sendrecv}, {@code Isend}/{@code Recv}). Where the
 * level provided is below {@code THREAD_MULTIPLE} the same exchanges run one after another on the
 * main thread, so the values printed are the same either way.
 */
public class ThreadsProgram {
    private static final int THREADS = 3;
    private static final int ROUNDS = 40;

    /**
     * Runs the program.
     *
     * @param args passed to {@code MPI.initThread}
     * @throws InterruptedException if interrupted while joining the workers
     */
    public static void main(String[] args) throws InterruptedException {
        MPI.initThread(MPI.THREAD_MULTIPLE, MPI.THREAD_MULTIPLE, args);
        Intracomm w = MPI.COMM_WORLD;
        int provided = MPI.queryThread();
        Out.line("threads", "provided", provided);
        Out.check("threads", "main is main", MPI.isMainThread(), true);
        boolean[] workerIsMain = new boolean[1];
        Thread probe = new Thread(() -> workerIsMain[0] = MPI.isMainThread());
        probe.start();
        probe.join();
        Out.check("threads", "worker is main", workerIsMain[0], false);

        int n = w.Size();
        int me = w.Rank();
        long[] sums = new long[THREADS];
        if (provided == MPI.THREAD_MULTIPLE) {
            List<Thread> workers = new ArrayList<>();
            Throwable[] failed = new Throwable[THREADS];
            for (int t = 0; t < THREADS; t++) {
                int tag = t;
                Thread worker = new Thread(() -> {
                    try {
                        sums[tag] = exchange(w, tag);
                    } catch (Throwable e) {
                        failed[tag] = e;
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
        } else {
            for (int t = 0; t < THREADS; t++) {
                sums[t] = exchange(w, t);
            }
        }
        long[] expected = new long[THREADS];
        int left = (me + n - 1) % n;
        for (int t = 0; t < THREADS; t++) {
            expected[t] = expectedSum(left, t);
        }
        Out.check("threads", "sums", sums, expected);
        w.Barrier();
        Out.line("threads", "done", true);
        MPI.Finalize();
    }

    /** What {@link #exchange} with {@code tag} sums on the right neighbour of {@code left}. */
    static long expectedSum(int left, int tag) {
        long sum = 0;
        for (int round = 0; round < ROUNDS; round++) {
            sum += 2L * value(left, tag, round);
        }
        return sum;
    }

    private static long value(int rank, int tag, int round) {
        return rank * 100_000L + tag * 1_000L + round;
    }

    /** Two exchanges a round around the ring with one tag: the sum of what came from the left. */
    static long exchange(Intracomm w, int tag) {
        int n = w.Size();
        int right = (w.Rank() + 1) % n;
        int left = (w.Rank() + n - 1) % n;
        long sum = 0;
        for (int round = 0; round < ROUNDS; round++) {
            long[] got = new long[1];
            w.Sendrecv(new long[] {value(w.Rank(), tag, round)}, 0, 1, MPI.LONG, right, tag, got, 0, 1, MPI.LONG,
                    left, tag);
            sum += got[0];
            long[] again = new long[1];
            mpi.Request r = w.Isend(new long[] {value(w.Rank(), tag, round)}, 0, 1, MPI.LONG, right, tag);
            w.Recv(again, 0, 1, MPI.LONG, left, tag);
            r.Wait();
            sum += again[0];
        }
        return sum;
    }
}
