package io.ccrj.mpi;

/**
 * A window for one-sided communication ({@code MPI_Win}): memory each rank of a communicator
 * exposes, which the other ranks read and write with {@link #put}, {@link #get},
 * {@link #accumulate}, {@link #getAccumulate}, {@link #fetchAndOp} and {@link #compareAndSwap},
 * without the target rank taking part. Made by the collectives {@link Comm#createWindow} (over an
 * array the rank already has), {@link Comm#allocateWindow} and {@link Comm#allocateSharedWindow};
 * released by the collective {@link #free()}.
 *
 * <h2>Memory and displacements</h2>
 * Each rank's window is {@link #length()} items of its {@link #type()} in {@link #base()} from
 * {@link #offset()}: the base elements {@code [offset, offset + length * type.extent())}. A
 * target displacement counts items of the <em>target's</em> window datatype (its displacement
 * unit, {@code MPI_Win_create}'s {@code disp_unit}): displacement {@code d} with target datatype
 * {@code tt} addresses base element {@code offset + d * unit} as the first item of {@code tt}.
 * Origin and target datatypes may be derived ({@link Datatype#vector} ...) if their base type is
 * the window's and both describe the same number of base elements. Windows hold primitive
 * elements; {@link Datatype#OBJECT} windows are refused. All ranks live in one JVM, so an
 * operation reads and writes the target's array itself: {@link #sharedQuery} hands out a peer's
 * array for direct loads and stores.
 *
 * <h2>Epochs</h2>
 * An operation on target rank {@code t} is allowed only inside an access epoch that covers
 * {@code t}:
 * <ul>
 *   <li>active target, collective: between two {@link #fence} calls (the first fence opens the
 *       epoch, each later one closes it and opens the next, unless given {@link #MODE_NOSUCCEED});
 *   <li>active target, general: between {@link #start} and {@link #complete} at the origin for
 *       the ranks of the start group, which expose their windows between {@link #post} and
 *       {@link #waitExposure} (or a {@link #testExposure} that returned {@code true});
 *   <li>passive target: between {@link #lock} and {@link #unlock} of {@code t}, or between
 *       {@link #lockAll} and {@link #unlockAll}; only here may the request forms
 *       ({@link #rput}, {@link #rget}, {@link #raccumulate}, {@link #rgetAccumulate}) and the
 *       flushes be used.
 * </ul>
 * An operation outside an epoch, a fence inside a lock or post/start epoch, an unlock of a rank
 * that is not locked, and the like fail with {@link MpiException.ErrorClass#RMA_SYNC}.
 *
 * <h2>Memory model (one JVM)</h2>
 * Every operation completes, at the origin and at the target, before its call returns (the
 * request forms return completed requests); and every operation on one target's window runs under
 * that target's window monitor, a lock that all ranks' operations on it take. So the operations
 * on one target are totally ordered and each happens-before the next: accumulate operations are
 * atomic (also against puts and gets, which MPI leaves undefined), and a {@link #fetchAndOp}
 * counter never loses an increment. The synchronization calls add the happens-before edges of
 * MPI's epochs:
 * <ul>
 *   <li>{@link #fence}: a barrier on the window's own communicator; everything every rank did
 *       before the fence happens-before everything every rank does after it;
 *   <li>{@link #post} happens-before the return of the matching {@link #start} (the target's
 *       local stores before {@code post} are seen by the origin's gets), and {@link #complete}
 *       happens-before the return of the matching {@link #waitExposure} or successful
 *       {@link #testExposure} (the origin's puts are seen by the target's loads after it);
 *   <li>{@link #unlock} of a rank happens-before every later {@link #lock} of that rank that it
 *       excludes (an exclusive lock, or any lock after an exclusive one);
 *   <li>{@link #sync()} takes and releases the caller's own window monitor: every operation on
 *       the caller's window that completed before it happens-before the caller's loads after it,
 *       and the caller's stores before it happen-before every operation that starts after it.
 *       Use it (or a lock of one's own rank) before loading one's own window with plain array
 *       reads, and poll a flag another rank sets with {@link #fetchAndOp} and {@link Op#NO_OP}
 *       rather than with a plain load in a loop, which the JIT may hoist out of the loop;
 *   <li>{@link #flush}, {@link #flushAll}, {@link #flushLocal} and {@link #flushLocalAll} return
 *       at once: the operations they wait for have completed already.
 * </ul>
 * A rank's plain loads and stores of its own window are not under the monitor: as MPI requires,
 * a program separates them from other ranks' conflicting operations by synchronization (a fence,
 * post/wait, a lock of its own rank, or {@link #sync()}).
 *
 * <h2>Waiting</h2>
 * {@link #start} waits for the matching posts, {@link #waitExposure} for the matching completes,
 * {@link #lock} and {@link #lockAll} for conflicting locks to be released, {@link #fence} and
 * {@link #free()} for the other ranks: each waits as a blocking receive does (spin, then park; a
 * world that ended fails it with {@link MpiException.ErrorClass#ABORTED}, and a world whose live
 * ranks all wait so is reported as a deadlock).
 *
 * <h2>Errors</h2>
 * {@link MpiException} naming the window, the rank and the problem: a target range outside the
 * window ({@link MpiException.ErrorClass#RMA_RANGE}), a negative displacement
 * ({@link MpiException.ErrorClass#DISP}), a call outside its epoch or a free with an epoch open
 * ({@link MpiException.ErrorClass#RMA_SYNC}), a lock of a rank this rank has locked already
 * ({@link MpiException.ErrorClass#RMA_CONFLICT}), an unknown lock type
 * ({@link MpiException.ErrorClass#LOCKTYPE}) or assertion bit
 * ({@link MpiException.ErrorClass#ASSERT}), a call on a freed window
 * ({@link MpiException.ErrorClass#WIN}), datatypes of another base type than the target window's
 * or of different element counts ({@link MpiException.ErrorClass#TYPE}), an operation that is not
 * predefined ({@link MpiException.ErrorClass#OP}), bad ranks and buffers as in {@link Comm}.
 * A target of {@link Comm#PROC_NULL} makes an operation do nothing.
 *
 * <h2>Thread safety</h2>
 * A window handle belongs to its rank and follows its communicator's thread level: one thread of
 * the rank calls its methods at a time (at {@link ThreadLevel#MULTIPLE} the rank's threads take
 * turns on one window; separate windows may be used concurrently).
 */
public interface Window {

    /** Lock type of {@link #lock}: no other lock of the target at the same time ({@code MPI_LOCK_EXCLUSIVE}). */
    int LOCK_EXCLUSIVE = 234;

    /** Lock type of {@link #lock}: other shared locks of the target allowed ({@code MPI_LOCK_SHARED}). */
    int LOCK_SHARED = 235;

    /** Assertion: no conflicting lock is held or requested ({@code MPI_MODE_NOCHECK}); a hint. */
    int MODE_NOCHECK = 1024;

    /** Assertion: the local window was not updated by local stores since the last synchronization ({@code MPI_MODE_NOSTORE}); a hint. */
    int MODE_NOSTORE = 2048;

    /** Assertion: the local window will not be updated by puts or accumulates until the next synchronization ({@code MPI_MODE_NOPUT}); a hint. */
    int MODE_NOPUT = 4096;

    /** Assertion of {@link #fence}: the fence closes no epoch with operations ({@code MPI_MODE_NOPRECEDE}); a hint. */
    int MODE_NOPRECEDE = 8192;

    /** Assertion of {@link #fence}: the fence opens no epoch; operations after it need a new synchronization ({@code MPI_MODE_NOSUCCEED}). */
    int MODE_NOSUCCEED = 16384;

    /**
     * One rank's part of a window, as {@link #sharedQuery} returns it.
     *
     * @param base the rank's array (on one JVM the very array its window exposes)
     * @param offset the index of the window's first element in {@code base}
     * @param length the window's length in items of its datatype
     * @param type the rank's window datatype (its displacement unit)
     */
    record Segment(Object base, int offset, int length, Datatype type) {
    }

    // ------------------------------------------------------------------ communication

    /**
     * Writes {@code ocount} items of {@code otype} from {@code origin[ooff]} into the window of
     * {@code targetRank} at displacement {@code targetDisp}, as {@code tcount} items of
     * {@code ttype} ({@code MPI_Put}).
     *
     * @param origin the origin buffer
     * @param ooff index of the first origin item
     * @param ocount number of origin items
     * @param otype origin datatype
     * @param targetRank rank in the window's group, or {@link Comm#PROC_NULL}
     * @param targetDisp displacement in the target's window, in items of its window datatype
     * @param tcount number of target items
     * @param ttype target datatype
     */
    void put(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp, int tcount,
            Datatype ttype);

    /**
     * Reads {@code tcount} items of {@code ttype} at {@code targetDisp} of the window of
     * {@code targetRank} into {@code origin} ({@code MPI_Get}).
     *
     * @param origin the buffer the elements go to
     * @param ooff index of the first origin item
     * @param ocount number of origin items
     * @param otype origin datatype
     * @param targetRank rank in the window's group, or {@link Comm#PROC_NULL}
     * @param targetDisp displacement in the target's window
     * @param tcount number of target items
     * @param ttype target datatype
     */
    void get(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp, int tcount,
            Datatype ttype);

    /**
     * Combines origin elements into the target's, {@code target = origin op target} element by
     * element, atomically ({@code MPI_Accumulate}); {@code op} is a predefined operation defined
     * on the target datatype, {@link Op#REPLACE} (a put that is atomic) or {@link Op#NO_OP}.
     *
     * @param origin the origin buffer ({@code null} allowed with {@link Op#NO_OP})
     * @param ooff index of the first origin item
     * @param ocount number of origin items
     * @param otype origin datatype
     * @param targetRank rank in the window's group, or {@link Comm#PROC_NULL}
     * @param targetDisp displacement in the target's window
     * @param tcount number of target items
     * @param ttype target datatype
     * @param op the operation
     */
    void accumulate(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp,
            int tcount, Datatype ttype, Op op);

    /**
     * Reads the target's elements into {@code result} and combines the origin's into them, in one
     * atomic step ({@code MPI_Get_accumulate}); with {@link Op#NO_OP} an atomic get.
     *
     * @param origin the origin buffer ({@code null} allowed with {@link Op#NO_OP})
     * @param ooff index of the first origin item
     * @param ocount number of origin items
     * @param otype origin datatype
     * @param result the buffer the target's previous elements go to
     * @param roff index of the first result item
     * @param rcount number of result items
     * @param rtype result datatype
     * @param targetRank rank in the window's group, or {@link Comm#PROC_NULL}
     * @param targetDisp displacement in the target's window
     * @param tcount number of target items
     * @param ttype target datatype
     * @param op the operation
     */
    void getAccumulate(Object origin, int ooff, int ocount, Datatype otype, Object result, int roff, int rcount,
            Datatype rtype, int targetRank, int targetDisp, int tcount, Datatype ttype, Op op);

    /**
     * {@link #getAccumulate} of one element of a basic datatype ({@code MPI_Fetch_and_op}).
     *
     * @param origin the buffer of the operand ({@code null} allowed with {@link Op#NO_OP})
     * @param ooff its index
     * @param result the buffer the target's previous element goes to
     * @param roff its index
     * @param type a basic datatype, the target window's base type
     * @param targetRank rank in the window's group, or {@link Comm#PROC_NULL}
     * @param targetDisp displacement in the target's window
     * @param op the operation
     */
    void fetchAndOp(Object origin, int ooff, Object result, int roff, Datatype type, int targetRank, int targetDisp,
            Op op);

    /**
     * Atomically replaces the target element by {@code origin[ooff]} if it equals
     * {@code compare[coff]}, and returns its previous value in {@code result[roff]}
     * ({@code MPI_Compare_and_swap}); defined, as in MPI, on the integer, boolean and byte types
     * ({@code BYTE}, {@code CHAR}, {@code SHORT}, {@code BOOLEAN}, {@code INT}, {@code LONG}).
     *
     * @param origin the buffer of the new value
     * @param ooff its index
     * @param compare the buffer of the expected value
     * @param coff its index
     * @param result the buffer the previous value goes to
     * @param roff its index
     * @param type a basic datatype of those above
     * @param targetRank rank in the window's group, or {@link Comm#PROC_NULL}
     * @param targetDisp displacement in the target's window
     */
    void compareAndSwap(Object origin, int ooff, Object compare, int coff, Object result, int roff, Datatype type,
            int targetRank, int targetDisp);

    /**
     * {@link #put} as a request ({@code MPI_Rput}); passive-target epochs only.
     *
     * @param origin the origin buffer
     * @param ooff index of the first origin item
     * @param ocount number of origin items
     * @param otype origin datatype
     * @param targetRank rank in the window's group, or {@link Comm#PROC_NULL}
     * @param targetDisp displacement in the target's window
     * @param tcount number of target items
     * @param ttype target datatype
     * @return a request, complete on return (the elements are in the target's window)
     */
    Request rput(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp, int tcount,
            Datatype ttype);

    /**
     * {@link #get} as a request ({@code MPI_Rget}); passive-target epochs only.
     *
     * @param origin the buffer the elements go to
     * @param ooff index of the first origin item
     * @param ocount number of origin items
     * @param otype origin datatype
     * @param targetRank rank in the window's group, or {@link Comm#PROC_NULL}
     * @param targetDisp displacement in the target's window
     * @param tcount number of target items
     * @param ttype target datatype
     * @return a request, complete on return (the elements are in {@code origin})
     */
    Request rget(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp, int tcount,
            Datatype ttype);

    /**
     * {@link #accumulate} as a request ({@code MPI_Raccumulate}); passive-target epochs only.
     *
     * @param origin the origin buffer
     * @param ooff index of the first origin item
     * @param ocount number of origin items
     * @param otype origin datatype
     * @param targetRank rank in the window's group, or {@link Comm#PROC_NULL}
     * @param targetDisp displacement in the target's window
     * @param tcount number of target items
     * @param ttype target datatype
     * @param op the operation
     * @return a request, complete on return
     */
    Request raccumulate(Object origin, int ooff, int ocount, Datatype otype, int targetRank, int targetDisp,
            int tcount, Datatype ttype, Op op);

    /**
     * {@link #getAccumulate} as a request ({@code MPI_Rget_accumulate}); passive-target epochs only.
     *
     * @param origin the origin buffer
     * @param ooff index of the first origin item
     * @param ocount number of origin items
     * @param otype origin datatype
     * @param result the buffer the target's previous elements go to
     * @param roff index of the first result item
     * @param rcount number of result items
     * @param rtype result datatype
     * @param targetRank rank in the window's group, or {@link Comm#PROC_NULL}
     * @param targetDisp displacement in the target's window
     * @param tcount number of target items
     * @param ttype target datatype
     * @param op the operation
     * @return a request, complete on return
     */
    Request rgetAccumulate(Object origin, int ooff, int ocount, Datatype otype, Object result, int roff, int rcount,
            Datatype rtype, int targetRank, int targetDisp, int tcount, Datatype ttype, Op op);

    // ------------------------------------------------------------------ active target

    /**
     * Closes the current fence epoch and opens the next ({@code MPI_Win_fence}, a collective over
     * the window's group): waits for every rank's fence; see the class comment for what it orders.
     *
     * @param assertion 0 or an or of {@link #MODE_NOSTORE}, {@link #MODE_NOPUT},
     *     {@link #MODE_NOPRECEDE}, {@link #MODE_NOSUCCEED}
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} inside a lock or
     *     post/start epoch, {@link MpiException.ErrorClass#ASSERT} for other bits
     */
    void fence(int assertion);

    /**
     * Opens an access epoch to the ranks of {@code group} ({@code MPI_Win_start}): waits until each
     * of them has posted an exposure epoch that includes this rank.
     *
     * @param group a group of ranks of the window's communicator
     * @param assertion 0 or {@link #MODE_NOCHECK}
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} if an access epoch is open
     */
    void start(Group group, int assertion);

    /**
     * Closes the access epoch {@link #start} opened ({@code MPI_Win_complete}): tells each target
     * that this rank's operations are done.
     *
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} without a started epoch
     */
    void complete();

    /**
     * Opens an exposure epoch of this rank's window to the ranks of {@code group}
     * ({@code MPI_Win_post}); does not wait.
     *
     * @param group a group of ranks of the window's communicator
     * @param assertion 0 or an or of {@link #MODE_NOCHECK}, {@link #MODE_NOSTORE}, {@link #MODE_NOPUT}
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} if an exposure epoch is open
     */
    void post(Group group, int assertion);

    /**
     * Closes the exposure epoch {@link #post} opened ({@code MPI_Win_wait}): waits until every rank
     * of the post group has called {@link #complete}.
     *
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} without a posted epoch
     */
    void waitExposure();

    /**
     * {@link #waitExposure} without waiting ({@code MPI_Win_test}).
     *
     * @return {@code true} if every rank of the post group has completed, and the epoch is then
     *     closed; {@code false} otherwise (call again)
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} without a posted epoch
     */
    boolean testExposure();

    // ------------------------------------------------------------------ passive target

    /**
     * Opens a passive-target epoch to {@code rank} ({@code MPI_Win_lock}): waits until the lock is
     * granted (an exclusive lock excludes every other lock of that rank's window, a shared lock
     * only exclusive ones).
     *
     * @param lockType {@link #LOCK_EXCLUSIVE} or {@link #LOCK_SHARED}
     * @param rank rank in the window's group
     * @param assertion 0 or {@link #MODE_NOCHECK}
     * @throws MpiException {@link MpiException.ErrorClass#LOCKTYPE} for another lock type,
     *     {@link MpiException.ErrorClass#RMA_CONFLICT} if this rank holds a lock of {@code rank}
     *     already or is in a {@link #lockAll} epoch, {@link MpiException.ErrorClass#RMA_SYNC} in
     *     a fence or post/start access epoch
     */
    void lock(int lockType, int rank, int assertion);

    /**
     * Closes the passive-target epoch to {@code rank} ({@code MPI_Win_unlock}) and releases the lock.
     *
     * @param rank rank in the window's group
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} if this rank did not lock it
     */
    void unlock(int rank);

    /**
     * Takes a shared lock of every rank's window ({@code MPI_Win_lock_all}), in rank order.
     *
     * @param assertion 0 or {@link #MODE_NOCHECK}
     * @throws MpiException {@link MpiException.ErrorClass#RMA_CONFLICT} if this rank holds a lock
     *     already
     */
    void lockAll(int assertion);

    /**
     * Releases the locks {@link #lockAll} took ({@code MPI_Win_unlock_all}).
     *
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} without {@link #lockAll}
     */
    void unlockAll();

    /**
     * Completes this rank's operations on {@code rank} at origin and target ({@code MPI_Win_flush});
     * they have completed already (see the class comment).
     *
     * @param rank rank in the window's group
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} outside a passive-target epoch to {@code rank}
     */
    void flush(int rank);

    /**
     * {@link #flush} of every rank ({@code MPI_Win_flush_all}).
     *
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} outside a passive-target epoch
     */
    void flushAll();

    /**
     * Completes this rank's operations on {@code rank} at the origin ({@code MPI_Win_flush_local}).
     *
     * @param rank rank in the window's group
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} outside a passive-target epoch to {@code rank}
     */
    void flushLocal(int rank);

    /**
     * {@link #flushLocal} of every rank ({@code MPI_Win_flush_local_all}).
     *
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} outside a passive-target epoch
     */
    void flushLocalAll();

    /**
     * Synchronizes this rank's loads and stores of its own window with the operations of other
     * ranks on it ({@code MPI_Win_sync}); see the class comment. Allowed in any epoch.
     */
    void sync();

    // ------------------------------------------------------------------ management

    /**
     * A rank's part of the window ({@code MPI_Win_shared_query}): on one JVM every window's memory
     * is shared, so this works on windows of every kind, not only {@link Comm#allocateSharedWindow}'s.
     * Loads and stores of a peer's array follow the memory model of the class comment.
     *
     * @param rank rank in the window's group
     * @return the rank's array, offset, length and datatype
     */
    Segment sharedQuery(int rank);

    /**
     * Releases the window ({@code MPI_Win_free}, a collective over the window's group): waits for
     * every rank, so that no rank's memory is freed while another still accesses it. Afterwards
     * every call on the window throws {@link MpiException.ErrorClass#WIN}.
     *
     * @throws MpiException {@link MpiException.ErrorClass#RMA_SYNC} while this rank holds a lock
     *     or has a post/start epoch open
     */
    void free();

    /**
     * Whether {@link #free()} was called.
     *
     * @return {@code true} once freed
     */
    boolean isFreed();

    /**
     * The communicator the window was created on.
     *
     * @return the communicator
     */
    Comm comm();

    /**
     * The group of the window's ranks ({@code MPI_Win_get_group}): the communicator's.
     *
     * @return the group
     */
    Group group();

    /**
     * This rank's array: the one given to {@link Comm#createWindow}, or the one allocated.
     *
     * @return the array
     */
    Object base();

    /**
     * The index of this rank's first window element in {@link #base()}.
     *
     * @return the offset (0 for allocated windows)
     */
    int offset();

    /**
     * The length of this rank's window, in items of {@link #type()}.
     *
     * @return the length
     */
    int length();

    /**
     * This rank's window datatype: its displacement unit is the datatype's extent.
     *
     * @return the datatype
     */
    Datatype type();
}
