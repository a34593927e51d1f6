package io.ccrj.core;

import io.ccrj.core.internal.CausalityContext;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * A logical thread of control that spans many handlers: the place where their exceptions go.
 *
 * <p>While a causality is active on a thread, every {@link Port#post} from that thread carries
 * it; the handler that consumes the item runs with it active, so its own posts carry it onward
 * (across any number of hops). An exception thrown by a handler is posted to the
 * {@link #exceptionPort()} of every causality the consumed message(s) carried (a join merges the
 * causalities of all its items). With none, it goes to the queue's unhandled-exception port if
 * set, else to the dispatcher's, with a log line. Receive on the exception port like any other.
 *
 * <h2>Thread safety</h2>
 * A causality is immutable and may be shared. The static methods act on the calling thread only.
 * Long-lived resource ports (a service's main port) otherwise pick up the causality of whoever
 * posted first: {@link #clearCurrent()} in the code that owns them.
 */
public class Causality {
    private final String name;
    private final Port<Throwable> exceptionPort;

    /**
     * Creates a causality with its own new exception port.
     *
     * @param name a name for diagnostics
     */
    public Causality(String name) {
        this(name, new Port<>(name + ".exceptions"));
    }

    /**
     * Creates a causality that reports to a given port.
     *
     * @param name a name for diagnostics
     * @param exceptionPort where handler exceptions are posted
     */
    public Causality(String name, Port<Throwable> exceptionPort) {
        this.name = Objects.requireNonNull(name, "name");
        this.exceptionPort = Objects.requireNonNull(exceptionPort, "exceptionPort");
    }

    /** {@return the name} */
    public final String name() {
        return name;
    }

    /** {@return the port that receives exceptions raised under this causality} */
    public final Port<Throwable> exceptionPort() {
        return exceptionPort;
    }

    /** {@return the causalities active on the calling thread, oldest first (empty if none)} */
    public static List<Causality> current() {
        Causality[] c = CausalityContext.get();
        return c == null ? List.of() : List.of(c);
    }

    /**
     * Makes a causality active on the calling thread until removed (CCR's
     * {@code Dispatcher.AddCausality}). Prefer {@link #run(Causality, Runnable)}, which cannot
     * leak it.
     *
     * @param causality the causality
     */
    public static void add(Causality causality) {
        Objects.requireNonNull(causality, "causality");
        CausalityContext.set(CausalityContext.with(CausalityContext.get(), causality));
    }

    /**
     * Removes a causality from the calling thread.
     *
     * @param causality the causality
     */
    public static void remove(Causality causality) {
        CausalityContext.set(CausalityContext.without(CausalityContext.get(), causality));
    }

    /** Removes every causality from the calling thread. */
    public static void clearCurrent() {
        CausalityContext.set(null);
    }

    /**
     * Runs code with a causality active in addition to the current ones, restoring the previous
     * set afterwards.
     *
     * @param causality the causality
     * @param body the code, typically posting the first message of a causal chain
     */
    public static void run(Causality causality, Runnable body) {
        Objects.requireNonNull(causality, "causality");
        Objects.requireNonNull(body, "body");
        var saved = CausalityContext.set(CausalityContext.with(CausalityContext.get(), causality));
        try {
            body.run();
        } finally {
            CausalityContext.set(saved);
        }
    }

    /**
     * Like {@link #run(Causality, Runnable)} with a result.
     *
     * @param causality the causality
     * @param body the code
     * @param <V> the result type
     * @return the body's result
     * @throws Exception whatever the body throws
     */
    public static <V> V call(Causality causality, Callable<V> body) throws Exception {
        Objects.requireNonNull(causality, "causality");
        Objects.requireNonNull(body, "body");
        var saved = CausalityContext.set(CausalityContext.with(CausalityContext.get(), causality));
        try {
            return body.call();
        } finally {
            CausalityContext.set(saved);
        }
    }

    /**
     * Runs code with no causality active, restoring the previous set afterwards: for posts to
     * long-lived resource ports that must not carry the caller's causality.
     *
     * @param body the code
     */
    public static void runWithout(Runnable body) {
        var saved = CausalityContext.set(null);
        try {
            body.run();
        } finally {
            CausalityContext.set(saved);
        }
    }

    @Override
    public String toString() {
        return "Causality[" + name + "]";
    }
}
