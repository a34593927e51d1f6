package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.mpjexpress.internal.MulticoreRun;
import mpi.MPI;

/**
 * Runs one rank of an MPJ Express world: {@code MPI.Init}, the kernel on an {@link MpjComm} over
 * {@code MPI.COMM_WORLD}, {@code MPI.Finalize}, reporting the result or the failure to the
 * launching side. Called (by reflection) from {@link RankMain} on the rank's thread.
 */
public final class RankRunner {

    private RankRunner() {
    }

    /**
     * Runs one rank; never throws once the run is found.
     *
     * @param args {@code [rank, size, device, runId]} as MPJ Express passes them
     */
    public static void run(String[] args) {
        int rank = Integer.parseInt(args[0]);
        MulticoreRun run = MulticoreRun.forRank(args[3]);
        run.rankStarted(rank);
        RankContext context = new RankContext(RankMonitor.multicore(run, rank), rank);
        try {
            context.call("MPI.Init", () -> MPI.Init(args));
            MpjComm world = new MpjComm(MPI.COMM_WORLD, context);
            Object result = run.kernel().run(world);
            context.releaseSends();
            run.rankReturned(rank, result);
            context.call("finalize (waiting for the other ranks to end)", () -> {
                MPI.Finalize();
                return null;
            });
        } catch (Throwable t) {
            run.rankFailed(rank, t instanceof MpiException || !run.ending() ? t : context.aborted("the kernel", t));
        } finally {
            run.rankExited(rank);
        }
    }
}
