package io.ccrj.dss;

import io.ccrj.core.SuccessFailurePort;
import io.ccrj.dss.internal.runtime.Commit;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * Where the answer to one operation goes: exactly one {@link Response} or {@link Fault}. The
 * first answer wins; later ones are ignored (the host's 504 timer and a late handler may race).
 *
 * <p>Three sinks: a ccr-core {@link SuccessFailurePort} ({@link #to}), to combine the reply with
 * arbiters (choice with a timeout, joins); a {@link CompletableFuture} ({@link #future}); or a
 * callback ({@link #of}) that runs on the answering thread, which is how the HTTP host and the
 * partner clients avoid an extra task per request.
 *
 * <h2>Thread safety</h2>
 * {@link #respond} and {@link #fault} may be called from any thread; the winning call's sink runs
 * on that thread, once.
 */
public final class ResponsePort {
    private static final VarHandle ANSWERED;

    static {
        try {
            ANSWERED = MethodHandles.lookup().findVarHandle(ResponsePort.class, "answered", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@link #answered}: no answer yet. */
    private static final int OPEN = 0;
    /** {@link #answered}: answered (the sink ran or runs). */
    private static final int DONE = 1;
    /**
     * {@link #answered}: claimed by the service runtime for a modification it is committing; only
     * {@link #answerClaimed} delivers, every other answer (the host's 504 timer) is ignored.
     */
    private static final int CLAIMED = 2;

    private final BiConsumer<? super Response, ? super Fault> sink;
    /**
     * {@link #OPEN}, {@link #DONE} or {@link #CLAIMED}; changed only by compare-and-set (volatile
     * semantics through {@link #ANSWERED}), so exactly one answer reaches the sink.
     */
    @SuppressWarnings("unused") // through ANSWERED
    private volatile int answered;
    /** Set once by the service runtime before the operation is posted; runs after the sink. */
    private volatile Runnable onAnswered;
    /**
     * Set once by the service runtime before the operation is posted (with {@link #onAnswered});
     * {@code null} for an operation no runtime admitted. Volatile: the handler that answers may
     * run on another thread than the one that admitted the operation (the ports publish it too).
     */
    private volatile Commit commit;

    private ResponsePort(BiConsumer<? super Response, ? super Fault> sink) {
        this.sink = Objects.requireNonNull(sink, "sink");
    }

    /**
     * A response port that calls back with the answer.
     *
     * @param callback receives (response, null) or (null, fault) once, on the answering thread;
     *     must not block
     * @return the port
     */
    public static ResponsePort of(BiConsumer<? super Response, ? super Fault> callback) {
        return new ResponsePort(callback);
    }

    /**
     * A response port that posts the answer to a CCR port.
     *
     * @param port receives the response on its success port or the fault on its failure port
     * @return the response port
     */
    public static ResponsePort to(SuccessFailurePort<Response> port) {
        Objects.requireNonNull(port, "port");
        return new ResponsePort((r, f) -> {
            if (f == null) {
                port.postSuccess(r);
            } else {
                port.postFailure(f);
            }
        });
    }

    /**
     * A response port that completes a future with the answer.
     *
     * @param future completed with the response, or exceptionally with the fault
     * @return the response port
     */
    public static ResponsePort future(CompletableFuture<Response> future) {
        Objects.requireNonNull(future, "future");
        return new ResponsePort((r, f) -> {
            if (f == null) {
                future.complete(r);
            } else {
                future.completeExceptionally(f);
            }
        });
    }

    /**
     * Answers with a response.
     *
     * @param response the answer
     * @return {@code false} if the port was answered already (this answer is dropped)
     */
    public boolean respond(Response response) {
        Objects.requireNonNull(response, "response");
        return answer(response, null);
    }

    /**
     * Answers with a fault.
     *
     * @param fault the failure
     * @return {@code false} if the port was answered already
     */
    public boolean fault(Fault fault) {
        Objects.requireNonNull(fault, "fault");
        return answer(null, fault);
    }

    /** {@return {@code true} once answered (or while the service runtime commits the answer's change)} */
    public boolean isAnswered() {
        return answered != 0;
    }

    private boolean answer(Response response, Fault fault) {
        if (!ANSWERED.compareAndSet(this, OPEN, DONE)) {
            return false;
        }
        deliver(response, fault);
        return true;
    }

    /**
     * Claims the answer before a modification is committed, so that no other answer (the host's
     * 504 timer, racing on an event loop) can be delivered between the commit and its success:
     * a client told "failed" must never find the change made.
     *
     * @return {@code false} if the port was answered (or claimed) already: the modification must
     *     not be committed
     */
    boolean claim() {
        return ANSWERED.compareAndSet(this, OPEN, CLAIMED);
    }

    /**
     * Delivers the answer of a claimed port (the commit's success, or why it failed).
     *
     * @return {@code false} if the port was not claimed (then nothing was delivered)
     */
    boolean answerClaimed(Response response, Fault fault) {
        if (!ANSWERED.compareAndSet(this, CLAIMED, DONE)) {
            return false;
        }
        deliver(response, fault);
        return true;
    }

    private void deliver(Response response, Fault fault) {
        try {
            sink.accept(response, fault);
        } finally {
            Runnable after = onAnswered;
            if (after != null) {
                after.run();
            }
        }
    }

    /**
     * Prepares the port of an admitted operation (through the runtime's hooks).
     *
     * @param runtimeCommit asked before a success is delivered
     * @param action runs after the answer was delivered
     */
    void admitted(Commit runtimeCommit, Runnable action) {
        this.commit = runtimeCommit;
        this.onAnswered = action;
    }

    /** {@return what the admitting runtime commits before a success, or {@code null} if none admitted it} */
    Commit commit() {
        return commit;
    }
}
