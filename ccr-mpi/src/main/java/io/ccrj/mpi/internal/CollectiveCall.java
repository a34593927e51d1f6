package io.ccrj.mpi.internal;

import io.ccrj.mpi.Op;

/**
 * What one rank's collective call is, as the other ranks can check it: the call's operation and
 * root ({@link #code}), and for a blocking collective also its place among the blocking
 * collectives the rank has called on the communicator, carried in the tag of every message the
 * call sends ({@link #tag}). MPI requires every rank to call the same collectives in the same
 * order with the same root and operation; the messages' count and datatype are checked by the
 * receive itself, but a root or an operation that differs, or a call one rank makes and another
 * does not, sends messages the receiving rank would otherwise take as its own (wrong results) or
 * never take at all (a root-versus-root broadcast: both ranks only send).
 *
 * <h2>Encoding</h2>
 * A code is {@code op << ROOT_BITS | (root + 1)}: the operation as {@link #opCode} (0 none,
 * 1-14 the predefined operations, {@link #USER_OP} any user-defined one: a user function is the
 * program's own object on each rank, so two ranks' user operations cannot be told apart) and the
 * root plus one (0: no root), modulo 2^{@value #ROOT_BITS}. A signed tag is negative: bit 31 set,
 * bits 23-30 the call's number modulo 256, bits 6-22 the code, bits 0-5 the collective's kind
 * (its {@code CollectiveComm.TAG_*}, below 64). Program tags are never negative and
 * {@link io.ccrj.mpi.Comm#ANY_TAG} (-1) has kind 63, which no collective uses, so no signed tag
 * equals either.
 *
 * <h2>Matching</h2>
 * A receive with a signed tag matches a message of the same kind whatever its signature
 * ({@link #matches}), and the receive then fails if the signatures differ: the mismatch is named
 * at the first message of the disagreeing call, with both ranks' calls spelled out
 * ({@link #mismatch}), instead of becoming a deadlock or a silent wrong result. Within one
 * (sender, context) the messages of one kind arrive in the order they were sent, so the message
 * a kind-match takes is the oldest one the sender addressed to this kind: with agreeing calls,
 * the one this call expects.
 *
 * <p>Stateless; thread-safe.
 */
final class CollectiveCall {
    /** Bits of the root field. */
    static final int ROOT_BITS = 12;
    /** The operation code of a user-defined operation. */
    static final int USER_OP = 15;
    /** Tags below this are collective kinds a blocking collective signs; neighbour tags are not signed. */
    static final int KINDS = 64;

    private static final int KIND_MASK = KINDS - 1;
    private static final int CODE_SHIFT = 6;
    private static final int CODE_MASK = (1 << 17) - 1;
    private static final int CALL_SHIFT = 23;
    private static final int CALL_MASK = 0xff;
    private static final int ROOT_MASK = (1 << ROOT_BITS) - 1;

    private static final String EVERY_RANK = "; every rank must call the same collectives in the same order, with"
            + " the same root and operation";

    private static final Op[] PREDEFINED = {Op.MAX, Op.MIN, Op.SUM, Op.PROD, Op.LAND, Op.BAND, Op.LOR, Op.BOR,
        Op.LXOR, Op.BXOR, Op.MAXLOC, Op.MINLOC, Op.REPLACE, Op.NO_OP};

    private static final String[] KIND_NAMES = {null, "barrier", "bcast", "reduce", "allreduce", "gather",
        "scatter", "allgather", "alltoall", "split", "scan", "merge"};

    private CollectiveCall() {
    }

    /** The code of a call with operation {@code op} ({@code null}: none) and root {@code root} (-1: none). */
    static int code(Op op, int root) {
        return opCode(op) << ROOT_BITS | ((root + 1) & ROOT_MASK);
    }

    /** 0 for none, 1-14 for the predefined operations, {@link #USER_OP} for a user-defined one. */
    static int opCode(Op op) {
        if (op == null) {
            return 0;
        }
        for (int i = 0; i < PREDEFINED.length; i++) {
            if (PREDEFINED[i] == op) {
                return i + 1;
            }
        }
        return USER_OP;
    }

    /** The tag bits of call number {@code call} with {@code code}, to be or-ed with a kind below {@link #KINDS}. */
    static int signature(long call, int code) {
        return Integer.MIN_VALUE | (int) (call & CALL_MASK) << CALL_SHIFT | (code & CODE_MASK) << CODE_SHIFT;
    }

    /** Whether {@code tag} carries a signature. */
    static boolean signed(int tag) {
        return tag < 0 && tag != io.ccrj.mpi.Comm.ANY_TAG;
    }

    /**
     * Whether a message with {@code messageTag} matches a receive of {@code receiveTag} (not
     * {@link io.ccrj.mpi.Comm#ANY_TAG}): equal tags, or two signed tags of one kind.
     */
    static boolean matches(int messageTag, int receiveTag) {
        return messageTag == receiveTag || (messageTag & receiveTag) < 0 && ((messageTag ^ receiveTag) & KIND_MASK) == 0;
    }

    /** The collective kind of a signed tag: its {@code CollectiveComm.TAG_*}. */
    static int kind(int tag) {
        return tag & KIND_MASK;
    }

    /** Describes the call behind a signed tag, such as {@code "allreduce (op SUM)"}. */
    static String describe(int tag) {
        int kind = kind(tag);
        String name = kind < KIND_NAMES.length && KIND_NAMES[kind] != null ? KIND_NAMES[kind] : "collective " + kind;
        String details = details((tag >>> CODE_SHIFT) & CODE_MASK);
        return details.isEmpty() ? name : name + " (" + details + ")";
    }

    /**
     * The report of a nonblocking collective {@code name} whose root and operation are
     * {@code ours} and which received a message of {@code source}'s call of the same collective
     * with {@code theirs} ({@link #code}s).
     */
    static String mismatch(String name, int ours, int theirs, int source) {
        return "a mismatched collective: this rank's " + name + " (" + details(ours) + ") received a message of rank "
                + source + "'s " + name + " (" + details(theirs) + "): the ranks disagree on its "
                + ((ours ^ theirs) >>> ROOT_BITS != 0 ? "operation" : "root") + EVERY_RANK;
    }

    /** A tag for a report: the number of a program's tag, the call behind a signed one ({@code "bcast (root 0)"}). */
    static String tagText(int tag) {
        return signed(tag) ? describe(tag) : String.valueOf(tag);
    }

    /** A code spelled out: {@code "op SUM, root 0"}, or {@code ""} for a call with neither. */
    static String details(int code) {
        int op = code >>> ROOT_BITS;
        int root = (code & ROOT_MASK) - 1;
        StringBuilder b = new StringBuilder();
        if (op != 0) {
            b.append("op ").append(op == USER_OP ? "user-defined" : op <= PREDEFINED.length
                    ? PREDEFINED[op - 1].name() : "#" + op);
        }
        if (root >= 0) {
            b.append(b.isEmpty() ? "" : ", ").append("root ").append(root);
        }
        return b.toString();
    }

    /**
     * The report of a receive whose signed tag {@code expected} matched a message of
     * {@code source} with another signature {@code got}: how the two calls differ.
     */
    static String mismatch(int expected, int got, int source) {
        int behind = (byte) (((expected >>> CALL_SHIFT) - (got >>> CALL_SHIFT)) & CALL_MASK);
        String theirs;
        String what;
        if (behind != 0) {
            String call = describe(got);
            theirs = ("aeiou".indexOf(call.charAt(0)) >= 0 ? "an " : "a ") + call + " that rank " + source + " called " + Math.abs(behind) + " collective call"
                    + (Math.abs(behind) == 1 ? "" : "s") + (behind > 0 ? " before" : " after") + " this one";
            what = "the ranks have not called the same collectives on this communicator (a collective called on one"
                    + " rank only, or one whose ranks disagreed on its root, so that its messages were never received)";
        } else {
            theirs = "rank " + source + "'s " + describe(got);
            what = ((expected ^ got) >>> CODE_SHIFT & CODE_MASK) >>> ROOT_BITS != 0
                    ? "the ranks disagree on its operation" : "the ranks disagree on its root";
        }
        return "a mismatched collective: this rank's " + describe(expected) + " received a message of " + theirs
                + ": " + what + EVERY_RANK;
    }
}
