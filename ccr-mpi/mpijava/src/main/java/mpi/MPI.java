package mpi;

import io.ccrj.mpi.Environment;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.ThreadLevel;
import io.ccrj.mpi.mpijava.internal.BinaryName;
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
    /**
     * Open MPI's {@code Intracomm MPI.COMM_SELF}: the same communicator as {@link #COMM_SELF},
     * named {@code COMM_SELF} with descriptor {@code Lmpi/Intracomm;} in the class file (see
     * {@link io.ccrj.mpi.mpijava.internal.BinaryName}), so that a program compiled against Open
     * MPI's jar links to it; set by {@link #Init}.
     */
    @BinaryName("COMM_SELF")
    static Intracomm commSelfIntracomm;
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

    // Open MPI's constants. Open MPI fills its fields at run time, so programs compiled against
    // its jar read these values; programs compiled against this package inline them.
    /** Open MPI: {@code getTopology()} of a distributed graph communicator. */
    public static final int DIST_GRAPH = 3;
    /** Attribute key: whether {@link #wtime()} is synchronised across processes (it is: one JVM clock). */
    public static final int WTIME_IS_GLOBAL = 3;
    /** Attribute key of the application number (unset: one application). */
    public static final int APPNUM = 4;
    /** Attribute key of the last error code in use ({@link #ERR_LASTCODE}). */
    public static final int LASTUSEDCODE = 5;
    /** Attribute key of the universe size (the world's size). */
    public static final int UNIVERSE_SIZE = 6;
    /** Attribute key of a window's base (Open MPI's; windows are not in this package yet). */
    public static final int WIN_BASE = 7;
    /** Attribute key of a window's size. */
    public static final int WIN_SIZE = 8;
    /** Attribute key of a window's displacement unit. */
    public static final int WIN_DISP_UNIT = 9;
    /** The MPI version implemented ({@link #getVersion()}). */
    public static final int VERSION = 3;
    /** The MPI subversion implemented. */
    public static final int SUBVERSION = 1;
    /** The root of an intercommunicator collective, on the root's side. */
    public static final int ROOT = -4;
    /** An invalid attribute key. */
    public static final int KEYVAL_INVALID = -1;
    /** The longest object name ({@code setName}). */
    public static final int MAX_OBJECT_NAME = 64;
    /** The longest port name (ports are not supported). */
    public static final int MAX_PORT_NAME = 1024;
    /** The longest data representation name (MPI-IO is not supported). */
    public static final int MAX_DATAREP_STRING = 128;
    /** The longest {@link Info} key. */
    public static final int MAX_INFO_KEY = 36;
    /** The longest {@link Info} value. */
    public static final int MAX_INFO_VAL = 256;
    /** Array order for MPI-IO's darray and subarray types: C. */
    public static final int ORDER_C = 0;
    /** Array order for MPI-IO's darray and subarray types: Fortran. */
    public static final int ORDER_FORTRAN = 1;
    /** MPI-IO distribution constant (MPI-IO is not supported). */
    public static final int DISTRIBUTE_BLOCK = 121;
    /** MPI-IO distribution constant. */
    public static final int DISTRIBUTE_CYCLIC = 122;
    /** MPI-IO distribution constant. */
    public static final int DISTRIBUTE_NONE = 123;
    /** MPI-IO distribution constant. */
    public static final int DISTRIBUTE_DFLT_DARG = -1;
    /** MPI-IO file mode (MPI-IO is not supported: {@link File} refuses to open). */
    public static final int MODE_CREATE = 1;
    /** MPI-IO file mode. */
    public static final int MODE_RDONLY = 2;
    /** MPI-IO file mode. */
    public static final int MODE_WRONLY = 4;
    /** MPI-IO file mode. */
    public static final int MODE_RDWR = 8;
    /** MPI-IO file mode. */
    public static final int MODE_DELETE_ON_CLOSE = 16;
    /** MPI-IO file mode. */
    public static final int MODE_UNIQUE_OPEN = 32;
    /** MPI-IO file mode. */
    public static final int MODE_EXCL = 64;
    /** MPI-IO file mode. */
    public static final int MODE_APPEND = 128;
    /** MPI-IO file mode. */
    public static final int MODE_SEQUENTIAL = 256;
    /** MPI-IO displacement. */
    public static final int DISPLACEMENT_CURRENT = -54278278;
    /** MPI-IO seek origin. */
    public static final int SEEK_SET = 600;
    /** MPI-IO seek origin. */
    public static final int SEEK_CUR = 602;
    /** MPI-IO seek origin. */
    public static final int SEEK_END = 604;
    /** One-sided assertion (windows are not in this package yet). */
    public static final int MODE_NOCHECK = 1;
    /** One-sided assertion. */
    public static final int MODE_NOPRECEDE = 2;
    /** One-sided assertion. */
    public static final int MODE_NOPUT = 4;
    /** One-sided assertion. */
    public static final int MODE_NOSTORE = 8;
    /** One-sided assertion. */
    public static final int MODE_NOSUCCEED = 16;
    /** One-sided lock type. */
    public static final int LOCK_EXCLUSIVE = 1;
    /** One-sided lock type. */
    public static final int LOCK_SHARED = 2;

    /** Error class: no error. */
    public static final int SUCCESS = 0;
    /** Error class: a buffer too small, or of the wrong kind. */
    public static final int ERR_BUFFER = 1;
    /** Error class: a bad count. */
    public static final int ERR_COUNT = 2;
    /** Error class: a bad datatype, or a buffer of another element type. */
    public static final int ERR_TYPE = 3;
    /** Error class: a bad tag. */
    public static final int ERR_TAG = 4;
    /** Error class: a bad communicator. */
    public static final int ERR_COMM = 5;
    /** Error class: a bad rank. */
    public static final int ERR_RANK = 6;
    /** Error class: a bad request. */
    public static final int ERR_REQUEST = 7;
    /** Error class: a bad root. */
    public static final int ERR_ROOT = 8;
    /** Error class: a bad group. */
    public static final int ERR_GROUP = 9;
    /** Error class: a bad operation. */
    public static final int ERR_OP = 10;
    /** Error class: a communicator without the topology the call needs. */
    public static final int ERR_TOPOLOGY = 11;
    /** Error class: bad dimensions. */
    public static final int ERR_DIMS = 12;
    /** Error class: another bad argument. */
    public static final int ERR_ARG = 13;
    /** Error class: unknown. */
    public static final int ERR_UNKNOWN = 14;
    /** Error class: a message longer than the receive. */
    public static final int ERR_TRUNCATE = 15;
    /** Error class: another error (here also: the run was aborted). */
    public static final int ERR_OTHER = 16;
    /** Error class: an internal error. */
    public static final int ERR_INTERN = 17;
    /** Error class: the error is in the statuses. */
    public static final int ERR_IN_STATUS = 18;
    /** Error class: a request still pending. */
    public static final int ERR_PENDING = 19;
    /** Error class (MPI-IO): access denied. */
    public static final int ERR_ACCESS = 20;
    /** Error class (MPI-IO): bad mode. */
    public static final int ERR_AMODE = 21;
    /** Error class: bad assertion. */
    public static final int ERR_ASSERT = 22;
    /** Error class (MPI-IO): bad file. */
    public static final int ERR_BAD_FILE = 23;
    /** Error class: bad base. */
    public static final int ERR_BASE = 24;
    /** Error class (MPI-IO): conversion. */
    public static final int ERR_CONVERSION = 25;
    /** Error class: bad displacement. */
    public static final int ERR_DISP = 26;
    /** Error class (MPI-IO): duplicate data representation. */
    public static final int ERR_DUP_DATAREP = 27;
    /** Error class (MPI-IO): file exists. */
    public static final int ERR_FILE_EXISTS = 28;
    /** Error class (MPI-IO): file in use. */
    public static final int ERR_FILE_IN_USE = 29;
    /** Error class (MPI-IO): file. */
    public static final int ERR_FILE = 30;
    /** Error class: bad info key. */
    public static final int ERR_INFO_KEY = 31;
    /** Error class: no such info key. */
    public static final int ERR_INFO_NOKEY = 32;
    /** Error class: bad info value. */
    public static final int ERR_INFO_VALUE = 33;
    /** Error class: info. */
    public static final int ERR_INFO = 34;
    /** Error class (MPI-IO): I/O. */
    public static final int ERR_IO = 35;
    /** Error class: bad attribute key. */
    public static final int ERR_KEYVAL = 36;
    /** Error class: bad lock type. */
    public static final int ERR_LOCKTYPE = 37;
    /** Error class: bad service name. */
    public static final int ERR_NAME = 38;
    /** Error class: out of memory. */
    public static final int ERR_NO_MEM = 39;
    /** Error class: not the same on every process. */
    public static final int ERR_NOT_SAME = 40;
    /** Error class (MPI-IO): no space. */
    public static final int ERR_NO_SPACE = 41;
    /** Error class (MPI-IO): no such file. */
    public static final int ERR_NO_SUCH_FILE = 42;
    /** Error class: bad port. */
    public static final int ERR_PORT = 43;
    /** Error class (MPI-IO): quota. */
    public static final int ERR_QUOTA = 44;
    /** Error class (MPI-IO): read-only. */
    public static final int ERR_READ_ONLY = 45;
    /** Error class: conflicting one-sided accesses. */
    public static final int ERR_RMA_CONFLICT = 46;
    /** Error class: one-sided synchronisation. */
    public static final int ERR_RMA_SYNC = 47;
    /** Error class: bad service. */
    public static final int ERR_SERVICE = 48;
    /** Error class: bad size. */
    public static final int ERR_SIZE = 49;
    /** Error class: spawn failed. */
    public static final int ERR_SPAWN = 50;
    /** Error class (MPI-IO): unsupported data representation. */
    public static final int ERR_UNSUPPORTED_DATAREP = 51;
    /** Error class: an operation this package does not support (MPI-IO, dynamic processes). */
    public static final int ERR_UNSUPPORTED_OPERATION = 52;
    /** Error class: bad window. */
    public static final int ERR_WIN = 53;
    /** The last error code in use. */
    public static final int ERR_LASTCODE = 92;
    /** Error class: out of system resources. */
    public static final int ERR_SYSRESOURCE = -2;

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
     * Open MPI's complex numbers of {@code float}: (real, imaginary) pairs of consecutive floats
     * in a {@code float[]} or {@link java.nio.FloatBuffer} (read and write them with
     * {@link FloatComplex}); {@link #SUM} and {@link #PROD} are complex, the other predefined
     * operations refused ({@code ERR_OP}).
     */
    public static final Datatype FLOAT_COMPLEX = new Datatype("MPI.FLOAT_COMPLEX",
            io.ccrj.mpi.Datatype.FLOAT_COMPLEX);
    /** Open MPI's complex numbers of {@code double}, as {@link #FLOAT_COMPLEX} ({@link DoubleComplex}). */
    public static final Datatype DOUBLE_COMPLEX = new Datatype("MPI.DOUBLE_COMPLEX",
            io.ccrj.mpi.Datatype.DOUBLE_COMPLEX);

    /**
     * MPJ Express's null datatype: no elements (size and extent 0), base type code 0
     * ({@link Datatype#getType()}).
     */
    public static final Datatype NULL = new Datatype("MPI.NULL", io.ccrj.mpi.Datatype.contiguous(0,
            io.ccrj.mpi.Datatype.BYTE));

    /** Open MPI's null datatype ({@link Datatype#isNull()}): no elements. */
    public static final Datatype DATATYPE_NULL = new Datatype("MPI.DATATYPE_NULL",
            io.ccrj.mpi.Datatype.contiguous(0, io.ccrj.mpi.Datatype.BYTE));
    /**
     * Open MPI's (short value, int index) pairs for MINLOC/MAXLOC, 8-byte structs in a
     * {@link java.nio.ByteBuffer} (read them with {@link #shortInt}); reduced as ccr-mpi's
     * {@code INT2}.
     */
    public static final Datatype SHORT_INT = new Datatype("MPI.SHORT_INT", io.ccrj.mpi.Datatype.INT2, 2, 8);
    /** Open MPI's (long value, int index) pairs, 16-byte structs in a ByteBuffer ({@link #longInt}). */
    public static final Datatype LONG_INT = new Datatype("MPI.LONG_INT", io.ccrj.mpi.Datatype.LONG2, 8, 16);
    /** Open MPI's (float value, int index) pairs, 8-byte structs in a ByteBuffer ({@link #floatInt}). */
    public static final Datatype FLOAT_INT = new Datatype("MPI.FLOAT_INT", io.ccrj.mpi.Datatype.FLOAT2, 4, 8);
    /** Open MPI's (double value, int index) pairs, 16-byte structs in a ByteBuffer ({@link #doubleInt}). */
    public static final Datatype DOUBLE_INT = new Datatype("MPI.DOUBLE_INT", io.ccrj.mpi.Datatype.DOUBLE2, 8, 16);

    /** The predefined datatypes, for {@link Datatype#of}. */
    static final java.util.List<Datatype> PREDEFINED = java.util.List.of(BYTE, CHAR, SHORT, BOOLEAN, INT, LONG,
            FLOAT, DOUBLE, PACKED, OBJECT, SHORT2, INT2, LONG2, FLOAT2, DOUBLE2, FLOAT_COMPLEX, DOUBLE_COMPLEX);

    /** Open MPI's reader of {@link #INT2} structs in a ByteBuffer. */
    public static final Int2 int2 = new Int2();
    /** Open MPI's reader of {@link #SHORT_INT} structs in a ByteBuffer. */
    public static final ShortInt shortInt = new ShortInt();
    /** Open MPI's reader of {@link #LONG_INT} structs in a ByteBuffer. */
    public static final LongInt longInt = new LongInt();
    /** Open MPI's reader of {@link #FLOAT_INT} structs in a ByteBuffer. */
    public static final FloatInt floatInt = new FloatInt();
    /** Open MPI's reader of {@link #DOUBLE_INT} structs in a ByteBuffer. */
    public static final DoubleInt doubleInt = new DoubleInt();
    /** Open MPI's environment info (empty: no launcher hints are passed on). */
    public static final Info INFO_ENV = new Info(true);
    /** Open MPI's null info. */
    public static final Info INFO_NULL = new Info(true);

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
    /** Open MPI's one-sided {@code REPLACE}: the origin's value replaces the target's. */
    public static final Op REPLACE = new Op("REPLACE", io.ccrj.mpi.Op.REPLACE);
    /** Open MPI's one-sided {@code NO_OP}: the target is left as it is (for a fetch). */
    public static final Op NO_OP = new Op("NO_OP", io.ccrj.mpi.Op.NO_OP);

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
        report.initialized(worldRank);
        try {
            world.requestThreadLevel(level);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
        COMM_WORLD = new Intracomm(world);
        Intracomm self = new Intracomm(world.self());
        COMM_SELF = self;
        commSelfIntracomm = self;
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

    // ------------------------------------------------------------------ Open MPI's spelling

    private static final java.util.concurrent.atomic.AtomicInteger KEYVALS = new java.util.concurrent.atomic.AtomicInteger(100);
    /** The buffer attached with {@link #attachBuffer(byte[])}, given back by {@link #detachBuffer()}. */
    private static volatile byte[] attached;

    /** A new attribute key of this process (communicators and datatypes share the numbering). */
    static int newKeyval() {
        return KEYVALS.getAndIncrement();
    }

    /**
     * Starts MPI asking for a thread level (Open MPI's {@code InitThread}, {@code MPI_Init_thread}).
     *
     * @param args the program's arguments
     * @param required the level wanted, {@link #THREAD_SINGLE} .. {@link #THREAD_MULTIPLE}
     * @return the level provided (the one asked for)
     * @throws MPIException as {@link #Init}, or for a level out of range
     */
    public static int InitThread(String[] args, int required) throws MPIException {
        initThread(required, required, args);
        return queryThread();
    }

    /**
     * Whether the calling thread is the one that called {@code Init} (Open MPI's
     * {@code isThreadMain}).
     *
     * @return {@code true} on that thread
     * @throws MPIException never
     */
    public static boolean isThreadMain() throws MPIException {
        return isMainThread();
    }

    /**
     * Whether {@code Init} was called (Open MPI's {@code isInitialized}).
     *
     * @return {@code true} after {@code Init}, also after {@code Finalize}
     * @throws MPIException never
     */
    public static boolean isInitialized() throws MPIException {
        return initialized;
    }

    /**
     * Whether {@code Finalize} was called (Open MPI's {@code isFinalized}).
     *
     * @return {@code true} after {@code Finalize}
     * @throws MPIException never
     */
    public static boolean isFinalized() throws MPIException {
        return finalized;
    }

    /**
     * Elapsed seconds since an arbitrary origin (Open MPI's {@code wtime}).
     *
     * @return seconds
     * @throws MPIException if MPI is not running
     */
    public static double wtime() throws MPIException {
        world("MPI.wtime");
        return Environment.wtime();
    }

    /**
     * The resolution of {@link #wtime()} (Open MPI's {@code wtick}).
     *
     * @return seconds per tick
     * @throws MPIException if MPI is not running
     */
    public static double wtick() throws MPIException {
        world("MPI.wtick");
        return Environment.wtick();
    }

    /**
     * The MPI version this package implements (Open MPI's {@code getVersion}).
     *
     * @return {@link #VERSION}.{@link #SUBVERSION}
     */
    public static Version getVersion() {
        return new Version(VERSION, SUBVERSION);
    }

    /**
     * The library's version (Open MPI's {@code getLibVersion}).
     *
     * @return a line naming this package and the JVM
     */
    public static String getLibVersion() {
        return "ccrj mpi (mpiJava 1.2 and Open MPI Java API over ccr-mpi), Java " + Runtime.version();
    }

    /**
     * The machine's name (Open MPI's {@code getProcessorName}).
     *
     * @return the host name
     * @throws MPIException if MPI is not running
     */
    public static String getProcessorName() throws MPIException {
        world("MPI.getProcessorName");
        return Environment.processorName();
    }

    /**
     * Attaches a buffer for buffered sends (Open MPI's {@code attachBuffer}); its length bounds
     * each {@code bSend} of this process.
     *
     * @param buffer the buffer
     * @throws MPIException if {@code buffer} is null, a buffer is attached already, or MPI is not running
     */
    public static void attachBuffer(byte[] buffer) throws MPIException {
        if (buffer == null) {
            throw new MPIException(ERR_BUFFER, "MPI.attachBuffer: the buffer is null");
        }
        try {
            world("MPI.attachBuffer").bufferAttach(buffer.length);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
        attached = buffer;
    }

    /**
     * Detaches the buffered-send buffer (Open MPI's {@code detachBuffer}); every buffered message
     * has been delivered already.
     *
     * @return the buffer attached
     * @throws MPIException if no buffer is attached or MPI is not running
     */
    public static byte[] detachBuffer() throws MPIException {
        try {
            world("MPI.detachBuffer").bufferDetach();
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
        byte[] b = attached;
        attached = null;
        return b;
    }

    /**
     * Profiling control ({@code MPI_Pcontrol}); no profiling layer here, so it does nothing, as in
     * Open MPI's bindings.
     *
     * @param level the profiling level
     * @param obj profiling information
     */
    public static void pControl(int level, Object obj) {
    }

    /**
     * A direct byte buffer in native byte order (Open MPI's {@code newByteBuffer}).
     *
     * @param capacity the number of bytes
     * @return the buffer
     */
    public static java.nio.ByteBuffer newByteBuffer(int capacity) {
        return java.nio.ByteBuffer.allocateDirect(capacity).order(java.nio.ByteOrder.nativeOrder());
    }

    /**
     * A direct char buffer (Open MPI's {@code newCharBuffer}).
     *
     * @param capacity the number of chars
     * @return the buffer
     */
    public static java.nio.CharBuffer newCharBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 2)).asCharBuffer();
    }

    /**
     * A direct short buffer (Open MPI's {@code newShortBuffer}).
     *
     * @param capacity the number of shorts
     * @return the buffer
     */
    public static java.nio.ShortBuffer newShortBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 2)).asShortBuffer();
    }

    /**
     * A direct int buffer (Open MPI's {@code newIntBuffer}).
     *
     * @param capacity the number of ints
     * @return the buffer
     */
    public static java.nio.IntBuffer newIntBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 4)).asIntBuffer();
    }

    /**
     * A direct long buffer (Open MPI's {@code newLongBuffer}).
     *
     * @param capacity the number of longs
     * @return the buffer
     */
    public static java.nio.LongBuffer newLongBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 8)).asLongBuffer();
    }

    /**
     * A direct float buffer (Open MPI's {@code newFloatBuffer}).
     *
     * @param capacity the number of floats
     * @return the buffer
     */
    public static java.nio.FloatBuffer newFloatBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 4)).asFloatBuffer();
    }

    /**
     * A direct double buffer (Open MPI's {@code newDoubleBuffer}).
     *
     * @param capacity the number of doubles
     * @return the buffer
     */
    public static java.nio.DoubleBuffer newDoubleBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 8)).asDoubleBuffer();
    }

    /**
     * The part of {@code buf} from element {@code offset} on, sharing its content (Open MPI's
     * {@code slice}: how an offset is given to Open MPI's calls).
     *
     * @param buf the buffer; its position is reset
     * @param offset the first element
     * @return the slice, in {@code buf}'s byte order
     */
    public static java.nio.ByteBuffer slice(java.nio.ByteBuffer buf, int offset) {
        return buf.clear().position(offset).slice().order(buf.order());
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the buffer; its position is reset
     * @param offset the first element
     * @return the slice
     */
    public static java.nio.CharBuffer slice(java.nio.CharBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the buffer; its position is reset
     * @param offset the first element
     * @return the slice
     */
    public static java.nio.ShortBuffer slice(java.nio.ShortBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the buffer; its position is reset
     * @param offset the first element
     * @return the slice
     */
    public static java.nio.IntBuffer slice(java.nio.IntBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the buffer; its position is reset
     * @param offset the first element
     * @return the slice
     */
    public static java.nio.LongBuffer slice(java.nio.LongBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the buffer; its position is reset
     * @param offset the first element
     * @return the slice
     */
    public static java.nio.FloatBuffer slice(java.nio.FloatBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the buffer; its position is reset
     * @param offset the first element
     * @return the slice
     */
    public static java.nio.DoubleBuffer slice(java.nio.DoubleBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    /**
     * The part of {@code buf} from element {@code offset} on, as a heap buffer sharing the array
     * (Open MPI's {@code slice}).
     *
     * @param buf the array
     * @param offset the first element
     * @return the buffer, in native byte order
     */
    public static java.nio.ByteBuffer slice(byte[] buf, int offset) {
        return java.nio.ByteBuffer.wrap(buf, offset, buf.length - offset).slice().order(java.nio.ByteOrder.nativeOrder());
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the array
     * @param offset the first element
     * @return the buffer sharing the array
     */
    public static java.nio.CharBuffer slice(char[] buf, int offset) {
        return java.nio.CharBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the array
     * @param offset the first element
     * @return the buffer sharing the array
     */
    public static java.nio.ShortBuffer slice(short[] buf, int offset) {
        return java.nio.ShortBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the array
     * @param offset the first element
     * @return the buffer sharing the array
     */
    public static java.nio.IntBuffer slice(int[] buf, int offset) {
        return java.nio.IntBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the array
     * @param offset the first element
     * @return the buffer sharing the array
     */
    public static java.nio.LongBuffer slice(long[] buf, int offset) {
        return java.nio.LongBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the array
     * @param offset the first element
     * @return the buffer sharing the array
     */
    public static java.nio.FloatBuffer slice(float[] buf, int offset) {
        return java.nio.FloatBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /**
     * The part of {@code buf} from element {@code offset} on (Open MPI's {@code slice}).
     *
     * @param buf the array
     * @param offset the first element
     * @return the buffer sharing the array
     */
    public static java.nio.DoubleBuffer slice(double[] buf, int offset) {
        return java.nio.DoubleBuffer.wrap(buf, offset, buf.length - offset).slice();
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

    /**
     * Open MPI's default error handler met an error: says so on standard error at once (the
     * launcher's final report names the call again), before the caller aborts the run.
     */
    static void fatal(MPIException e) {
        System.err.println("ccrj mpirun: rank " + worldRank + ": MPI error (class " + e.getErrorClass() + "): "
                + e.getMessage() + "; the error handler MPI.ERRORS_ARE_FATAL aborts the run");
    }

    /** Records the program's {@code Abort(code)} for the launcher's exit status. */
    static void aborting(int code) {
        RunReport r = report;
        if (r != null) {
            r.aborted(code);
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
