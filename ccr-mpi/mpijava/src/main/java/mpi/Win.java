package mpi;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.Window;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.function.Supplier;

/**
 * A window for one-sided communication, Open MPI's {@code mpi.Win} ({@code MPI_Win}), on
 * ccr-mpi's {@link io.ccrj.mpi.Window}: each process exposes a direct buffer that the others read
 * and write with {@link #put}, {@link #get}, {@link #accumulate}, {@link #getAccumulate},
 * {@link #fetchAndOp} and {@link #compareAndSwap} (and the request forms {@link #rPut} ...),
 * inside the epochs of {@link #fence}, {@link #start}/{@link #complete} with
 * {@link #post}/{@link #waitFor}, and {@link #lock}/{@link #unlock} or
 * {@link #lockAll}/{@link #unlockAll}, with ccr-mpi's rules and errors (see
 * {@link io.ccrj.mpi.Window}).
 *
 * <h2>Memory: MPI's separate model</h2>
 * ccr-mpi's windows are Java arrays, and a direct buffer cannot be one; so a window keeps an
 * array of the buffer's element type (the window's <em>public copy</em>, which the other
 * processes' operations read and write) beside the program's buffer (its <em>private copy</em>,
 * which the program loads and stores), as MPI's separate memory model describes
 * ({@code MPI_WIN_SEPARATE}). The two are reconciled by the synchronization calls: each
 * {@link #fence}, {@link #post} (before exposing), {@link #waitFor} and a {@link #test} that
 * returned {@code true} (after the exposure), a {@link #lock} and {@link #unlock} of the calling
 * process's own rank, {@link #lockAll}, {@link #unlockAll}, {@link #sync} and {@link #free}.
 * Reconciling takes, element by element, what the program stored since the last reconciliation
 * and otherwise what the others' operations wrote; MPI forbids a program to store to an element
 * that another process updates in the same epoch, so nothing is lost. A process that reads its
 * own buffer after others updated it under passive-target locks calls {@link #sync} or locks its
 * own rank first, as MPI's separate model requires.
 *
 * <p>Displacements count units of {@code dispUnit} buffer elements of the <em>target</em>
 * (Open MPI's convention); the buffer's {@code size} must be a whole number of units, and the
 * operations' datatypes must have the buffer's element type ({@code MPI.INT} on an
 * {@link IntBuffer}, {@code MPI.BYTE} on a {@link ByteBuffer} ...). Origin buffers must be
 * direct, as Open MPI requires; a result buffer may be any buffer or array. ccr-mpi completes
 * every operation before its call returns, so the flushes return at once and the request forms
 * return requests that are complete.
 *
 * <p>Dynamic windows ({@link #Win(Info, Comm)}, {@link #attach}, {@link #detach}) are refused by
 * name ({@link MPI#ERR_UNSUPPORTED_OPERATION}): ccr-mpi's windows have a fixed array. The
 * allocating constructor takes the buffer the program passes as the window's memory.
 *
 * <p>Errors follow the window's error handler ({@link #setErrhandler}; {@link MPI#ERRORS_ARE_FATAL}
 * by default, as MPI specifies for windows). A window belongs to its process; its calls follow the
 * communicator's thread level (ccr-mpi's rule).
 */
public final class Win implements Freeable {

    /** Open MPI's null window handle value. */
    public static final int WIN_NULL = 0;
    /** Flavor of the allocating constructor: memory of this process ({@code MPI_Win_allocate}). */
    public static final int FLAVOR_PRIVATE = 0;
    /** Flavor of the allocating constructor: shared memory ({@code MPI_Win_allocate_shared}). */
    public static final int FLAVOR_SHARED = 1;

    private final Comm comm;
    private final Buffer buffer;
    private final int sizeElements;
    private final int dispUnit;
    /** The window's public copy: ccr-mpi's window array. */
    private final Object shared;
    /** The private copy as of the last reconciliation (what both copies held then). */
    private final Object snapshot;
    private final int me;
    private Window impl;
    private volatile Errhandler errhandler = MPI.ERRORS_ARE_FATAL;
    private volatile String name = "";
    private volatile Info info;
    private java.util.Map<Integer, Object> attributes;

    /**
     * Creates a window over {@code base} ({@code MPI_Win_create}, a collective of {@code comm}).
     *
     * @param base the direct buffer the window exposes, from its element 0
     * @param size the window's size in buffer elements
     * @param dispUnit the displacement unit in buffer elements (1: displacements count elements)
     * @param info hints (kept, {@link #getInfo})
     * @param comm the communicator
     * @throws MPIException for a bad size or unit (under the communicator's error handler)
     */
    public Win(Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        this(base, size, dispUnit, info, comm, "Win");
    }

    /**
     * Allocates a window ({@code MPI_Win_allocate}, or {@code MPI_Win_allocate_shared} for
     * {@link #FLAVOR_SHARED}; a collective of {@code comm}). Here the window's memory is
     * {@code base}, the direct buffer the program passes; every process of one run shares memory,
     * so both flavors are the same.
     *
     * @param size the window's size in buffer elements
     * @param dispUnit the displacement unit in buffer elements
     * @param info hints (kept)
     * @param comm the communicator
     * @param base the direct buffer that is the window's memory
     * @param flavor {@link #FLAVOR_PRIVATE} or {@link #FLAVOR_SHARED}
     * @throws MPIException for a bad size, unit or flavor
     */
    public Win(int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor) throws MPIException {
        this(base, size, dispUnit, info, comm, checkFlavor(flavor, comm));
    }

    /**
     * A dynamic window ({@code MPI_Win_create_dynamic}): refused, ccr-mpi's windows have a fixed
     * array.
     *
     * @param info hints
     * @param comm the communicator
     * @throws MPIException always, {@link MPI#ERR_UNSUPPORTED_OPERATION}
     */
    public Win(Info info, Comm comm) throws MPIException {
        throw new MPIException(MPI.ERR_UNSUPPORTED_OPERATION, "Win(Info, Comm): dynamic windows"
                + " (MPI_Win_create_dynamic) are not supported by ccrj's mpi; create a window over a buffer");
    }

    private static String checkFlavor(int flavor, Comm comm) {
        if (flavor != FLAVOR_PRIVATE && flavor != FLAVOR_SHARED) {
            throw new MPIException(MPI.ERR_ARG, "Win: flavor " + flavor
                    + " is neither Win.FLAVOR_PRIVATE nor Win.FLAVOR_SHARED");
        }
        return flavor == FLAVOR_SHARED ? "Win (allocate shared)" : "Win (allocate)";
    }

    private Win(Buffer base, int size, int dispUnit, Info info, Comm comm, String call) {
        if (comm == null) {
            throw new MPIException(MPI.ERR_COMM, call + ": the communicator is null");
        }
        this.comm = comm;
        this.buffer = base;
        this.sizeElements = size;
        this.dispUnit = dispUnit;
        this.info = info;
        this.me = comm.impl.rank();
        Object[] made = comm.errorHandled(() -> {
            if (base == null) {
                throw new MPIException(MPI.ERR_BUFFER, call + ": the buffer is null");
            }
            if (!base.isDirect()) {
                throw new IllegalArgumentException(call + ": the buffer must be direct (MPI.newXxxBuffer),"
                        + " as Open MPI requires");
            }
            if (size < 0 || size > base.capacity()) {
                throw new MPIException(MPI.ERR_SIZE, call + ": size " + size + " is outside the buffer's "
                        + base.capacity() + " elements");
            }
            if (dispUnit < 1 || size % dispUnit != 0) {
                throw new MPIException(MPI.ERR_DISP, call + ": the displacement unit " + dispUnit
                        + " must be positive and divide the size " + size + " (in buffer elements)");
            }
            io.ccrj.mpi.Datatype element = elementType(base);
            Object array = java.lang.reflect.Array.newInstance(element.arrayClass().getComponentType(), size);
            load(base, array);
            Object snap = copy(array);
            io.ccrj.mpi.Datatype unit = dispUnit == 1 ? element : io.ccrj.mpi.Datatype.contiguous(dispUnit, element);
            Window w = comm.impl.createWindow(array, 0, size / dispUnit, unit);
            return new Object[] {array, snap, w};
        });
        this.shared = made[0];
        this.snapshot = made[1];
        this.impl = (Window) made[2];
    }

    private static io.ccrj.mpi.Datatype elementType(Buffer b) {
        return switch (b) {
            case ByteBuffer x -> io.ccrj.mpi.Datatype.BYTE;
            case CharBuffer x -> io.ccrj.mpi.Datatype.CHAR;
            case ShortBuffer x -> io.ccrj.mpi.Datatype.SHORT;
            case IntBuffer x -> io.ccrj.mpi.Datatype.INT;
            case LongBuffer x -> io.ccrj.mpi.Datatype.LONG;
            case FloatBuffer x -> io.ccrj.mpi.Datatype.FLOAT;
            case DoubleBuffer x -> io.ccrj.mpi.Datatype.DOUBLE;
            default -> throw new MPIException(MPI.ERR_BUFFER, "Win: a " + b.getClass().getSimpleName()
                    + " cannot be a window");
        };
    }

    // ================================================================== reconciliation

    /** Copies the first {@code sizeElements} of the program's buffer into {@code array}. */
    private static void load(Buffer b, Object array) {
        Buffer d = b.duplicate().clear();
        switch (d) {
            case ByteBuffer x -> x.get((byte[]) array);
            case CharBuffer x -> x.get((char[]) array);
            case ShortBuffer x -> x.get((short[]) array);
            case IntBuffer x -> x.get((int[]) array);
            case LongBuffer x -> x.get((long[]) array);
            case FloatBuffer x -> x.get((float[]) array);
            case DoubleBuffer x -> x.get((double[]) array);
            default -> throw new AssertionError(d);
        }
    }

    private static void store(Buffer b, Object array) {
        Buffer d = b.duplicate().clear();
        switch (d) {
            case ByteBuffer x -> x.put((byte[]) array);
            case CharBuffer x -> x.put((char[]) array);
            case ShortBuffer x -> x.put((short[]) array);
            case IntBuffer x -> x.put((int[]) array);
            case LongBuffer x -> x.put((long[]) array);
            case FloatBuffer x -> x.put((float[]) array);
            case DoubleBuffer x -> x.put((double[]) array);
            default -> throw new AssertionError(d);
        }
    }

    private static Object copy(Object array) {
        int n = java.lang.reflect.Array.getLength(array);
        Object c = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), n);
        System.arraycopy(array, 0, c, 0, n);
        return c;
    }

    /** Whether element {@code i} of two arrays of one type holds the same bits. */
    private static boolean same(Object a, Object b, int i) {
        return switch (a) {
            case byte[] x -> x[i] == ((byte[]) b)[i];
            case char[] x -> x[i] == ((char[]) b)[i];
            case short[] x -> x[i] == ((short[]) b)[i];
            case int[] x -> x[i] == ((int[]) b)[i];
            case long[] x -> x[i] == ((long[]) b)[i];
            case float[] x -> Float.floatToRawIntBits(x[i]) == Float.floatToRawIntBits(((float[]) b)[i]);
            case double[] x -> Double.doubleToRawLongBits(x[i]) == Double.doubleToRawLongBits(((double[]) b)[i]);
            default -> throw new AssertionError(a);
        };
    }

    /**
     * Reconciles the private copy (the program's buffer) with the public copy (ccr-mpi's array):
     * an element the program stored since the last reconciliation (it differs from the snapshot)
     * goes into the public copy, every other element takes the public copy's value (another
     * process's operation, or unchanged); then both copies and the snapshot agree. Called by this
     * process's thread at a synchronization point where no other process's operation conflicts
     * with the elements the program stored (MPI's rule for the separate model).
     */
    private void reconcile() {
        Object priv = java.lang.reflect.Array.newInstance(shared.getClass().getComponentType(), sizeElements);
        load(buffer, priv);
        for (int i = 0; i < sizeElements; i++) {
            if (same(priv, snapshot, i)) {
                System.arraycopy(shared, i, priv, i, 1);
            } else {
                System.arraycopy(priv, i, shared, i, 1);
            }
        }
        System.arraycopy(priv, 0, snapshot, 0, sizeElements);
        store(buffer, priv);
    }

    // ================================================================== errors and translations

    private <T> T handled(String call, Supplier<T> body) {
        try {
            if (impl == null) {
                throw new MPIException(MPI.ERR_WIN, call + ": the window was freed");
            }
            return body.get();
        } catch (MpiException e) {
            throw Comm.handle(Bridge.error(e), errhandler, comm.impl);
        } catch (MPIException e) {
            throw Comm.handle(e, errhandler, comm.impl);
        }
    }

    private void run(String call, Runnable body) {
        handled(call, () -> {
            body.run();
            return null;
        });
    }

    /** Open MPI's assertion bits as ccr-mpi's. */
    private static int assertion(String call, int a) {
        int known = MPI.MODE_NOCHECK | MPI.MODE_NOPRECEDE | MPI.MODE_NOPUT | MPI.MODE_NOSTORE | MPI.MODE_NOSUCCEED;
        if ((a & ~known) != 0) {
            throw new MPIException(MPI.ERR_ASSERT, call + ": assertion " + a + " has bits that are not"
                    + " MPI.MODE_NOCHECK, MODE_NOPRECEDE, MODE_NOPUT, MODE_NOSTORE or MODE_NOSUCCEED");
        }
        return ((a & MPI.MODE_NOCHECK) != 0 ? Window.MODE_NOCHECK : 0)
                | ((a & MPI.MODE_NOPRECEDE) != 0 ? Window.MODE_NOPRECEDE : 0)
                | ((a & MPI.MODE_NOPUT) != 0 ? Window.MODE_NOPUT : 0)
                | ((a & MPI.MODE_NOSTORE) != 0 ? Window.MODE_NOSTORE : 0)
                | ((a & MPI.MODE_NOSUCCEED) != 0 ? Window.MODE_NOSUCCEED : 0);
    }

    private static io.ccrj.mpi.Datatype type(String call, Datatype t) {
        if (t == null) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the datatype is null");
        }
        return t.impl(call);
    }

    private static io.ccrj.mpi.Group group(String call, Group g) {
        if (g == null) {
            throw new MPIException(MPI.ERR_GROUP, call + ": the group is null");
        }
        return g.impl;
    }

    /** An origin buffer: direct, as Open MPI requires (its words). */
    private static OmpiBuffers.View origin(String call, Buffer b, Datatype t, int count) {
        if (b == null) {
            throw new MPIException(MPI.ERR_BUFFER, call + ": the origin buffer is null");
        }
        if (!b.isDirect()) {
            throw new IllegalArgumentException(call + ": the origin must be a direct buffer (MPI.newXxxBuffer),"
                    + " as Open MPI requires");
        }
        return OmpiBuffers.of(call, b, t, count);
    }

    private static OmpiBuffers.View result(String call, Buffer b, Datatype t, int count) {
        if (b == null) {
            throw new MPIException(MPI.ERR_BUFFER, call + ": the result buffer is null");
        }
        return OmpiBuffers.of(call, b, t, count);
    }

    private static Request completed(io.ccrj.mpi.Request r, OmpiBuffers.View copyBack) {
        Request q = new Request(r);
        q.onComplete = copyBack;
        return q;
    }

    // ================================================================== communication

    /**
     * Writes into the target's window ({@code MPI_Put}).
     *
     * @param origin the origin buffer (direct)
     * @param orgCount the number of origin items
     * @param orgType the origin datatype
     * @param targetRank the target's rank, or {@link MPI#PROC_NULL}
     * @param targetDisp the displacement in the target's units
     * @param targetCount the number of target items
     * @param targetType the target datatype
     * @throws MPIException outside an epoch, out of range, for bad types (window error handler)
     */
    public void put(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        run("Win.put", () -> {
            OmpiBuffers.View o = origin("Win.put", origin, orgType, orgCount);
            impl.put(o.array, o.offset, orgCount, type("put", orgType), targetRank, targetDisp, targetCount,
                    type("put", targetType));
        });
    }

    /**
     * Reads from the target's window ({@code MPI_Get}).
     *
     * @param origin the origin buffer that receives the items (direct)
     * @param orgCount the number of origin items
     * @param orgType the origin datatype
     * @param targetRank the target's rank, or {@link MPI#PROC_NULL}
     * @param targetDisp the displacement in the target's units
     * @param targetCount the number of target items
     * @param targetType the target datatype
     * @throws MPIException as {@link #put}
     */
    public void get(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        run("Win.get", () -> {
            OmpiBuffers.View o = origin("Win.get", origin, orgType, orgCount);
            impl.get(o.array, o.offset, orgCount, type("get", orgType), targetRank, targetDisp, targetCount,
                    type("get", targetType));
            o.flush();
        });
    }

    /**
     * Combines the origin's items into the target's window with {@code op} ({@code MPI_Accumulate};
     * {@link MPI#REPLACE} writes them).
     *
     * @param origin the operands (direct)
     * @param orgCount the number of origin items
     * @param orgType the origin datatype
     * @param targetRank the target's rank, or {@link MPI#PROC_NULL}
     * @param targetDisp the displacement in the target's units
     * @param targetCount the number of target items
     * @param targetType the target datatype
     * @param op a predefined operation
     * @throws MPIException as {@link #put}; a user operation ({@link MPI#ERR_OP})
     */
    public void accumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp,
            int targetCount, Datatype targetType, Op op) throws MPIException {
        run("Win.accumulate", () -> {
            OmpiBuffers.View o = origin("Win.accumulate", origin, orgType, orgCount);
            impl.accumulate(o.array, o.offset, orgCount, type("accumulate", orgType), targetRank, targetDisp,
                    targetCount, type("accumulate", targetType), Op.impl("accumulate", op, orgType));
        });
    }

    /**
     * Fetches the target's items into {@code resultAddr}, then combines the origin's into them
     * ({@code MPI_Get_accumulate}; {@link MPI#NO_OP} only fetches), atomically.
     *
     * @param origin the operands (direct)
     * @param orgCount the number of origin items
     * @param orgType the origin datatype
     * @param resultAddr the buffer for the target's former items
     * @param resultCount the number of result items
     * @param resultType the result datatype
     * @param targetRank the target's rank, or {@link MPI#PROC_NULL}
     * @param targetDisp the displacement in the target's units
     * @param targetCount the number of target items
     * @param targetType the target datatype
     * @param op a predefined operation
     * @throws MPIException as {@link #accumulate}
     */
    public void getAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount,
            Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op)
            throws MPIException {
        run("Win.getAccumulate", () -> {
            OmpiBuffers.View o = origin("Win.getAccumulate", origin, orgType, orgCount);
            OmpiBuffers.View r = result("Win.getAccumulate", resultAddr, resultType, resultCount);
            impl.getAccumulate(o.array, o.offset, orgCount, type("getAccumulate", orgType), r.array, r.offset,
                    resultCount, type("getAccumulate", resultType), targetRank, targetDisp, targetCount,
                    type("getAccumulate", targetType), Op.impl("getAccumulate", op, orgType));
            r.flush();
        });
    }

    /**
     * Fetches one item of the target's window into {@code resultAddr} and combines the origin's
     * item into it ({@code MPI_Fetch_and_op}), atomically.
     *
     * @param origin the operand (direct)
     * @param resultAddr the buffer for the former item
     * @param dataType a predefined datatype
     * @param targetRank the target's rank, or {@link MPI#PROC_NULL}
     * @param targetDisp the displacement in the target's units
     * @param op a predefined operation
     * @throws MPIException as {@link #accumulate}
     */
    public void fetchAndOp(Buffer origin, Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp, Op op)
            throws MPIException {
        run("Win.fetchAndOp", () -> {
            OmpiBuffers.View o = origin("Win.fetchAndOp", origin, dataType, 1);
            OmpiBuffers.View r = result("Win.fetchAndOp", resultAddr, dataType, 1);
            impl.fetchAndOp(o.array, o.offset, r.array, r.offset, type("fetchAndOp", dataType), targetRank,
                    targetDisp, Op.impl("fetchAndOp", op, dataType));
            r.flush();
        });
    }

    /**
     * Replaces one item of the target's window by the origin's if it equals {@code compareAddr}'s,
     * and fetches its former value into {@code resultAddr} ({@code MPI_Compare_and_swap}), atomically.
     *
     * @param origin the new value (direct)
     * @param compareAddr the value to compare with
     * @param resultAddr the buffer for the former item
     * @param targetType a predefined datatype
     * @param targetRank the target's rank, or {@link MPI#PROC_NULL}
     * @param targetDisp the displacement in the target's units
     * @throws MPIException as {@link #put}
     */
    public void compareAndSwap(Buffer origin, Buffer compareAddr, Buffer resultAddr, Datatype targetType,
            int targetRank, int targetDisp) throws MPIException {
        run("Win.compareAndSwap", () -> {
            OmpiBuffers.View o = origin("Win.compareAndSwap", origin, targetType, 1);
            OmpiBuffers.View c = result("Win.compareAndSwap", compareAddr, targetType, 1);
            OmpiBuffers.View r = result("Win.compareAndSwap", resultAddr, targetType, 1);
            impl.compareAndSwap(o.array, o.offset, c.array, c.offset, r.array, r.offset,
                    type("compareAndSwap", targetType), targetRank, targetDisp);
            r.flush();
        });
    }

    /**
     * {@link #put} as a request ({@code MPI_Rput}); inside a passive-target epoch.
     *
     * @param origin_addr the origin buffer (direct)
     * @param origin_count the number of origin items
     * @param origin_datatype the origin datatype
     * @param target_rank the target's rank
     * @param target_disp the displacement in the target's units
     * @param target_count the number of target items
     * @param target_datatype the target datatype
     * @return the request (complete: ccr-mpi completes the operation before returning)
     * @throws MPIException as {@link #put}
     */
    public final Request rPut(Buffer origin_addr, int origin_count, Datatype origin_datatype, int target_rank,
            int target_disp, int target_count, Datatype target_datatype) throws MPIException {
        return handled("Win.rPut", () -> {
            OmpiBuffers.View o = origin("Win.rPut", origin_addr, origin_datatype, origin_count);
            return new Request(impl.rput(o.array, o.offset, origin_count, type("rPut", origin_datatype),
                    target_rank, target_disp, target_count, type("rPut", target_datatype)));
        });
    }

    /**
     * {@link #get} as a request ({@code MPI_Rget}); the origin buffer holds the items once the
     * request completed (a wait or test).
     *
     * @param origin the origin buffer (direct)
     * @param orgCount the number of origin items
     * @param orgType the origin datatype
     * @param targetRank the target's rank
     * @param targetDisp the displacement in the target's units
     * @param targetCount the number of target items
     * @param targetType the target datatype
     * @return the request
     * @throws MPIException as {@link #get}
     */
    public final Request rGet(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp,
            int targetCount, Datatype targetType) throws MPIException {
        return handled("Win.rGet", () -> {
            OmpiBuffers.View o = origin("Win.rGet", origin, orgType, orgCount);
            return completed(impl.rget(o.array, o.offset, orgCount, type("rGet", orgType), targetRank, targetDisp,
                    targetCount, type("rGet", targetType)), o);
        });
    }

    /**
     * {@link #accumulate} as a request ({@code MPI_Raccumulate}).
     *
     * @param origin the operands (direct)
     * @param orgCount the number of origin items
     * @param orgType the origin datatype
     * @param targetRank the target's rank
     * @param targetDisp the displacement in the target's units
     * @param targetCount the number of target items
     * @param targetType the target datatype
     * @param op a predefined operation
     * @return the request
     * @throws MPIException as {@link #accumulate}
     */
    public Request rAccumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp,
            int targetCount, Datatype targetType, Op op) throws MPIException {
        return handled("Win.rAccumulate", () -> {
            OmpiBuffers.View o = origin("Win.rAccumulate", origin, orgType, orgCount);
            return new Request(impl.raccumulate(o.array, o.offset, orgCount, type("rAccumulate", orgType),
                    targetRank, targetDisp, targetCount, type("rAccumulate", targetType),
                    Op.impl("rAccumulate", op, orgType)));
        });
    }

    /**
     * {@link #getAccumulate} as a request ({@code MPI_Rget_accumulate}); the result buffer holds
     * the former items once the request completed.
     *
     * @param origin the operands (direct)
     * @param orgCount the number of origin items
     * @param orgType the origin datatype
     * @param resultAddr the buffer for the former items
     * @param resultCount the number of result items
     * @param resultType the result datatype
     * @param targetRank the target's rank
     * @param targetDisp the displacement in the target's units
     * @param targetCount the number of target items
     * @param targetType the target datatype
     * @param op a predefined operation
     * @return the request
     * @throws MPIException as {@link #getAccumulate}
     */
    public Request rGetAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount,
            Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op)
            throws MPIException {
        return handled("Win.rGetAccumulate", () -> {
            OmpiBuffers.View o = origin("Win.rGetAccumulate", origin, orgType, orgCount);
            OmpiBuffers.View r = result("Win.rGetAccumulate", resultAddr, resultType, resultCount);
            return completed(impl.rgetAccumulate(o.array, o.offset, orgCount, type("rGetAccumulate", orgType),
                    r.array, r.offset, resultCount, type("rGetAccumulate", resultType), targetRank, targetDisp,
                    targetCount, type("rGetAccumulate", targetType), Op.impl("rGetAccumulate", op, orgType)), r);
        });
    }

    // ================================================================== synchronization

    /**
     * Closes the access and exposure epoch of the previous fence and opens the next one, unless
     * {@link MPI#MODE_NOSUCCEED} ({@code MPI_Win_fence}, a collective). Every process's
     * operations before it are complete and in the targets' buffers after it. Here it is two of
     * ccr-mpi's fences with the buffer reconciled between them, when no operation runs.
     *
     * @param assertion {@code 0} or {@code MPI.MODE_*} hints
     * @throws MPIException for unknown assertion bits, inside a lock or PSCW epoch
     */
    public void fence(int assertion) throws MPIException {
        run("Win.fence", () -> {
            int a = assertion("Win.fence", assertion);
            impl.fence(a | Window.MODE_NOSUCCEED);
            reconcile();
            if ((a & Window.MODE_NOSUCCEED) == 0) {
                impl.fence(Window.MODE_NOPRECEDE | (a & ~Window.MODE_NOSUCCEED));
            }
        });
    }

    /**
     * Starts an access epoch to the processes of {@code group} ({@code MPI_Win_start}); waits for
     * their {@link #post}.
     *
     * @param group the targets (a group of the window's communicator)
     * @param assertion {@code 0} or {@code MPI.MODE_*} hints
     * @throws MPIException inside another epoch
     */
    public void start(Group group, int assertion) throws MPIException {
        run("Win.start", () -> impl.start(group("Win.start", group), assertion("Win.start", assertion)));
    }

    /**
     * Ends the access epoch of {@link #start} ({@code MPI_Win_complete}).
     *
     * @throws MPIException without a started epoch
     */
    public void complete() throws MPIException {
        run("Win.complete", () -> impl.complete());
    }

    /**
     * Exposes this process's window to the processes of {@code group} ({@code MPI_Win_post});
     * the program's stores before it are what they read.
     *
     * @param group the origins
     * @param assertion {@code 0} or {@code MPI.MODE_*} hints
     * @throws MPIException inside another exposure epoch
     */
    public void post(Group group, int assertion) throws MPIException {
        run("Win.post", () -> {
            io.ccrj.mpi.Group g = group("Win.post", group);
            int a = assertion("Win.post", assertion);
            reconcile();
            impl.post(g, a);
        });
    }

    /**
     * Waits until every origin of {@link #post} called {@link #complete} ({@code MPI_Win_wait});
     * their operations are in this process's buffer after it.
     *
     * @throws MPIException without a posted exposure
     */
    public void waitFor() throws MPIException {
        run("Win.waitFor", () -> {
            impl.waitExposure();
            reconcile();
        });
    }

    /**
     * {@link #waitFor} without waiting ({@code MPI_Win_test}).
     *
     * @return whether the exposure epoch ended (then as {@link #waitFor})
     * @throws MPIException without a posted exposure
     */
    public boolean test() throws MPIException {
        return handled("Win.test", () -> {
            boolean done = impl.testExposure();
            if (done) {
                reconcile();
            }
            return done;
        });
    }

    /**
     * Starts a passive-target epoch to {@code rank} ({@code MPI_Win_lock}); a lock of this
     * process's own rank reconciles its buffer once the lock is held.
     *
     * @param lockType {@link MPI#LOCK_EXCLUSIVE} or {@link MPI#LOCK_SHARED}
     * @param rank the target's rank
     * @param assertion {@code 0} or {@code MPI.MODE_NOCHECK}
     * @throws MPIException for another lock type, a rank already locked
     */
    public void lock(int lockType, int rank, int assertion) throws MPIException {
        run("Win.lock", () -> {
            int type = lockType == MPI.LOCK_EXCLUSIVE ? Window.LOCK_EXCLUSIVE
                    : lockType == MPI.LOCK_SHARED ? Window.LOCK_SHARED : lockType;
            impl.lock(type, rank, assertion("Win.lock", assertion));
            if (rank == me) {
                reconcile();
            }
        });
    }

    /**
     * Ends the passive-target epoch to {@code rank} ({@code MPI_Win_unlock}); its operations are
     * complete at the target.
     *
     * @param rank the target's rank
     * @throws MPIException if {@code rank} is not locked
     */
    public void unlock(int rank) throws MPIException {
        run("Win.unlock", () -> {
            if (rank == me) {
                reconcile();
            }
            impl.unlock(rank);
        });
    }

    /**
     * Starts a shared passive-target epoch to every process ({@code MPI_Win_lock_all}).
     *
     * @param assertion {@code 0} or {@code MPI.MODE_NOCHECK}
     * @throws MPIException inside another epoch
     */
    public void lockAll(int assertion) throws MPIException {
        run("Win.lockAll", () -> {
            impl.lockAll(assertion("Win.lockAll", assertion));
            reconcile();
        });
    }

    /**
     * Ends the epoch of {@link #lockAll} ({@code MPI_Win_unlock_all}).
     *
     * @throws MPIException without {@link #lockAll}
     */
    public void unlockAll() throws MPIException {
        run("Win.unlockAll", () -> {
            reconcile();
            impl.unlockAll();
        });
    }

    /**
     * Reconciles this process's buffer with its window ({@code MPI_Win_sync}): the others'
     * completed operations are in it, and the program's stores are what they read.
     *
     * @throws MPIException on a freed window
     */
    public void sync() throws MPIException {
        run("Win.sync", () -> {
            impl.sync();
            reconcile();
            impl.sync();
        });
    }

    /**
     * Completes this process's operations on {@code targetRank} ({@code MPI_Win_flush}); they
     * complete when called, so it returns at once, after ccr-mpi checked the epoch.
     *
     * @param targetRank the target's rank
     * @throws MPIException outside a passive-target epoch
     */
    public void flush(int targetRank) throws MPIException {
        run("Win.flush", () -> impl.flush(targetRank));
    }

    /**
     * {@link #flush} of every target ({@code MPI_Win_flush_all}).
     *
     * @throws MPIException outside a passive-target epoch
     */
    public void flushAll() throws MPIException {
        run("Win.flushAll", () -> impl.flushAll());
    }

    /**
     * Completes this process's operations on {@code targetRank} locally ({@code MPI_Win_flush_local}).
     *
     * @param targetRank the target's rank
     * @throws MPIException outside a passive-target epoch
     */
    public void flushLocal(int targetRank) throws MPIException {
        run("Win.flushLocal", () -> impl.flushLocal(targetRank));
    }

    /**
     * {@link #flushLocal} of every target ({@code MPI_Win_flush_local_all}).
     *
     * @throws MPIException outside a passive-target epoch
     */
    public void flushLocalAll() throws MPIException {
        run("Win.flushLocalAll", () -> impl.flushLocalAll());
    }

    // ================================================================== dynamic windows (refused)

    /**
     * Attaches memory to a dynamic window ({@code MPI_Win_attach}): refused, as dynamic windows are.
     *
     * @param base the memory
     * @param size its size in elements
     * @throws MPIException always, {@link MPI#ERR_UNSUPPORTED_OPERATION}
     */
    public void attach(Buffer base, int size) throws MPIException {
        throw Comm.handle(new MPIException(MPI.ERR_UNSUPPORTED_OPERATION, "Win.attach: dynamic windows"
                + " (MPI_Win_attach) are not supported by ccrj's mpi"), errhandler, comm.impl);
    }

    /**
     * Detaches memory from a dynamic window ({@code MPI_Win_detach}): refused, as dynamic windows are.
     *
     * @param base the memory
     * @throws MPIException always, {@link MPI#ERR_UNSUPPORTED_OPERATION}
     */
    public void detach(Buffer base) throws MPIException {
        throw Comm.handle(new MPIException(MPI.ERR_UNSUPPORTED_OPERATION, "Win.detach: dynamic windows"
                + " (MPI_Win_detach) are not supported by ccrj's mpi"), errhandler, comm.impl);
    }

    // ================================================================== handle

    /**
     * The group of the window's processes ({@code MPI_Win_get_group}).
     *
     * @return the group
     * @throws MPIException on a freed window
     */
    public Group getGroup() throws MPIException {
        return handled("Win.getGroup", () -> new Group(impl.group()));
    }

    /**
     * Frees the window ({@code MPI_Win_free}, a collective); every process's operations are in
     * the buffers after it, which stay the program's. Freeing a freed window does nothing.
     *
     * @throws MPIException with an epoch open
     */
    @Override
    public void free() throws MPIException {
        if (impl == null) {
            return;
        }
        run("Win.free", () -> {
            impl.free();
            impl = null;
            reconcile();
        });
    }

    /**
     * Whether the window was freed (this package's addition).
     *
     * @return {@code true} after {@link #free()}
     */
    public boolean isNull() {
        return impl == null;
    }

    /**
     * Sets the window's name ({@code MPI_Win_set_name}).
     *
     * @param name the name
     * @throws MPIException never
     */
    public void setName(String name) throws MPIException {
        this.name = name == null ? "" : name;
    }

    /**
     * The window's name ({@code MPI_Win_get_name}); empty until set.
     *
     * @return the name
     * @throws MPIException never
     */
    public String getName() throws MPIException {
        return name;
    }

    /**
     * Sets the window's info hints ({@code MPI_Win_set_info}); kept, none changes the window.
     *
     * @param info the hints
     * @throws MPIException never
     */
    public void setInfo(Info info) throws MPIException {
        this.info = info == null ? null : info.clone();
    }

    /**
     * The window's info hints ({@code MPI_Win_get_info}): a copy of those given.
     *
     * @return a new info object
     * @throws MPIException never
     */
    public Info getInfo() throws MPIException {
        Info i = info;
        return i == null || i.isNull() ? new Info() : i.clone();
    }

    /**
     * Sets the window's error handler ({@code MPI_Win_set_errhandler}).
     *
     * @param errhandler {@link MPI#ERRORS_ARE_FATAL} or {@link MPI#ERRORS_RETURN}
     * @throws MPIException never
     */
    public void setErrhandler(Errhandler errhandler) throws MPIException {
        if (errhandler == null) {
            throw new MPIException(MPI.ERR_ARG, "Win.setErrhandler: the error handler is null");
        }
        this.errhandler = errhandler;
    }

    /**
     * The window's error handler ({@code MPI_Win_get_errhandler}).
     *
     * @return the handler
     * @throws MPIException never
     */
    public Errhandler getErrhandler() throws MPIException {
        return errhandler;
    }

    /**
     * Raises error {@code errorCode} through the window's error handler ({@code MPI_Win_call_errhandler}).
     *
     * @param errorCode an error class
     * @throws MPIException under {@link MPI#ERRORS_RETURN}: the error
     */
    public void callErrhandler(int errorCode) throws MPIException {
        throw Comm.handle(new MPIException(errorCode, "Win.callErrhandler: error " + errorCode + " raised by the program"),
                errhandler, comm.impl);
    }

    /**
     * A new attribute key for windows ({@code MPI_Win_create_keyval}).
     *
     * @return the key
     * @throws MPIException never
     */
    public static int createKeyval() throws MPIException {
        return MPI.newKeyval();
    }

    /**
     * Frees an attribute key ({@code MPI_Win_free_keyval}); attributes already set stay readable.
     *
     * @param keyval the key
     * @throws MPIException never
     */
    public static void freeKeyval(int keyval) throws MPIException {
    }

    /**
     * Stores an attribute ({@code MPI_Win_set_attr}).
     *
     * @param keyval a key of {@link #createKeyval()}
     * @param value the value
     * @throws MPIException for a predefined key
     */
    public void setAttr(int keyval, Object value) throws MPIException {
        if (keyval < 100) {
            throw new MPIException(MPI.ERR_KEYVAL, "Win.setAttr: key " + keyval + " is predefined and read-only");
        }
        synchronized (this) {
            if (attributes == null) {
                attributes = new java.util.HashMap<>();
            }
            attributes.put(keyval, value);
        }
    }

    /**
     * An attribute ({@code MPI_Win_get_attr}): {@link MPI#WIN_BASE} (the buffer),
     * {@link MPI#WIN_SIZE} (the size in bytes, an {@code Integer}), {@link MPI#WIN_DISP_UNIT} (the
     * unit in bytes), or a key of {@link #createKeyval()}.
     *
     * @param keyval the key
     * @return the value, or {@code null} if none is set
     * @throws MPIException never
     */
    public Object getAttr(int keyval) throws MPIException {
        int bytes = switch (buffer) {
            case ByteBuffer x -> 1;
            case CharBuffer x -> 2;
            case ShortBuffer x -> 2;
            case IntBuffer x -> 4;
            case FloatBuffer x -> 4;
            default -> 8;
        };
        if (keyval == MPI.WIN_BASE) {
            return buffer;
        }
        if (keyval == MPI.WIN_SIZE) {
            return sizeElements * bytes;
        }
        if (keyval == MPI.WIN_DISP_UNIT) {
            return dispUnit * bytes;
        }
        synchronized (this) {
            return attributes == null ? null : attributes.get(keyval);
        }
    }

    /**
     * Deletes an attribute ({@code MPI_Win_delete_attr}).
     *
     * @param keyval the key
     * @throws MPIException never
     */
    public synchronized void deleteAttr(int keyval) throws MPIException {
        if (attributes != null) {
            attributes.remove(keyval);
        }
    }
}
