package io.ccrj.core.internal;

import io.ccrj.core.Causality;

import java.util.Arrays;

/**
 * The causalities active on the current thread. Dispatcher workers keep them in a field of their
 * {@link WorkerThread} (no thread-local lookup on the hot path); other threads, virtual threads
 * included, in a {@link ThreadLocal}. The array is immutable once published and {@code null} means
 * none, so a post reads one reference and allocates nothing when no causality is active.
 */
@Internal
public final class CausalityContext {
    private static final ThreadLocal<Causality[]> CURRENT = new ThreadLocal<>();
    /**
     * Some thread other than a worker has set causalities in {@link #CURRENT}: until then every
     * such thread's value is {@code null} and {@link #get()} skips the thread-local lookup (a
     * map probe per post on the posting thread). Plain, never reset: a thread's value is only ever
     * set by that thread, and it writes this flag first, so by program order it reads {@code true}
     * whenever its own value can be non-null; a stale {@code false} read by any other thread is
     * still right for that thread.
     */
    private static boolean threadLocalsUsed;

    private CausalityContext() {
    }

    /** The current thread's causalities, or {@code null}. */
    public static Causality[] get() {
        if (Thread.currentThread() instanceof WorkerThread w) {
            return w.causalities;
        }
        return threadLocalsUsed ? CURRENT.get() : null;
    }

    /** Replaces the current thread's causalities ({@code null} clears) and returns the previous ones. */
    public static Causality[] set(Causality[] causalities) {
        if (Thread.currentThread() instanceof WorkerThread w) {
            Causality[] previous = w.causalities;
            w.causalities = causalities;
            return previous;
        }
        if (!threadLocalsUsed) {
            if (causalities == null) {
                return null; // no thread ever set one: this thread's value is null too
            }
            threadLocalsUsed = true;
        }
        Causality[] previous = CURRENT.get();
        if (causalities == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(causalities);
        }
        return previous;
    }

    /** Wraps an item with the current causalities, or returns it bare when there are none. */
    public static Object wrap(Object item) {
        Causality[] c = get();
        return c == null ? item : new CausalEnvelope(item, c);
    }

    /** The union of two causality sets, first-seen order, without duplicates. */
    public static Causality[] merge(Causality[] a, Causality[] b) {
        if (a == null) {
            return b;
        }
        if (b == null || a == b) {
            return a;
        }
        Causality[] out = Arrays.copyOf(a, a.length + b.length);
        int n = a.length;
        outer:
        for (Causality c : b) {
            for (int i = 0; i < n; i++) {
                if (out[i] == c) {
                    continue outer;
                }
            }
            out[n++] = c;
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /** Adds one causality to a set (no duplicate). */
    public static Causality[] with(Causality[] set, Causality c) {
        return merge(set, new Causality[] {c});
    }

    /** Removes one causality from a set; {@code null} when nothing is left. */
    public static Causality[] without(Causality[] set, Causality c) {
        if (set == null) {
            return null;
        }
        Causality[] out = Arrays.stream(set).filter(x -> x != c).toArray(Causality[]::new);
        return out.length == 0 ? null : out;
    }
}
