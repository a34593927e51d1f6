package io.ccrj.bench.overhead;

import io.ccrj.core.Dispatcher;

import java.util.Locale;

/**
 * The papers' "dispatcher threads" column: "match implies dispatcher thread number set to number of
 * parallel computations; default implies thread number defaulted" (one per core,
 * {@code new Dispatcher(0, ...)}).
 */
public enum ThreadMode {
    MATCH,
    DEFAULT;

    /** @return "match" or "default" */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the dispatcher's worker count for this mode, given what {@code new Dispatcher(0, ...)} gives here */
    int threads(int ways, int defaultThreads) {
        return this == MATCH ? ways : defaultThreads;
    }

    /** @return the worker count of {@code new Dispatcher(0, ...)} on this machine */
    static int defaultThreads() {
        try (Dispatcher probe = new Dispatcher(0, "probe")) {
            return probe.workerCount();
        }
    }

    /** Parses "match" or "default", any case. */
    static ThreadMode parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown thread mode '" + text + "' (expected match or default)");
        }
    }
}
