package mpi;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.mpijava.internal.MpiTerms;

/**
 * The translations shared by the classes of this package: errors, tags and statuses between the
 * mpiJava conventions and ccr-mpi's. Stateless.
 */
final class Bridge {
    private Bridge() {
    }

    /**
     * ccr-mpi's failure as mpiJava's exception, its message in mpiJava's terms and naming the
     * call the program made; also recorded for the launcher's report ({@link MPI#failed}), since
     * programs often catch and drop it.
     */
    static MPIException error(MpiException e) {
        String call = programCall();
        String name = call.substring(call.indexOf('.') + 1);
        String message = MpiTerms.of(e.getMessage(), name);
        if ((e.errorClass() == MpiException.ErrorClass.TRUNCATE || e.errorClass() == MpiException.ErrorClass.TYPE)
                && COLLECTIVES.contains(name.replace("_", "").toLowerCase(java.util.Locale.ROOT))) {
            // inside a blocking collective, a message of the wrong length or type comes from a
            // rank that called the same collective with another count or datatype
            message += " (a mismatched collective: the ranks disagree on its count or datatype;"
                    + " every rank must call it with matching ones)";
        }
        MPI.failed(call, message, e.errorClass() == MpiException.ErrorClass.ABORTED);
        return new MPIException(message, e);
    }

    /** The blocking collectives, their names lower-cased without underscores (both APIs' spellings). */
    private static final java.util.Set<String> COLLECTIVES = java.util.Set.of("barrier", "bcast", "gather",
            "gatherv", "scatter", "scatterv", "allgather", "allgatherv", "alltoall", "alltoallv", "alltoallw",
            "reduce", "allreduce", "reducescatter", "reducescatterblock", "scan", "exscan");

    /**
     * The call of package {@code mpi} that the program made, such as {@code Comm.Recv}: the
     * outermost frame of this package on the calling thread's stack (the one the program's code
     * called).
     */
    private static String programCall() {
        return StackWalker.getInstance().walk(frames -> {
            String outermost = null;
            for (StackWalker.StackFrame f : (Iterable<StackWalker.StackFrame>) frames::iterator) {
                String c = f.getClassName();
                if (c.equals(Bridge.class.getName())) {
                    continue;
                }
                if (!c.startsWith("mpi.") || c.indexOf('.', 4) >= 0) {
                    break;
                }
                outermost = c.substring(4) + "." + f.getMethodName();
            }
            return outermost == null ? "MPI" : outermost;
        });
    }

    /** A receive or probe tag: mpiJava's ANY_TAG (-2) is ccr-mpi's {@link io.ccrj.mpi.Comm#ANY_TAG}. */
    static int tag(int tag) {
        return tag == MPI.ANY_TAG ? io.ccrj.mpi.Comm.ANY_TAG : tag;
    }

    /** A rank returned by ccr-mpi: its UNDEFINED is mpiJava's {@link MPI#UNDEFINED}. */
    static int rankOut(int rank) {
        return rank == io.ccrj.mpi.Comm.UNDEFINED ? MPI.UNDEFINED : rank;
    }

    /** A color passed to Split: mpiJava's UNDEFINED is ccr-mpi's {@link io.ccrj.mpi.Comm#UNDEFINED}. */
    static int colorIn(int color) {
        return color == MPI.UNDEFINED ? io.ccrj.mpi.Comm.UNDEFINED : color;
    }

    /** ccr-mpi's status as mpiJava's; {@code null} stays {@code null}. */
    static Status status(io.ccrj.mpi.Status s) {
        if (s == null) {
            return null;
        }
        return new Status(s);
    }

    /** ccr-mpi's statuses as mpiJava's; {@code null} elements stay {@code null}. */
    static Status[] statuses(io.ccrj.mpi.Status[] ss) {
        if (ss == null) {
            return null;
        }
        Status[] out = new Status[ss.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = status(ss[i]);
        }
        return out;
    }

    /** mpiJava's requests as ccr-mpi's; null requests ({@link MPI#REQUEST_NULL} or {@code null}) are {@code null}. */
    static io.ccrj.mpi.Request[] requests(Request[] requests) {
        if (requests == null) {
            throw new MPIException("requests: the array is null");
        }
        io.ccrj.mpi.Request[] rs = new io.ccrj.mpi.Request[requests.length];
        for (int i = 0; i < rs.length; i++) {
            rs[i] = requests[i] == null ? null : requests[i].impl;
        }
        return rs;
    }

    /** ccr-mpi's comparison as mpiJava's constant. */
    static int comparison(io.ccrj.mpi.Comparison c) {
        return switch (c) {
            case IDENT -> MPI.IDENT;
            case CONGRUENT -> MPI.CONGRUENT;
            case SIMILAR -> MPI.SIMILAR;
            case UNEQUAL -> MPI.UNEQUAL;
        };
    }

    /**
     * The MPI error class of ccr-mpi's failure, by its class's name (so that classes ccr-mpi
     * gains map without a change here when MPI names them alike, else to {@link MPI#ERR_OTHER}).
     */
    static int errorClass(MpiException e) {
        return switch (e.errorClass().name()) {
            case "BUFFER" -> MPI.ERR_BUFFER;
            case "COUNT" -> MPI.ERR_COUNT;
            case "TYPE" -> MPI.ERR_TYPE;
            case "TAG" -> MPI.ERR_TAG;
            case "RANK" -> MPI.ERR_RANK;
            case "ROOT" -> MPI.ERR_ROOT;
            case "OP" -> MPI.ERR_OP;
            case "TRUNCATE" -> MPI.ERR_TRUNCATE;
            case "REQUEST" -> MPI.ERR_REQUEST;
            case "ARG" -> MPI.ERR_ARG;
            case "COMM" -> MPI.ERR_COMM;
            case "GROUP" -> MPI.ERR_GROUP;
            case "TOPOLOGY" -> MPI.ERR_TOPOLOGY;
            case "DIMS" -> MPI.ERR_DIMS;
            case "WIN" -> MPI.ERR_WIN;
            case "RMA_SYNC" -> MPI.ERR_RMA_SYNC;
            case "RMA_CONFLICT" -> MPI.ERR_RMA_CONFLICT;
            case "UNSUPPORTED_OPERATION" -> MPI.ERR_UNSUPPORTED_OPERATION;
            default -> MPI.ERR_OTHER;
        };
    }

    /** Open MPI's calls that this package refuses by name: MPI-IO and dynamic processes. */
    static MPIException unsupported(String call, String what) {
        String message = call + ": " + what + " is not supported by ccrj's mpi package (its ranks are threads"
                + " of one JVM started by bin/ccrj mpirun); run the program on Open MPI's own mpirun for it";
        MPI.failed(call, message, false);
        return new MPIException(MPI.ERR_UNSUPPORTED_OPERATION, message);
    }
}
