package io.ccrj.mpi.mpijava.internal;

import io.ccrj.mpi.internal.Internal;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What the launcher remembers of one run for its final report: the first MPI call that failed
 * on each rank (also when the program caught the exception, as programs in the mpiJava test
 * tradition do with {@code catch (Exception e) {}}), and which ranks' {@code main} returned.
 *
 * <p>Thread safety: any thread of a rank may record (a rank may call MPI from several threads);
 * the first record per rank wins (compare-and-set). The launcher reads after the run has ended,
 * which the world's end orders after every rank's writes.
 */
@Internal
public final class RunReport {
    /**
     * One failed call.
     *
     * @param call the mpiJava call, such as {@code Comm.Recv}
     * @param message what failed, in mpiJava's terms
     * @param stoppedByOtherRank whether it failed only because another rank's failure ended the run
     */
    public record FailedCall(String call, String message, boolean stoppedByOtherRank) {
        @Override
        public String toString() {
            return call + " failed: " + message;
        }
    }

    private final AtomicReferenceArray<FailedCall> firstFailures;
    private final AtomicReferenceArray<Boolean> returned;
    private final AtomicReferenceArray<Boolean> initialized;
    /** The code of the first {@code Abort}/{@code abort} call of the run; {@code null} while none. */
    private final java.util.concurrent.atomic.AtomicReference<Integer> abortCode =
            new java.util.concurrent.atomic.AtomicReference<>();

    /**
     * A report for {@code size} ranks.
     *
     * @param size the number of ranks
     */
    public RunReport(int size) {
        this.firstFailures = new AtomicReferenceArray<>(size);
        this.returned = new AtomicReferenceArray<>(size);
        this.initialized = new AtomicReferenceArray<>(size);
    }

    /**
     * Records that {@code rank} called {@code MPI.Init} (or {@code InitThread}).
     *
     * @param rank the rank
     */
    public void initialized(int rank) {
        initialized.set(rank, Boolean.TRUE);
    }

    /**
     * Whether {@code rank} called {@code MPI.Init}.
     *
     * @param rank the rank
     * @return {@code true} once it did
     */
    public boolean hasInitialized(int rank) {
        return initialized.get(rank) != null;
    }

    /**
     * Records an {@code Abort(code)} of the program; the first one sets the run's exit status.
     *
     * @param code the code the program passed
     */
    public void aborted(int code) {
        abortCode.compareAndSet(null, code);
    }

    /**
     * The code of the run's first abort.
     *
     * @return the code, or {@code null} if no rank aborted
     */
    public Integer abortCode() {
        return abortCode.get();
    }

    /**
     * Records a failed call of {@code rank} unless one was recorded before.
     *
     * @param rank the world rank
     * @param call the failed call
     */
    public void failed(int rank, FailedCall call) {
        firstFailures.compareAndSet(rank, null, call);
    }

    /**
     * The first failed call of {@code rank}.
     *
     * @param rank the world rank
     * @return the call, or {@code null} if none failed
     */
    public FailedCall firstFailure(int rank) {
        return firstFailures.get(rank);
    }

    /**
     * Marks that {@code rank}'s {@code main} returned.
     *
     * @param rank the world rank
     */
    public void returned(int rank) {
        returned.set(rank, Boolean.TRUE);
    }

    /**
     * Whether {@code rank}'s {@code main} returned.
     *
     * @param rank the world rank
     * @return {@code true} once it returned normally
     */
    public boolean hasReturned(int rank) {
        return returned.get(rank) != null;
    }

    /**
     * The number of ranks.
     *
     * @return the size
     */
    public int size() {
        return firstFailures.length();
    }
}
