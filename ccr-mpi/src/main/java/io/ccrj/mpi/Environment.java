package io.ccrj.mpi;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The environment queries of MPI that do not depend on a communicator: wall-clock time
 * ({@code MPI_Wtime}, {@code MPI_Wtick}) and the processor name ({@code MPI_Get_processor_name}).
 * All ranks of a world share this JVM, so they share the clock and the name.
 */
public final class Environment {
    private static final long ORIGIN = System.nanoTime();

    private Environment() {
    }

    /**
     * Seconds elapsed since an arbitrary origin fixed when this class was loaded
     * ({@code MPI_Wtime}); monotonic, and the same clock for every rank of the JVM.
     *
     * @return elapsed seconds
     */
    public static double wtime() {
        return (System.nanoTime() - ORIGIN) * 1e-9;
    }

    /**
     * The resolution of {@link #wtime()} in seconds ({@code MPI_Wtick}): the nanosecond unit of
     * {@link System#nanoTime()}, the finest the JVM reports.
     *
     * @return {@code 1e-9}
     */
    public static double wtick() {
        return 1e-9;
    }

    /**
     * The name of the machine this JVM runs on ({@code MPI_Get_processor_name}).
     *
     * @return the local host name, or {@code "localhost"} if it cannot be resolved
     */
    public static String processorName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
