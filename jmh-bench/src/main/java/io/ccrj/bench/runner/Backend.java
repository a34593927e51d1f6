package io.ccrj.bench.runner;

/**
 * What ran a figure, the backend part of its key ({@link FigureKey}), where a section compares
 * libraries; a section that runs one library in several configurations keys the configuration
 * instead (the overhead section: the dispatcher's thread mode).
 */
public enum Backend {
    /** ccr-core: ports, arbiters and dispatchers. */
    CCR_CORE("ccr-core"),
    /** dss-services: the DSS host and its services. */
    DSS_SERVICES("dss-services"),
    /** ccr-mpi. */
    CCR_MPI("ccr-mpi"),
    /** MPJ Express 0.44, multicore device. */
    MPJ_EXPRESS("mpj-express"),
    /** The machine's MPI in C, timed by the program itself. */
    NATIVE_MPI("native-mpi"),
    /** Plain Java: threads, System.arraycopy. */
    JAVA("java");

    /** The name in CSV files and labels. */
    public final String id;

    Backend(String id) {
        this.id = id;
    }
}
