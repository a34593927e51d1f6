package io.ccrj.bench.runner;

import java.util.Locale;

/** A section of {@code bin/ccrj paper}: one experiment, the first part of every figure's key ({@link FigureKey}). */
public enum Section {
    /** {@code bin/ccrj overhead}: the spawned patterns' stage overhead on ccr-core. */
    OVERHEAD,
    /** {@code bin/ccrj mpi}: ccr-mpi beside MPJ Express and native MPI. */
    MPI,
    /** {@code bin/ccrj dss}: dss-services beside a raw Netty handler. */
    DSS,
    /** {@code bin/ccrj peers}: ccr-core and dss-services beside today's tools. */
    PEERS;

    /** @return the command's name, which is also the section's name in ids and CSV files, e.g. {@code overhead} */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
