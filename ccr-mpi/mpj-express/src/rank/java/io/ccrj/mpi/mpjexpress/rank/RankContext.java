package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.Map;
import mpi.MPI;
import mpi.Request;
import mpi.User_function;

/**
 * What one rank's communicators share: the monitor it reports to, the sends still in flight,
 * and the MPJ Express counterparts of ccr-mpi's operations. Any thread of the rank may use it (the
 * adapter provides thread level MULTIPLE, as MPJ Express does): the mutable parts are guarded by
 * this object's monitor ({@code sends}, and attach/detach in the adapter) or by {@code ops}'s.
 */
final class RankContext {

    /** An MPJ Express call. */
    @FunctionalInterface
    interface MpjCall<T> {
        T call() throws Exception;
    }

    final RankMonitor monitor;
    final int worldRank;

    /**
     * Capacity of the buffer attached for buffered sends, -1 if none (checked by the adapter).
     * Volatile: at thread level MULTIPLE any thread of the rank may attach, detach or send.
     */
    volatile int attachedBuffer = -1;

    /**
     * Sends started by {@link MpjComm#send}: MPJ Express's multicore {@code Send} waits for the
     * matching receive, which the {@link io.ccrj.mpi.Comm} contract does not allow, so
     * {@code send} is an {@code Isend} (which copies the buffer) whose request is kept here and
     * dropped once complete.
     */
    private final ArrayDeque<Request> sends = new ArrayDeque<>();

    /** MPJ Express operations made for ccr-mpi's, one per operation (mpi.Op lives in this rank's class loader). */
    private final Map<Op, mpi.Op> ops = new IdentityHashMap<>();

    RankContext(RankMonitor monitor, int worldRank) {
        this.monitor = monitor;
        this.worldRank = worldRank;
    }

    /**
     * Runs an MPJ Express call that may block, telling the launching side what this rank waits
     * for (deadlock reports) and translating MPJ Express's failures.
     */
    <T> T call(String operation, MpjCall<T> body) {
        checkRunning(operation);
        monitor.blocking(operation);
        try {
            return body.call();
        } catch (Exception | LinkageError | AssertionError e) {
            throw translate(operation, e);
        } finally {
            monitor.unblocked();
        }
    }

    /** Runs an MPJ Express call that does not block. */
    <T> T callNonBlocking(String operation, MpjCall<T> body) {
        checkRunning(operation);
        try {
            return body.call();
        } catch (Exception | LinkageError | AssertionError e) {
            throw translate(operation, e);
        }
    }

    void checkRunning(String operation) {
        if (monitor.ending()) {
            throw aborted(operation, null);
        }
    }

    MpiException aborted(String operation, Throwable cause) {
        return new MpiException(ErrorClass.ABORTED, "world '" + monitor.worldName() + "' ended while rank " + worldRank
                + " was in " + operation + ": " + monitor.endReason(), cause);
    }

    /** Maps an MPJ Express failure onto ccr-mpi's error classes. */
    MpiException translate(String operation, Throwable e) {
        if (monitor.ending()) {
            return aborted(operation, e);
        }
        if (e instanceof MpiException m) {
            return m;
        }
        String text = messages(e);
        ErrorClass errorClass;
        if (text.contains("is less than length")) {
            errorClass = ErrorClass.TRUNCATE;       // mpi.SimplePacker*: "count <c> is less than length <n>"
        } else if (text.contains("TypeMismatchException") || text.contains("Wrong type")) {
            errorClass = ErrorClass.TYPE;           // mpjbuf: a section of another type
        } else if (has(e, InterruptedException.class) || text.contains("interupt") || text.contains("nterrupt")) {
            errorClass = ErrorClass.INTERRUPTED;
        } else {
            errorClass = ErrorClass.ARG;
        }
        return new MpiException(errorClass, operation + " failed in MPJ Express: " + text, e);
    }

    private static String messages(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (b.length() > 0) {
                b.append(" <- ");
            }
            b.append(t);
        }
        return b.toString();
    }

    private static boolean has(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /** Keeps a started send until it completes; drops those already complete. */
    synchronized void deferSend(Request request) throws Exception {
        sends.addLast(request);
        while (!sends.isEmpty() && sends.peekFirst().Test() != null) {
            sends.pollFirst();
        }
    }

    /**
     * At the end of the kernel: forgets the sends still unmatched. A message nobody receives is
     * an error of the kernel that MPI leaves undefined; ccr-mpi drops it, and so does this
     * adapter (the launching side clears MPJ Express's queues before the next world).
     */
    synchronized void releaseSends() {
        sends.clear();
    }

    /** The MPJ Express operation for {@code op} on {@code type}: its own for predefined ones on primitives. */
    mpi.Op mpiOp(Op op, Datatype type) {
        // MPJ Express 0.44's BOR and BXOR do not combine (every rank gets rank 0's operands back):
        // they are passed as user functions applying ccr-mpi's operation, as OBJECT ones are
        if (op.isPredefined() && type.base() != Datatype.Base.OBJECT && op != Op.BOR && op != Op.BXOR) {
            return switch (op.name()) {
                case "SUM" -> MPI.SUM;
                case "PROD" -> MPI.PROD;
                case "MIN" -> MPI.MIN;
                case "MAX" -> MPI.MAX;
                case "LAND" -> MPI.LAND;
                case "LOR" -> MPI.LOR;
                case "LXOR" -> MPI.LXOR;
                case "BAND" -> MPI.BAND;
                case "MAXLOC" -> MPI.MAXLOC;
                default -> MPI.MINLOC;
            };
        }
        synchronized (ops) {
            return ops.computeIfAbsent(op, RankContext::userOp);
        }
    }

    private static mpi.Op userOp(Op op) {
        try {
            return new mpi.Op(new OpFunction(op), op.isCommutative());
        } catch (mpi.MPIException e) {
            throw new MpiException(ErrorClass.OP, "MPJ Express rejected operation " + op + ": " + e, e);
        }
    }

    /**
     * A ccr-mpi operation as an MPJ Express user function. MPJ Express calls it with
     * {@code inout = in op inout}, the convention of {@link Op#apply}.
     */
    private static final class OpFunction extends User_function {
        private final Op op;

        OpFunction(Op op) {
            this.op = op;
        }

        @Override
        public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, mpi.Datatype type) {
            op.apply(in, inOffset, inout, inoutOffset, count, Types.ccr(type, inout));
        }
    }
}
