package mpi;

import io.ccrj.mpi.Environment;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.ThreadLevel;
import io.ccrj.mpi.mpijava.internal.RankBinding;
import io.ccrj.mpi.mpijava.internal.RunReport;
import java.nio.ByteBuffer;

/**
 * The MPI environment of one process, as mpiJava 1.2's / MPJ Express's {@code mpi.MPI}: start-up
 * ({@link #Init}), the predefined communicators, datatypes, operations and constants, and the
 * environment queries.
 *
 * <p>On ccr-mpi a "process" is a rank of an in-JVM world started by the launcher
 * ({@code bin/ccrj mpirun}, {@link io.ccrj.mpi.mpijava.MpiRun}); each rank loads this package in
 * its own class loader, so the statics below are per rank, as they are per process under MPJ
 * Express. The constants have MPJ Express 0.44's values and kinds ({@code COMM_SELF} is declared
 * as {@link Comm}, as there), so that a program compiled against either runs on both.
 */
public class MPI {
    /** The communicator of all processes; set by {@link #Init}. */
    public static Intracomm COMM_WORLD;
    /** The communicator of this process alone (an {@link Intracomm}); set by {@link #Init}. */
    public static Comm COMM_SELF;
    /** The empty group; set by {@link #Init}. */
    public static Group GROUP_EMPTY;
    /** The null communicator. */
    public static final Comm COMM_NULL = null;
    /** The null group. */
    public static final Group GROUP_NULL = null;

    /** Wildcard source. */
    public static final int ANY_SOURCE = -2;
    /** Wildcard tag. */
    public static final int ANY_TAG = -2;
    /** The null process: sends to it and receives from it complete at once. */
    public static final int PROC_NULL = -3;
    /** An undefined rank, color or topology. */
    public static final int UNDEFINED = -1;
    /** Result of {@code Compare}: identical. */
    public static final int IDENT = 0;
    /** Result of {@code Compare}: same members, same order, different context. */
    public static final int CONGRUENT = 3;
    /** Result of {@code Compare}: same members, different order. */
    public static final int SIMILAR = 1;
    /** Result of {@code Compare}: different members. */
    public static final int UNEQUAL = 2;
    /** {@code Topo_test} of a graph communicator. */
    public static final int GRAPH = 1;
    /** {@code Topo_test} of a Cartesian communicator. */
    public static final int CART = 2;
    /** Attribute key of the largest tag ({@code Comm.Attr_get}). */
    public static final int TAG_UB = 0;
    /** Attribute key of the host rank (unset). */
    public static final int HOST = 1;
    /** Attribute key of the I/O rank (unset). */
    public static final int IO = 2;
    /** Thread level: one thread. */
    public static final int THREAD_SINGLE = 1;
    /** Thread level: only the thread that called {@code Init} calls MPI. */
    public static final int THREAD_FUNNELED = 2;
    /** Thread level: any thread, one call at a time. */
    public static final int THREAD_SERIALIZED = 3;
    /**
     * Thread level: any thread at any time. Several threads of a process may then call
     * point-to-point operations at once; collectives on one communicator stay one thread at a time.
     */
    public static final int THREAD_MULTIPLE = 4;
    /** Bytes {@code Bsend} needs in the attached buffer beyond the packed message ({@link io.ccrj.mpi.Comm#BSEND_OVERHEAD}). */
    public static final int BSEND_OVERHEAD = io.ccrj.mpi.Comm.BSEND_OVERHEAD;
    /** Send overhead in bytes (none). */
    public static final int SEND_OVERHEAD = 0;
    /** Receive overhead in bytes (none). */
    public static final int RECV_OVERHEAD = 0;
    /** The processors available to this JVM. */
    public static final int NUM_OF_PROCESSORS = Runtime.getRuntime().availableProcessors();

    /** {@code byte[]} elements. */
    public static final Datatype BYTE = new Datatype("MPI.BYTE", io.ccrj.mpi.Datatype.BYTE);
    /** {@code char[]} elements. */
    public static final Datatype CHAR = new Datatype("MPI.CHAR", io.ccrj.mpi.Datatype.CHAR);
    /** {@code short[]} elements. */
    public static final Datatype SHORT = new Datatype("MPI.SHORT", io.ccrj.mpi.Datatype.SHORT);
    /** {@code boolean[]} elements. */
    public static final Datatype BOOLEAN = new Datatype("MPI.BOOLEAN", io.ccrj.mpi.Datatype.BOOLEAN);
    /** {@code int[]} elements. */
    public static final Datatype INT = new Datatype("MPI.INT", io.ccrj.mpi.Datatype.INT);
    /** {@code long[]} elements. */
    public static final Datatype LONG = new Datatype("MPI.LONG", io.ccrj.mpi.Datatype.LONG);
    /** {@code float[]} elements. */
    public static final Datatype FLOAT = new Datatype("MPI.FLOAT", io.ccrj.mpi.Datatype.FLOAT);
    /** {@code double[]} elements. */
    public static final Datatype DOUBLE = new Datatype("MPI.DOUBLE", io.ccrj.mpi.Datatype.DOUBLE);
    /** Packed bytes ({@code byte[]} elements, as written by ccr-mpi's {@link io.ccrj.mpi.Datatype#pack}). */
    public static final Datatype PACKED = new Datatype("MPI.PACKED", io.ccrj.mpi.Datatype.PACKED);
    /**
     * Lower-bound marker for {@link Datatype#Struct}: the struct's lower bound is its (smallest)
     * displacement. Not a buffer datatype: communication with it throws {@link MPIException}.
     */
    public static final Datatype LB = new Datatype("MPI.LB", io.ccrj.mpi.Datatype.LB);
    /**
     * Upper-bound marker for {@link Datatype#Struct}: the struct's upper bound is its (largest)
     * displacement. Not a buffer datatype: communication with it throws {@link MPIException}.
     */
    public static final Datatype UB = new Datatype("MPI.UB", io.ccrj.mpi.Datatype.UB);
    /** Object references ({@code Object[]} elements). */
    public static final Datatype OBJECT = new Datatype("MPI.OBJECT", io.ccrj.mpi.Datatype.OBJECT);
    /** (value, index) {@code short} pairs for MAXLOC/MINLOC. */
    public static final Datatype SHORT2 = new Datatype("MPI.SHORT2", io.ccrj.mpi.Datatype.SHORT2);
    /** (value, index) {@code int} pairs for MAXLOC/MINLOC. */
    public static final Datatype INT2 = new Datatype("MPI.INT2", io.ccrj.mpi.Datatype.INT2);
    /** (value, index) {@code long} pairs for MAXLOC/MINLOC. */
    public static final Datatype LONG2 = new Datatype("MPI.LONG2", io.ccrj.mpi.Datatype.LONG2);
    /** (value, index) {@code float} pairs for MAXLOC/MINLOC. */
    public static final Datatype FLOAT2 = new Datatype("MPI.FLOAT2", io.ccrj.mpi.Datatype.FLOAT2);
    /** (value, index) {@code double} pairs for MAXLOC/MINLOC. */
    public static final Datatype DOUBLE2 = new Datatype("MPI.DOUBLE2", io.ccrj.mpi.Datatype.DOUBLE2);

    /**
     * MPJ Express's null datatype: no elements (size and extent 0), base type code 0
     * ({@link Datatype#getType()}).
     */
    public static final Datatype NULL = new Datatype("MPI.NULL", io.ccrj.mpi.Datatype.contiguous(0,
            io.ccrj.mpi.Datatype.BYTE));

    /** The predefined datatypes, for {@link Datatype#of}. */
    static final java.util.List<Datatype> PREDEFINED = java.util.List.of(BYTE, CHAR, SHORT, BOOLEAN, INT, LONG,
            FLOAT, DOUBLE, PACKED, OBJECT, SHORT2, INT2, LONG2, FLOAT2, DOUBLE2);

    /** Maximum. */
    public static final Op MAX = new Op("MAX", io.ccrj.mpi.Op.MAX);
    /** Minimum. */
    public static final Op MIN = new Op("MIN", io.ccrj.mpi.Op.MIN);
    /** Sum. */
    public static final Op SUM = new Op("SUM", io.ccrj.mpi.Op.SUM);
    /** Product. */
    public static final Op PROD = new Op("PROD", io.ccrj.mpi.Op.PROD);
    /** Logical and ({@code boolean[]}). */
    public static final Op LAND = new Op("LAND", io.ccrj.mpi.Op.LAND);
    /** Bitwise and (integer types). */
    public static final Op BAND = new Op("BAND", io.ccrj.mpi.Op.BAND);
    /** Logical or ({@code boolean[]}). */
    public static final Op LOR = new Op("LOR", io.ccrj.mpi.Op.LOR);
    /** Bitwise or (integer types). */
    public static final Op BOR = new Op("BOR", io.ccrj.mpi.Op.BOR);
    /** Logical exclusive or ({@code boolean[]}). */
    public static final Op LXOR = new Op("LXOR", io.ccrj.mpi.Op.LXOR);
    /** Bitwise exclusive or (integer types). */
    public static final Op BXOR = new Op("BXOR", io.ccrj.mpi.Op.BXOR);
    /** Maximum and its location (pair types; the lower index wins a tie). */
    public static final Op MAXLOC = new Op("MAXLOC", io.ccrj.mpi.Op.MAXLOC);
    /** Minimum and its location (pair types; the lower index wins a tie). */
    public static final Op MINLOC = new Op("MINLOC", io.ccrj.mpi.Op.MINLOC);

    /** The status of an operation on a null request or {@code PROC_NULL}. */
    public static final Status EMPTY_STATUS = new Status(PROC_NULL, ANY_TAG, 0);
    /** The null request. */
    public static final Request REQUEST_NULL = new Request(null);
    /** Errors end the program (in Java: are thrown). */
    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler("ERRORS_ARE_FATAL");
    /** Errors are returned (in Java: thrown). */
    public static final Errhandler ERRORS_RETURN = new Errhandler("ERRORS_RETURN");

    // Per-rank state (this class is loaded once per rank); written by the thread that calls
    // Init/Finalize, which MPI requires to happen before other threads use MPI.
    private static volatile boolean initialized;
    private static volatile boolean finalized;
    private static volatile Thread mainThread;
    private static volatile Errhandler errhandler = ERRORS_ARE_FATAL;
    /** Where this process's failed calls are recorded for the launcher's report; set by {@link #Init}. */
    private static volatile RunReport report;
    private static volatile int worldRank;

    /** Not instantiable in practice; public as in MPJ Express. */
    public MPI() {
    }

    /**
     * Starts MPI in this process ({@code Init}): binds {@link #COMM_WORLD} and {@link #COMM_SELF}
     * to the rank the launcher started this thread for, at thread level {@link #THREAD_MULTIPLE}
     * (as MPJ Express, whose processes may call MPI from any of their threads after a plain
     * {@code Init}). {@link #initThread} with a lower level gives the single-thread fast path,
     * whose calls take no lock.
     *
     * @param args the program's arguments, as {@code main} received them
     * @return the program's arguments ({@code args}: the launcher passes the program only its own)
     * @throws MPIException if no ccr-mpi rank runs this thread (the program was not started by the
     *     launcher) or {@code Init} was called before
     */
    public static String[] Init(String[] args) throws MPIException {
        return start("MPI.Init", args, ThreadLevel.MULTIPLE);
    }

    /**
     * Starts MPI asking for a thread level (MPJ Express's {@code initThread}).
     *
     * @param required the level wanted, {@link #THREAD_SINGLE} .. {@link #THREAD_MULTIPLE}
     * @param provided ignored (MPJ Express's signature); see {@link #queryThread()}
     * @param args the program's arguments
     * @return the program's arguments
     * @throws MPIException as {@link #Init}, or for a level out of range
     */
    public static String[] initThread(int required, int provided, String[] args) throws MPIException {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE) {
            throw new MPIException("MPI.initThread: thread level " + required + " is not in [" + THREAD_SINGLE
                    + ", " + THREAD_MULTIPLE + "]");
        }
        return start("MPI.initThread", args, ThreadLevel.values()[required - THREAD_SINGLE]);
    }

    private static String[] start(String operation, String[] args, ThreadLevel level) {
        RankBinding.Rank rank = RankBinding.current();
        if (rank == null) {
            throw new MPIException(operation + ": this thread is not a ccr-mpi rank; start the program with"
                    + " 'bin/ccrj mpirun -np N -cp CLASSPATH " + "MainClass args...' (io.ccrj.mpi.mpijava.MpiRun)");
        }
        if (initialized) {
            throw new MPIException(finalized ? operation + ": called after MPI.Finalize (MPI cannot be restarted)"
                    : operation + ": MPI was started already");
        }
        io.ccrj.mpi.Comm world = rank.world();
        report = rank.report();
        worldRank = world.rank();
        try {
            world.requestThreadLevel(level);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
        COMM_WORLD = new Intracomm(world);
        COMM_SELF = new Intracomm(world.self());
        GROUP_EMPTY = new Group(world.group().incl());
        mainThread = Thread.currentThread();
        initialized = true;
        return args;
    }

    /**
     * The thread level in effect ({@code Query_thread}).
     *
     * @return {@link #THREAD_SINGLE} .. {@link #THREAD_MULTIPLE}
     */
    public static int queryThread() {
        return THREAD_SINGLE + COMM_WORLD.impl.threadLevel().ordinal();
    }

    /**
     * Whether the calling thread is the one that called {@link #Init} ({@code Is_thread_main}).
     *
     * @return {@code true} on the thread that called {@code Init}
     */
    public static boolean isMainThread() {
        return Thread.currentThread() == mainThread;
    }

    /**
     * Ends MPI in this process ({@code Finalize}). {@link #Initialized()} stays {@code true} and
     * {@link #Finalized()} becomes {@code true}; MPI cannot be started again.
     *
     * @throws MPIException if MPI was not started, or was finalized already
     */
    public static void Finalize() throws MPIException {
        if (!initialized) {
            throw new MPIException("MPI.Finalize: MPI.Init was not called");
        }
        if (finalized) {
            throw new MPIException("MPI.Finalize: called twice");
        }
        finalized = true;
    }

    /**
     * Whether {@link #Init} was called ({@code Initialized}); as in MPI, still {@code true} after
     * {@link #Finalize}.
     *
     * @return {@code true} after {@code Init}
     * @throws MPIException never
     */
    public static boolean Initialized() throws MPIException {
        return initialized;
    }

    /**
     * Whether {@link #Finalize} was called ({@code Finalized}; not in MPJ Express 0.44).
     *
     * @return {@code true} after {@code Finalize}
     * @throws MPIException never
     */
    public static boolean Finalized() throws MPIException {
        return finalized;
    }

    /**
     * The machine's name ({@code Get_processor_name}).
     *
     * @return the host name
     * @throws MPIException never
     */
    public static String Get_processor_name() throws MPIException {
        return Environment.processorName();
    }

    /**
     * Elapsed seconds since an arbitrary origin ({@code Wtime}).
     *
     * @return seconds
     * @throws MPIException never
     */
    public static double Wtime() throws MPIException {
        return Environment.wtime();
    }

    /**
     * The resolution of {@link #Wtime()} in seconds ({@code Wtick}).
     *
     * @return seconds per tick
     * @throws MPIException never
     */
    public static double Wtick() throws MPIException {
        return Environment.wtick();
    }

    /**
     * Sets the error handler ({@code Errorhandler_set}); in Java errors are thrown either way.
     *
     * @param handler {@link #ERRORS_ARE_FATAL} or {@link #ERRORS_RETURN}
     * @throws MPIException never
     */
    public static void Errorhandler_set(Errhandler handler) throws MPIException {
        errhandler = handler;
    }

    /**
     * The error handler ({@code Errorhandler_get}).
     *
     * @return the handler last set
     * @throws MPIException never
     */
    public static Errhandler Errorhandler_get() throws MPIException {
        return errhandler;
    }

    /**
     * Attaches a buffer for buffered sends ({@code Buffer_attach}): its capacity bounds each
     * {@code Bsend} of this process ({@link io.ccrj.mpi.Comm#bufferAttach}; ccr-mpi delivers a
     * buffered message before {@code Bsend} returns, so the bytes themselves are not used).
     *
     * @param buffer the buffer
     * @throws MPIException if {@code buffer} is null, a buffer is attached already, or MPI was not started
     */
    public static void Buffer_attach(ByteBuffer buffer) throws MPIException {
        if (buffer == null) {
            throw new MPIException("MPI.Buffer_attach: the buffer is null");
        }
        try {
            world("MPI.Buffer_attach").bufferAttach(buffer.capacity());
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Detaches the buffered-send buffer ({@code Buffer_detach}); every buffered message has been
     * delivered already.
     *
     * @throws MPIException if no buffer is attached or MPI was not started
     */
    public static void Buffer_detach() throws MPIException {
        try {
            world("MPI.Buffer_detach").bufferDetach();
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Records a failed call of this process for the launcher's final report (the first per
     * process is kept), whether or not the program catches the exception.
     */
    static void failed(String call, String message, boolean stoppedByOtherRank) {
        RunReport r = report;
        if (r != null) {
            r.failed(worldRank, new RunReport.FailedCall(call, message, stoppedByOtherRank));
        }
    }

    /** ccr-mpi's world communicator of this process, once {@link #Init} has run. */
    private static io.ccrj.mpi.Comm world(String operation) {
        if (!initialized || finalized) {
            throw new MPIException(operation + ": MPI is not " + (finalized ? "running (MPI.Finalize was called)"
                    : "started (call MPI.Init first)"));
        }
        return COMM_WORLD.impl;
    }
}
