package io.ccrj.mpi.mpjexpress.rank;

/**
 * What a rank tells the side that launched it: which MPJ Express call it blocks in (for deadlock
 * reports) and whether the world is ending. Called only by the rank's own thread.
 */
interface RankMonitor {

    /** The world's name, for messages. */
    String worldName();

    /** The rank is about to block in {@code operation}. */
    void blocking(String operation);

    /** The blocking call returned or threw. */
    void unblocked();

    /** Whether the world is ending (then every call fails with ABORTED). */
    boolean ending();

    /** Why the world ended, or {@code null}. */
    String endReason();

    /** A rank of a multicore world launched by {@code MpjExpressWorld} in this JVM. */
    static RankMonitor multicore(io.ccrj.mpi.mpjexpress.internal.MulticoreRun run, int rank) {
        return new RankMonitor() {
            @Override
            public String worldName() {
                return run.worldName();
            }

            @Override
            public void blocking(String operation) {
                run.blocking(rank, operation);
            }

            @Override
            public void unblocked() {
                run.unblocked(rank);
            }

            @Override
            public boolean ending() {
                return run.ending();
            }

            @Override
            public String endReason() {
                return run.endReason();
            }
        };
    }

    /**
     * A rank of a world whose ranks are separate processes (MPJ Express's cluster device): no
     * launcher in this JVM watches it, so nothing is reported and the world never "ends" here.
     */
    static RankMonitor standalone(String worldName) {
        return new RankMonitor() {
            @Override
            public String worldName() {
                return worldName;
            }

            @Override
            public void blocking(String operation) {
            }

            @Override
            public void unblocked() {
            }

            @Override
            public boolean ending() {
                return false;
            }

            @Override
            public String endReason() {
                return null;
            }
        };
    }
}
