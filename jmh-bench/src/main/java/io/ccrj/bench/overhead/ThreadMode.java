package io.ccrj.bench.overhead;

import java.util.Locale;

/**
 * The seeds' "dispatcher threads" column: "match implies dispatcher thread number set to number of
 * parallel computations; default implies thread number defaulted" (one per core,
 * {@code new Dispatcher(0, ...)}).
 */
public enum ThreadMode {
    MATCH("match"),
    DEFAULT("default");

    private final String id;

    ThreadMode(String id) {
        this.id = id;
    }

    /** @return "match" or "default" */
    public String id() {
        return id;
    }

    /**
     * @param ways parallel computations
     * @param defaultThreads what {@code new Dispatcher(0, ...)} gives on this machine
     * @return the dispatcher's worker count for this mode
     */
    public int threads(int ways, int defaultThreads) {
        return this == MATCH ? ways : defaultThreads;
    }

    /**
     * @param text "match" or "default", any case
     * @return the mode
     */
    public static ThreadMode parse(String text) {
        String key = text.trim().toLowerCase(Locale.ROOT);
        for (ThreadMode m : values()) {
            if (m.id.equals(key)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown thread mode '" + text + "' (expected match or default)");
    }
}
