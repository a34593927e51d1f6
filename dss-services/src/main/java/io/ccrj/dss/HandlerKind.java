package io.ccrj.dss;

/**
 * How a handler is arbitrated against the service's other handlers. The first three are the
 * groups of ccr-core's {@link io.ccrj.core.Arbiter#interleave interleave}.
 */
public enum HandlerKind {
    /** Runs in parallel with other concurrent handlers, never with an exclusive one (reads). */
    CONCURRENT,
    /** Runs alone (modifications); pending exclusives are preferred over new concurrents. */
    EXCLUSIVE,
    /** Runs once, alone, and retires the service (Drop). */
    TEARDOWN,
    /**
     * Outside the interleave: runs whenever a worker is free, alongside anything (a handler that
     * touches no state, or guards its own).
     */
    INDEPENDENT
}
