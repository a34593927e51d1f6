package io.ccrj.mpi.internal;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Group;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Window;

/**
 * ccr-mpi's {@link Window}: one rank's handle on a window whose memory and synchronization state
 * all ranks share ({@link WindowShared}, one {@link RmaTarget} per rank). The data operations
 * move elements between the origin's buffers and the target's array directly, under the target's
 * monitor ({@link RmaAccess}); the synchronization calls keep this rank's epoch state and wait
 * through the rank's mailbox, as blocking receives do ({@link RankMailbox#await}, with waits that
 * need no message: another rank's volatile write and {@link RankMailbox#wakeIfWaiting()} end them).
 * The memory model is stated on {@link Window} and in {@link RmaTarget}.
 *
 * <p>The window has a private communicator ({@link #wc}), made like a duplicate of the user's, so
 * that its fences and its free never match the user's collectives.
 *
 * <p>Thread safety: the epoch fields below are this rank's and unsynchronized. The synchronization
 * calls, which write them, run one thread of the rank at a time ({@link DefaultComm#checkThread}
 * enforces the communicator's thread level); at MULTIPLE the data operations of several threads
 * only read them (the epoch was opened before, as {@link Window} requires) and write
 * {@link #fenceOps}, a flag any of them may set (a racy write of {@code true}, read by the next
 * synchronization call of the rank, which comes after those threads' operations).
 */
final class RmaWindow implements Window {
    private static final int FENCE_ASSERTS = MODE_NOSTORE | MODE_NOPUT | MODE_NOPRECEDE | MODE_NOSUCCEED;
    private static final int POST_ASSERTS = MODE_NOCHECK | MODE_NOSTORE | MODE_NOPUT;
    private static final int LOCK_NONE = 0;

    private final Comm comm;
    /** The window's private communicator: its fences and free. */
    private final DefaultComm wc;
    private final World world;
    private final RankMailbox mailbox;
    private final int rank;
    private final int size;
    private final String label;
    private final RmaTarget[] targets;
    private final RmaTarget self;

    // ---- this rank's epoch state (its thread only)
    private boolean freed;
    /** A fence opened an epoch (the last fence had no MODE_NOSUCCEED). */
    private boolean fenceEpoch;
    /** Operations issued since the last fence: a post/start/lock may then not follow it. */
    private boolean fenceOps;
    /** Targets of the started access epoch, or {@code null}. */
    private int[] accessGroup;
    private final boolean[] accessTo;
    /** Origins of the posted exposure epoch, or {@code null}. */
    private int[] exposureGroup;
    /** Completions {@link RmaTarget#completions} must reach to close the exposure epoch. */
    private long expectedCompletions;
    /** {@code [t]}: posts of target {@code t} that this rank's starts have consumed. */
    private final int[] postsSeen;
    /** {@code [t]}: the lock this rank holds on {@code t} (LOCK_NONE, LOCK_SHARED, LOCK_EXCLUSIVE). */
    private final int[] locks;
    private int locked;
    private boolean lockedAll;

    private RmaWindow(Comm comm, DefaultComm wc, WindowShared shared) {
        this.comm = comm;
        this.wc = wc;
        this.world = wc.world;
        this.mailbox = wc.mailbox();
        this.rank = wc.rank();
        this.size = wc.size();
        this.label = shared.label;
        this.targets = shared.targets.clone();
        this.self = targets[rank];
        this.accessTo = new boolean[size];
        this.postsSeen = new int[size];
        this.locks = new int[size];
    }

    /**
     * The collective creation: makes the private communicator, publishes this rank's memory in
     * the shared state, waits for every rank's (a barrier), and takes the whole table.
     */
    static RmaWindow create(DefaultComm dc, Comm comm, Object base, int offset, int length, Datatype type,
            String op) {
        int n = dc.derived++;
        int context = dc.world.contextFor("window/" + dc.context + "/" + n);
        String label = dc.label() + "/window" + n;
        DefaultComm wc = new DefaultComm(dc.world, dc.rank(), dc.worldRanks, context, label);
        WindowShared shared = WindowShared.join(dc.world, context, dc.worldRanks, label);
        shared.targets[dc.rank()] = new RmaTarget(base, offset, length, type, dc.size());
        wc.barrier();               // orders every rank's slot write before every rank's reads
        RmaWindow w = new RmaWindow(comm, wc, shared);
        shared.leave(dc.world, context, dc.worldRanks);
        return w;
    }

    // ------------------------------------------------------------------ checks

    private String where(String op) {
        return op + " on window " + label + " at rank " + rank;
    }

    private void open(String op) {
        if (freed) {
            throw new MpiException(ErrorClass.WIN, where(op) + ": the window was freed");
        }
        wc.checkThread();
    }

    private void checkRank(String op, String name, int r) {
        if (r < 0 || r >= size) {
            throw new MpiException(ErrorClass.RANK, where(op) + ": " + name + " " + r + " is outside [0, " + size
                    + ")");
        }
    }

    private void checkAssert(String op, int assertion, int allowed) {
        if ((assertion & ~allowed) != 0) {
            throw new MpiException(ErrorClass.ASSERT, where(op) + ": assertion bits " + Integer.toHexString(assertion & ~allowed)
                    + " (hex) are not allowed here");
        }
    }

    /** Whether an access epoch covers target {@code t}. */
    private boolean accessible(int t) {
        return fenceEpoch || accessTo[t] || locks[t] != LOCK_NONE || lockedAll;
    }

    private boolean passive(int t) {
        return locks[t] != LOCK_NONE || lockedAll;
    }

    /**
     * A post, start or lock begins another kind of epoch: a fence epoch in which operations were
     * issued must be closed first (a fence epoch with none is closed by the new epoch, as MPI
     * implementations allow after a plain {@code fence(0)}).
     */
    private void leaveFenceEpoch(String op) {
        if (fenceEpoch && fenceOps) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": a fence epoch with operations is open;"
                    + " close it with fence(MODE_NOSUCCEED) first");
        }
        fenceEpoch = false;
    }

    /** The window ranks of {@code group}'s members, in group order. */
    private int[] ranksOf(String op, Group group) {
        GroupImpl gi = GroupImpl.impl(op + " on window " + label, group);
        int[] members = gi.members();
        int[] out = new int[members.length];
        for (int i = 0; i < members.length; i++) {
            int r = GroupImpl.indexOf(wc.worldRanks, members[i]);
            if (r == Group.UNDEFINED) {
                throw new MpiException(ErrorClass.ARG, where(op) + ": world rank " + members[i]
                        + " of the group is not a rank of the window");
            }
            out[i] = r;
        }
        return out;
    }

    /**
     * Checks a data operation's target, epoch and datatypes.
     *
     * @return the target, or {@code null} for {@link Comm#PROC_NULL}
     */
    private RmaTarget target(String op, boolean request, int t, int disp, int tcount, Datatype ttype) {
        open(op);
        if (t == Comm.PROC_NULL) {
            return null;
        }
        checkRank(op, "target rank", t);
        if (!accessible(t)) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": no access epoch covers target rank " + t
                    + " (call fence, start, lock or lockAll first)");
        }
        if (request && !passive(t)) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": request-based operations need a"
                    + " passive-target epoch (lock or lockAll) to target rank " + t);
        }
        RmaTarget target = targets[t];
        if (tcount < 0) {                              // the message only on failure: no string per operation
            Args.count(where(op), null, "target count", tcount);
        }
        if (ttype == null || ttype.isBoundMarker()) {
            throw new MpiException(ErrorClass.TYPE, where(op) + ": target datatype " + ttype
                    + " is not a buffer datatype");
        }
        if (ttype.base() != target.baseType) {
            throw new MpiException(ErrorClass.TYPE, where(op) + ": target datatype " + ttype + " does not match"
                    + " the window of target rank " + t + ", which holds " + target.baseType + " elements");
        }
        if (disp < 0) {
            throw new MpiException(ErrorClass.DISP, where(op) + ": target displacement " + disp + " is negative");
        }
        long start = (long) disp * target.unit;
        if (ttype.isDense()) {                         // [start, start + count * size): no span array per operation
            if (start + (long) tcount * ttype.size() <= target.elements) {
                return target;
            }
        }
        long[] span = TypeMap.of(ttype).span(0, tcount);
        if (tcount > 0 && ttype.size() > 0 && (start + span[0] < 0 || start + span[1] > target.elements)) {
            throw new MpiException(ErrorClass.RMA_RANGE, where(op) + ": " + tcount + " items of " + ttype
                    + " at displacement " + disp + " cover window elements [" + (start + span[0]) + ", "
                    + (start + span[1]) + "), outside the " + target.elements + " elements of target rank " + t
                    + "'s window");
        }
        return target;
    }

    /** Checks a buffer of the origin side (origin or result) against the target's elements. */
    private void buffer(String op, String name, Object buf, int off, int count, Datatype type, RmaTarget target,
            int t, long targetElements) {
        if (!fitsDense(buf, off, count, type)) {      // the message only when a check may fail
            Args.buffer(where(op) + " (" + name + ")", null, buf, off, count, type);
        }
        if (type.base() != target.baseType) {
            throw new MpiException(ErrorClass.TYPE, where(op) + ": " + name + " datatype " + type + " does not match"
                    + " the window of target rank " + t + ", which holds " + target.baseType + " elements");
        }
        long elements = (long) count * type.size();
        if (elements != targetElements) {
            throw new MpiException(ErrorClass.TYPE, where(op) + ": the " + name + " has " + elements
                    + " elements and the target " + targetElements + ": the type signatures differ");
        }
    }

    /**
     * Whether {@code buf} certainly passes {@link Args#buffer}: an array of a dense type's base
     * type holding {@code count} items from {@code off}. Anything else goes to the full check,
     * which names the problem.
     */
    private static boolean fitsDense(Object buf, int off, int count, Datatype type) {
        return type != null && type.isDense() && !type.isBoundMarker() && buf != null
                && buf.getClass() == type.base().arrayClass()
                && off >= 0 && count >= 0
                && (long) off + (long) count * type.size() <= java.lang.reflect.Array.getLength(buf);
    }

    private void accumulateOp(String op, Op operation, Datatype ttype, boolean fetching) {
        if (operation == null) {
            throw new MpiException(ErrorClass.OP, where(op) + ": operation is null");
        }
        if (!operation.isPredefined()) {
            throw new MpiException(ErrorClass.OP, where(op) + ": operation " + operation.name()
                    + " is a user operation; accumulates take predefined operations only (as in MPI)");
        }
        if (operation == Op.NO_OP && !fetching) {
            throw new MpiException(ErrorClass.OP, where(op) + ": NO_OP is for getAccumulate and fetchAndOp only");
        }
        if (operation != Op.REPLACE && operation != Op.NO_OP && !operation.supports(ttype)) {
            throw new MpiException(ErrorClass.OP, where(op) + ": operation " + operation.name()
                    + " is not defined on datatype " + ttype);
        }
    }

    private void issued() {
        fenceOps = true;
    }

    // ------------------------------------------------------------------ communication

    @Override
    public void put(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp, int tcount,
            Datatype ttype) {
        doPut("put", false, origin, ooff, ocount, otype, targetRank, targetDisp, tcount, ttype);
    }

    private void doPut(String op, boolean request, Object origin, int ooff, int ocount, Datatype otype,
            int targetRank, int targetDisp, int tcount, Datatype ttype) {
        RmaTarget target = target(op, request, targetRank, targetDisp, tcount, ttype);
        if (target == null) {
            Args.buffer(where(op), null, origin, ooff, ocount, otype);
            return;
        }
        buffer(op, "origin", origin, ooff, ocount, otype, target, targetRank, (long) tcount * ttype.size());
        issued();
        RmaAccess.put(target, origin, ooff, ocount, otype, target.offset + targetDisp * target.unit, tcount, ttype);
    }

    @Override
    public void get(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp, int tcount,
            Datatype ttype) {
        doGet("get", false, origin, ooff, ocount, otype, targetRank, targetDisp, tcount, ttype);
    }

    private void doGet(String op, boolean request, Object origin, int ooff, int ocount, Datatype otype,
            int targetRank, int targetDisp, int tcount, Datatype ttype) {
        RmaTarget target = target(op, request, targetRank, targetDisp, tcount, ttype);
        if (target == null) {
            Args.buffer(where(op), null, origin, ooff, ocount, otype);
            return;
        }
        buffer(op, "origin", origin, ooff, ocount, otype, target, targetRank, (long) tcount * ttype.size());
        issued();
        RmaAccess.get(target, origin, ooff, ocount, otype, target.offset + targetDisp * target.unit, tcount, ttype);
    }

    @Override
    public void accumulate(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp,
            int tcount, Datatype ttype, Op op) {
        doAccumulate("accumulate", false, origin, ooff, ocount, otype, targetRank, targetDisp, tcount, ttype, op);
    }

    private void doAccumulate(String name, boolean request, Object origin, int ooff, int ocount, Datatype otype,
            int targetRank, int targetDisp, int tcount, Datatype ttype, Op op) {
        RmaTarget target = target(name, request, targetRank, targetDisp, tcount, ttype);
        if (target == null) {
            Args.buffer(where(name), null, origin, ooff, ocount, otype);
            return;
        }
        accumulateOp(name, op, ttype, false);
        buffer(name, "origin", origin, ooff, ocount, otype, target, targetRank, (long) tcount * ttype.size());
        issued();
        RmaAccess.accumulate(target, origin, ooff, ocount, otype, target.offset + targetDisp * target.unit, tcount,
                ttype, op);
    }

    @Override
    public void getAccumulate(Object origin, int ooff, int ocount, Datatype otype, Object result, int roff,
            int rcount, Datatype rtype, int targetRank, int targetDisp, int tcount, Datatype ttype, Op op) {
        doGetAccumulate("getAccumulate", false, origin, ooff, ocount, otype, result, roff, rcount, rtype, targetRank,
                targetDisp, tcount, ttype, op);
    }

    private void doGetAccumulate(String name, boolean request, Object origin, int ooff, int ocount, Datatype otype,
            Object result, int roff, int rcount, Datatype rtype, int targetRank, int targetDisp, int tcount,
            Datatype ttype, Op op) {
        RmaTarget target = target(name, request, targetRank, targetDisp, tcount, ttype);
        if (target == null) {
            Args.buffer(where(name), null, result, roff, rcount, rtype);
            return;
        }
        accumulateOp(name, op, ttype, true);
        long elements = (long) tcount * ttype.size();
        if (op != Op.NO_OP) {
            buffer(name, "origin", origin, ooff, ocount, otype, target, targetRank, elements);
        }
        buffer(name, "result", result, roff, rcount, rtype, target, targetRank, elements);
        issued();
        RmaAccess.getAccumulate(target, origin, ooff, ocount, otype, result, roff, rcount, rtype,
                target.offset + targetDisp * target.unit, tcount, ttype, op);
    }

    @Override
    public void fetchAndOp(Object origin, int ooff, Object result, int roff, Datatype type, int targetRank,
            int targetDisp, Op op) {
        String name = "fetchAndOp";
        if (type != null && !type.isBasic()) {
            open(name);
            throw new MpiException(ErrorClass.TYPE, where(name) + ": datatype " + type
                    + " is not basic; fetchAndOp takes one element of a basic datatype");
        }
        doGetAccumulate(name, false, origin, ooff, 1, type, result, roff, 1, type, targetRank, targetDisp, 1, type,
                op);
    }

    @Override
    public void compareAndSwap(Object origin, int ooff, Object compare, int coff, Object result, int roff,
            Datatype type, int targetRank, int targetDisp) {
        String name = "compareAndSwap";
        if (type != null && !RmaAccess.comparable(type)) {
            open(name);
            throw new MpiException(ErrorClass.TYPE, where(name) + ": datatype " + type + " is not allowed;"
                    + " compareAndSwap takes one element of BYTE, CHAR, SHORT, BOOLEAN, INT or LONG (as in MPI)");
        }
        RmaTarget target = target(name, false, targetRank, targetDisp, 1, type);
        if (target == null) {
            Args.buffer(where(name), null, result, roff, 1, type);
            return;
        }
        buffer(name, "origin", origin, ooff, 1, type, target, targetRank, 1);
        buffer(name, "compare", compare, coff, 1, type, target, targetRank, 1);
        buffer(name, "result", result, roff, 1, type, target, targetRank, 1);
        issued();
        RmaAccess.compareAndSwap(target, origin, ooff, compare, coff, result, roff,
                target.offset + targetDisp * target.unit);
    }

    @Override
    public Request rput(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp,
            int tcount, Datatype ttype) {
        doPut("rput", true, origin, ooff, ocount, otype, targetRank, targetDisp, tcount, ttype);
        return new RmaRequest("rput", targetRank, label);
    }

    @Override
    public Request rget(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp,
            int tcount, Datatype ttype) {
        doGet("rget", true, origin, ooff, ocount, otype, targetRank, targetDisp, tcount, ttype);
        return new RmaRequest("rget", targetRank, label);
    }

    @Override
    public Request raccumulate(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp,
            int tcount, Datatype ttype, Op op) {
        doAccumulate("raccumulate", true, origin, ooff, ocount, otype, targetRank, targetDisp, tcount, ttype, op);
        return new RmaRequest("raccumulate", targetRank, label);
    }

    @Override
    public Request rgetAccumulate(Object origin, int ooff, int ocount, Datatype otype, Object result, int roff,
            int rcount, Datatype rtype, int targetRank, int targetDisp, int tcount, Datatype ttype, Op op) {
        doGetAccumulate("rgetAccumulate", true, origin, ooff, ocount, otype, result, roff, rcount, rtype, targetRank,
                targetDisp, tcount, ttype, op);
        return new RmaRequest("rgetAccumulate", targetRank, label);
    }

    // ------------------------------------------------------------------ active target

    @Override
    public void fence(int assertion) {
        String op = "fence";
        open(op);
        checkAssert(op, assertion, FENCE_ASSERTS);
        if (accessGroup != null || exposureGroup != null || locked > 0 || lockedAll) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": a " + openEpoch()
                    + " epoch is open; fences cannot be mixed with it");
        }
        if ((assertion & MODE_NOPRECEDE) != 0 && fenceEpoch && fenceOps) {
            throw new MpiException(ErrorClass.ASSERT, where(op) + ": MODE_NOPRECEDE asserts that no operation"
                    + " precedes the fence, but this rank issued operations since the last one");
        }
        wc.barrier();               // everything before every rank's fence happens-before everything after
        fenceEpoch = (assertion & MODE_NOSUCCEED) == 0;
        fenceOps = false;
    }

    private String openEpoch() {
        return accessGroup != null ? "start" : exposureGroup != null ? "post" : lockedAll ? "lockAll" : "lock";
    }

    @Override
    public void start(Group group, int assertion) {
        String op = "start";
        open(op);
        checkAssert(op, assertion, MODE_NOCHECK);
        int[] g = ranksOf(op, group);
        if (accessGroup != null) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": an access epoch (start) is open already");
        }
        if (locked > 0 || lockedAll) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": a passive-target epoch (" + openEpoch()
                    + ") is open");
        }
        leaveFenceEpoch(op);
        PostWait wait = new PostWait(g);
        if (!wait.isComplete()) {
            mailbox.await(wait);
        }
        for (int t : g) {
            postsSeen[t]++;
            accessTo[t] = true;
        }
        accessGroup = g;
    }

    /** Waits for each target of a start to have posted to this rank once more than this rank consumed. */
    private final class PostWait implements Pending {
        private final int[] group;

        PostWait(int[] group) {
            this.group = group;
        }

        @Override
        public boolean isComplete() {
            for (int t : group) {
                if (targets[t].posts(rank) <= postsSeen[t]) {     // volatile: acquires the post
                    return false;
                }
            }
            return true;
        }

        @Override
        public boolean needsMessage() {
            return false;
        }

        @Override
        public String describe() {
            StringBuilder sb = new StringBuilder("start on window ").append(label).append(": waiting for post of rank(s)");
            for (int t : group) {
                if (targets[t].posts(rank) <= postsSeen[t]) {
                    sb.append(' ').append(t);
                }
            }
            return sb.toString();
        }
    }

    @Override
    public void complete() {
        String op = "complete";
        open(op);
        int[] g = accessGroup;
        if (g == null) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": no access epoch was started");
        }
        accessGroup = null;
        for (int t : g) {
            accessTo[t] = false;
        }
        for (int t : g) {
            targets[t].complete();      // volatile: publishes this rank's operations
            wake(t);
        }
    }

    @Override
    public void post(Group group, int assertion) {
        String op = "post";
        open(op);
        checkAssert(op, assertion, POST_ASSERTS);
        int[] g = ranksOf(op, group);
        if (exposureGroup != null) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": an exposure epoch (post) is open already");
        }
        leaveFenceEpoch(op);
        exposureGroup = g;
        expectedCompletions += g.length;
        for (int o : g) {
            self.post(o);                  // volatile: publishes this rank's stores
            wake(o);
        }
    }

    @Override
    public void waitExposure() {
        String op = "waitExposure";
        open(op);
        if (exposureGroup == null) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": no exposure epoch was posted");
        }
        CompleteWait wait = new CompleteWait();
        if (!wait.isComplete()) {
            mailbox.await(wait);
        }
        exposureGroup = null;
    }

    @Override
    public boolean testExposure() {
        String op = "testExposure";
        open(op);
        if (exposureGroup == null) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": no exposure epoch was posted");
        }
        CompleteWait wait = new CompleteWait();
        if (wait.isComplete()) {
            exposureGroup = null;
            return true;
        }
        mailbox.failIfEnded(wait);
        return false;
    }

    /**
     * Waits for every origin of the posted exposure epoch to have completed. Holds what it waits
     * for itself: the deadlock watchdog may describe it after the epoch closed.
     */
    private final class CompleteWait implements Pending {
        private final long expected = expectedCompletions;
        private final int origins = exposureGroup.length;

        @Override
        public boolean isComplete() {
            return self.completions() >= expected;     // volatile: acquires the completions
        }

        @Override
        public boolean needsMessage() {
            return false;
        }

        @Override
        public String describe() {
            return "waitExposure on window " + label + ": " + Math.max(0, expected - self.completions())
                    + " of " + origins + " origin(s) have not called complete";
        }
    }

    // ------------------------------------------------------------------ passive target

    @Override
    public void lock(int lockType, int t, int assertion) {
        String op = "lock";
        open(op);
        if (lockType != LOCK_EXCLUSIVE && lockType != LOCK_SHARED) {
            throw new MpiException(ErrorClass.LOCKTYPE, where(op) + ": lock type " + lockType
                    + " is neither LOCK_EXCLUSIVE nor LOCK_SHARED");
        }
        checkAssert(op, assertion, MODE_NOCHECK);
        checkRank(op, "rank", t);
        if (locks[t] != LOCK_NONE || lockedAll) {
            throw new MpiException(ErrorClass.RMA_CONFLICT, where(op) + ": this rank holds a lock of rank " + t
                    + " already" + (lockedAll ? " (lockAll)" : ""));
        }
        if (accessGroup != null) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": an access epoch (start) is open");
        }
        leaveFenceEpoch(op);
        acquire(t, lockType == LOCK_EXCLUSIVE, op);
        locks[t] = lockType;
        locked++;
    }

    @Override
    public void unlock(int t) {
        String op = "unlock";
        open(op);
        checkRank(op, "rank", t);
        if (locks[t] == LOCK_NONE) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": this rank holds no lock of rank " + t
                    + (lockedAll ? " of its own (lockAll's locks are released by unlockAll)" : ""));
        }
        boolean exclusive = locks[t] == LOCK_EXCLUSIVE;
        locks[t] = LOCK_NONE;
        locked--;
        release(t, exclusive);
    }

    @Override
    public void lockAll(int assertion) {
        String op = "lockAll";
        open(op);
        checkAssert(op, assertion, MODE_NOCHECK);
        if (locked > 0 || lockedAll) {
            throw new MpiException(ErrorClass.RMA_CONFLICT, where(op) + ": this rank holds "
                    + (lockedAll ? "lockAll's locks" : locked + " lock(s)") + " already");
        }
        if (accessGroup != null) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": an access epoch (start) is open");
        }
        leaveFenceEpoch(op);
        int t = 0;
        try {
            for (; t < size; t++) {
                acquire(t, false, op);
            }
        } catch (RuntimeException e) {
            for (int u = 0; u < t; u++) {
                release(u, false);
            }
            throw e;
        }
        lockedAll = true;
    }

    @Override
    public void unlockAll() {
        String op = "unlockAll";
        open(op);
        if (!lockedAll) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": this rank did not call lockAll");
        }
        lockedAll = false;
        for (int t = 0; t < size; t++) {
            release(t, false);
        }
    }

    /** Takes the lock of target {@code t}, waiting while a conflicting lock is held. */
    private void acquire(int t, boolean exclusive, String op) {
        RmaTarget target = targets[t];
        if (target.tryLock(exclusive)) {
            return;
        }
        LockWait wait = new LockWait(target, t, exclusive, op);
        target.announceWaiter(rank);      // volatile write, then the retry's read: the waiter's half
        try {
            if (!wait.isComplete()) {
                mailbox.await(wait);
            }
        } finally {
            target.withdrawWaiter(rank);
        }
    }

    /** Releases the lock of target {@code t}; wakes the ranks waiting for it once it is free. */
    private void release(int t, boolean exclusive) {
        RmaTarget target = targets[t];
        if (target.unlock(exclusive)) {
            // the release was a volatile write; now read the waiters' flags (the releaser's half)
            for (int o = 0; o < size; o++) {
                if (o != rank && target.isWaiting(o)) {
                    wake(o);
                }
            }
        }
    }

    /**
     * Waits for a lock. {@link #isComplete()} takes the lock when it can and then stays
     * {@code true}: the mailbox's wait loop may ask again after it answered {@code true} once.
     */
    private final class LockWait implements Pending {
        private final RmaTarget target;
        private final int t;
        private final boolean exclusive;
        private final String op;
        private boolean taken;

        LockWait(RmaTarget target, int t, boolean exclusive, String op) {
            this.target = target;
            this.t = t;
            this.exclusive = exclusive;
            this.op = op;
        }

        @Override
        public boolean isComplete() {
            if (!taken) {
                taken = target.tryLock(exclusive);
            }
            return taken;
        }

        @Override
        public boolean needsMessage() {
            return false;
        }

        @Override
        public String describe() {
            return op + "(" + (exclusive ? "LOCK_EXCLUSIVE" : "LOCK_SHARED") + ", rank " + t + ") on window " + label
                    + ": the lock is " + target.lockState();
        }
    }

    private void wake(int r) {
        world.mailboxes[wc.worldRanks[r]].wakeIfWaiting();
    }

    @Override
    public void flush(int t) {
        checkPassive("flush", t);
    }

    @Override
    public void flushAll() {
        checkPassive("flushAll");
    }

    @Override
    public void flushLocal(int t) {
        checkPassive("flushLocal", t);
    }

    @Override
    public void flushLocalAll() {
        checkPassive("flushLocalAll");
    }

    /** Flushes wait for nothing (operations complete when called); they check their epoch. */
    private void checkPassive(String op, int t) {
        open(op);
        checkRank(op, "rank", t);
        if (!passive(t)) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": no passive-target epoch (lock or lockAll)"
                    + " to rank " + t + " is open");
        }
    }

    private void checkPassive(String op) {
        open(op);
        if (locked == 0 && !lockedAll) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": no passive-target epoch (lock or lockAll)"
                    + " is open");
        }
    }

    @Override
    public void sync() {
        open("sync");
        // acquire: every operation on this window that released the monitor before is seen after;
        // release: this rank's stores before are seen by every operation that takes it after
        self.monitor.lock();
        self.monitor.unlock();
    }

    // ------------------------------------------------------------------ management

    @Override
    public Segment sharedQuery(int r) {
        String op = "sharedQuery";
        open(op);
        checkRank(op, "rank", r);
        RmaTarget target = targets[r];
        return new Segment(target.base, target.offset, target.length, target.type);
    }

    @Override
    public void free() {
        String op = "free";
        open(op);
        if (accessGroup != null || exposureGroup != null || locked > 0 || lockedAll) {
            throw new MpiException(ErrorClass.RMA_SYNC, where(op) + ": a " + openEpoch()
                    + " epoch is open; close it before the window is freed");
        }
        wc.barrier();               // no rank's memory goes while another still accesses it
        freed = true;
        wc.free();
    }

    @Override
    public boolean isFreed() {
        return freed;
    }

    @Override
    public Comm comm() {
        return comm;
    }

    @Override
    public Group group() {
        return wc.group();
    }

    @Override
    public Object base() {
        return self.base;
    }

    @Override
    public int offset() {
        return self.offset;
    }

    @Override
    public int length() {
        return self.length;
    }

    @Override
    public Datatype type() {
        return self.type;
    }

    @Override
    public String toString() {
        return "Window[" + label + ", rank " + rank + " of " + size + ", " + self.length + " x " + self.type
                + (freed ? ", freed" : "") + "]";
    }
}
