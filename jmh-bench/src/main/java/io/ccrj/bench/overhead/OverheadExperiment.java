package io.ccrj.bench.overhead;

/**
 * What is left of the hand-timed stage-overhead experiment: its threshold for other processes'
 * share of the machine, which the mpi runner's own hand timing still uses. {@code bin/ccrj
 * overhead} is timed by JMH ({@link OverheadRunner}) and uses nothing here.
 */
public final class OverheadExperiment {
    /** A run during which other processes used more than this share of the machine is repeated. */
    public static final double MAX_FOREIGN_LOAD = 0.10;

    private OverheadExperiment() {
    }
}
