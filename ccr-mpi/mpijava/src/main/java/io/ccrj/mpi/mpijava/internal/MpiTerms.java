package io.ccrj.mpi.mpijava.internal;

import io.ccrj.mpi.internal.Internal;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ccr-mpi's messages in the terms of an mpiJava program: the call as the program named it
 * ({@code Recv}, not {@code recv}), the constants and basic datatypes of class {@code MPI}
 * ({@code MPI.ANY_SOURCE}, {@code MPI.INT}), and mpiJava's calls in hints
 * ({@code MPI.Buffer_attach}, not {@code bufferAttach}). Used by package {@code mpi} for its
 * exceptions and by the launcher for its deadlock report.
 *
 * <p>Stateless and thread-safe.
 */
@Internal
public final class MpiTerms {
    private static final Pattern LEADING_OPERATION = Pattern.compile("^([a-z][A-Za-z]*)(?=[ (:])");
    private static final Pattern CONSTANT = Pattern.compile(
            "(?<![\\w.])(?:Comm\\.)?(ANY_SOURCE|ANY_TAG|PROC_NULL|UNDEFINED|IN_PLACE)(?!\\w)");
    private static final Pattern BASIC_TYPE = Pattern.compile(
            "(?<![\\w.])(BYTE|CHAR|SHORT|BOOLEAN|INT|LONG|FLOAT|DOUBLE|OBJECT|PACKED|SHORT2|INT2|LONG2|FLOAT2|DOUBLE2)"
            + "(?![\\w(])");
    /** ccr-mpi's operation names whose mpiJava name is not the same word capitalized. */
    private static final Map<String, String> OPERATIONS = Map.ofEntries(
            Map.entry("sendrecvReplace", "Sendrecv_replace"), Map.entry("reduceScatter", "Reduce_scatter"),
            Map.entry("sendInit", "Send_init"), Map.entry("recvInit", "Recv_init"),
            Map.entry("ssendInit", "Ssend_init"), Map.entry("bsendInit", "Bsend_init"),
            Map.entry("rsendInit", "Rsend_init"), Map.entry("bufferAttach", "MPI.Buffer_attach"),
            Map.entry("bufferDetach", "MPI.Buffer_detach"));
    private static final String[][] HINTS = {
        {"bufferAttach", "MPI.Buffer_attach"}, {"bufferDetach", "MPI.Buffer_detach"},
        {"requestThreadLevel(SERIALIZED)", "MPI.initThread(MPI.THREAD_SERIALIZED, ...)"},
        {"requestThreadLevel(MULTIPLE)", "MPI.initThread(MPI.THREAD_MULTIPLE, ...)"},
    };

    private MpiTerms() {
    }

    /**
     * {@code message} in mpiJava's terms.
     *
     * @param message a message of ccr-mpi, which may start with the name of its operation
     * @param call the mpiJava call that failed ({@code "Recv"}), or {@code null} if unknown: the
     *     leading operation is then named after mpiJava's convention
     * @return the message in mpiJava's terms
     */
    public static String of(String message, String call) {
        if (message == null) {
            return (call == null ? "MPI call" : call) + " failed";
        }
        String m = message;
        Matcher lead = LEADING_OPERATION.matcher(m);
        if (lead.find()) {
            String op = lead.group(1);
            String named = call != null && normalized(op).equals(normalized(call)) ? call
                    : OPERATIONS.getOrDefault(op, Character.toUpperCase(op.charAt(0)) + op.substring(1));
            m = named + m.substring(lead.end());
        }
        m = CONSTANT.matcher(m).replaceAll("MPI.$1");
        m = BASIC_TYPE.matcher(m).replaceAll("MPI.$1");
        for (String[] h : HINTS) {
            m = m.replace(h[0], h[1]);
        }
        return m;
    }

    /** ccr-mpi's operation names whose Open MPI name is not the same word. */
    private static final Map<String, String> OPEN_MPI_OPERATIONS = Map.ofEntries(
            Map.entry("allreduce", "allReduce"), Map.entry("allgather", "allGather"),
            Map.entry("allgatherv", "allGatherv"), Map.entry("alltoall", "allToAll"),
            Map.entry("alltoallv", "allToAllv"), Map.entry("alltoallw", "allToAllw"),
            Map.entry("sendrecv", "sendRecv"), Map.entry("sendrecvReplace", "sendRecvReplace"),
            Map.entry("exscan", "exScan"), Map.entry("bsend", "bSend"), Map.entry("ssend", "sSend"),
            Map.entry("rsend", "rSend"), Map.entry("mprobe", "mProbe"), Map.entry("mrecv", "mRecv"),
            Map.entry("neighborAllgather", "neighborAllGather"), Map.entry("neighborAlltoall", "neighborAllToAll"));

    /**
     * {@code message} in the terms of a program written for Open MPI's Java bindings: the leading
     * operation as Open MPI names it ({@code allReduce}, {@code iAllReduce}, {@code sendRecv}),
     * constants and basic datatypes as fields of class {@code MPI}.
     *
     * @param message a message of ccr-mpi, which may start with the name of its operation
     * @return the message in Open MPI's terms
     */
    public static String ofOpenMpi(String message) {
        if (message == null) {
            return "MPI call failed";
        }
        String m = message;
        Matcher lead = LEADING_OPERATION.matcher(m);
        if (lead.find()) {
            m = openMpiName(lead.group(1)) + m.substring(lead.end());
        }
        m = CONSTANT.matcher(m).replaceAll("MPI.$1");
        return BASIC_TYPE.matcher(m).replaceAll("MPI.$1");
    }

    private static String openMpiName(String op) {
        String named = OPEN_MPI_OPERATIONS.get(op);
        if (named != null) {
            return named;
        }
        if (op.length() > 1 && op.charAt(0) == 'i' && Character.isLowerCase(op.charAt(1))) {
            String rest = openMpiName(op.substring(1));
            return "i" + Character.toUpperCase(rest.charAt(0)) + rest.substring(1);
        }
        return op;
    }

    private static String normalized(String name) {
        return name.replace("_", "").toLowerCase(Locale.ROOT);
    }
}
