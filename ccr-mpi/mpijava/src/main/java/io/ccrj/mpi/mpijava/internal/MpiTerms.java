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

    private static String normalized(String name) {
        return name.replace("_", "").toLowerCase(Locale.ROOT);
    }
}
