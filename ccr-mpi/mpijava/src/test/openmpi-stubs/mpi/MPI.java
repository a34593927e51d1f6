package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class MPI {
    private MPI() {
    }
    private static <T> T u() {
        throw new UnsupportedOperationException();
    }
    public static final Intracomm COMM_WORLD = u();
    public static final Intracomm COMM_SELF = u();
    public static final Op MAX = u();
    public static final Op MIN = u();
    public static final Op SUM = u();
    public static final Op PROD = u();
    public static final Op LAND = u();
    public static final Op BAND = u();
    public static final Op LOR = u();
    public static final Op BOR = u();
    public static final Op LXOR = u();
    public static final Op BXOR = u();
    public static final Op REPLACE = u();
    public static final Op NO_OP = u();
    public static final Op MINLOC = u();
    public static final Op MAXLOC = u();
    public static final Datatype DATATYPE_NULL = u();
    public static final Datatype BYTE = u();
    public static final Datatype CHAR = u();
    public static final Datatype SHORT = u();
    public static final Datatype BOOLEAN = u();
    public static final Datatype INT = u();
    public static final Datatype LONG = u();
    public static final Datatype FLOAT = u();
    public static final Datatype DOUBLE = u();
    public static final Datatype PACKED = u();
    public static final Datatype FLOAT_COMPLEX = u();
    public static final Datatype DOUBLE_COMPLEX = u();
    public static final Datatype INT2 = u();
    public static final Datatype SHORT_INT = u();
    public static final Datatype LONG_INT = u();
    public static final Datatype FLOAT_INT = u();
    public static final Datatype DOUBLE_INT = u();
    public static final Int2 int2 = u();
    public static final ShortInt shortInt = u();
    public static final LongInt longInt = u();
    public static final FloatInt floatInt = u();
    public static final DoubleInt doubleInt = u();
    public static final Request REQUEST_NULL = u();
    public static final Group GROUP_EMPTY = u();
    public static final Info INFO_ENV = u();
    public static final Info INFO_NULL = u();
    public static final Errhandler ERRORS_ARE_FATAL = u();
    public static final Errhandler ERRORS_RETURN = u();
    public static final int THREAD_SINGLE = MPI.<Integer>u();
    public static final int THREAD_FUNNELED = MPI.<Integer>u();
    public static final int THREAD_SERIALIZED = MPI.<Integer>u();
    public static final int THREAD_MULTIPLE = MPI.<Integer>u();
    public static final int GRAPH = MPI.<Integer>u();
    public static final int DIST_GRAPH = MPI.<Integer>u();
    public static final int CART = MPI.<Integer>u();
    public static final int ANY_SOURCE = MPI.<Integer>u();
    public static final int ANY_TAG = MPI.<Integer>u();
    public static final int PROC_NULL = MPI.<Integer>u();
    public static final int UNDEFINED = MPI.<Integer>u();
    public static final int IDENT = MPI.<Integer>u();
    public static final int CONGRUENT = MPI.<Integer>u();
    public static final int SIMILAR = MPI.<Integer>u();
    public static final int UNEQUAL = MPI.<Integer>u();
    public static final int TAG_UB = MPI.<Integer>u();
    public static final int HOST = MPI.<Integer>u();
    public static final int IO = MPI.<Integer>u();
    public static final int WTIME_IS_GLOBAL = MPI.<Integer>u();
    public static final int APPNUM = MPI.<Integer>u();
    public static final int LASTUSEDCODE = MPI.<Integer>u();
    public static final int UNIVERSE_SIZE = MPI.<Integer>u();
    public static final int WIN_BASE = MPI.<Integer>u();
    public static final int WIN_SIZE = MPI.<Integer>u();
    public static final int WIN_DISP_UNIT = MPI.<Integer>u();
    public static final int VERSION = MPI.<Integer>u();
    public static final int SUBVERSION = MPI.<Integer>u();
    public static final int ROOT = MPI.<Integer>u();
    public static final int KEYVAL_INVALID = MPI.<Integer>u();
    public static final int BSEND_OVERHEAD = MPI.<Integer>u();
    public static final int MAX_OBJECT_NAME = MPI.<Integer>u();
    public static final int MAX_PORT_NAME = MPI.<Integer>u();
    public static final int MAX_DATAREP_STRING = MPI.<Integer>u();
    public static final int MAX_INFO_KEY = MPI.<Integer>u();
    public static final int MAX_INFO_VAL = MPI.<Integer>u();
    public static final int ORDER_C = MPI.<Integer>u();
    public static final int ORDER_FORTRAN = MPI.<Integer>u();
    public static final int DISTRIBUTE_BLOCK = MPI.<Integer>u();
    public static final int DISTRIBUTE_CYCLIC = MPI.<Integer>u();
    public static final int DISTRIBUTE_NONE = MPI.<Integer>u();
    public static final int DISTRIBUTE_DFLT_DARG = MPI.<Integer>u();
    public static final int MODE_CREATE = MPI.<Integer>u();
    public static final int MODE_RDONLY = MPI.<Integer>u();
    public static final int MODE_WRONLY = MPI.<Integer>u();
    public static final int MODE_RDWR = MPI.<Integer>u();
    public static final int MODE_DELETE_ON_CLOSE = MPI.<Integer>u();
    public static final int MODE_UNIQUE_OPEN = MPI.<Integer>u();
    public static final int MODE_EXCL = MPI.<Integer>u();
    public static final int MODE_APPEND = MPI.<Integer>u();
    public static final int MODE_SEQUENTIAL = MPI.<Integer>u();
    public static final int DISPLACEMENT_CURRENT = MPI.<Integer>u();
    public static final int SEEK_SET = MPI.<Integer>u();
    public static final int SEEK_CUR = MPI.<Integer>u();
    public static final int SEEK_END = MPI.<Integer>u();
    public static final int MODE_NOCHECK = MPI.<Integer>u();
    public static final int MODE_NOPRECEDE = MPI.<Integer>u();
    public static final int MODE_NOPUT = MPI.<Integer>u();
    public static final int MODE_NOSTORE = MPI.<Integer>u();
    public static final int MODE_NOSUCCEED = MPI.<Integer>u();
    public static final int LOCK_EXCLUSIVE = MPI.<Integer>u();
    public static final int LOCK_SHARED = MPI.<Integer>u();
    public static final int SUCCESS = MPI.<Integer>u();
    public static final int ERR_BUFFER = MPI.<Integer>u();
    public static final int ERR_COUNT = MPI.<Integer>u();
    public static final int ERR_TYPE = MPI.<Integer>u();
    public static final int ERR_TAG = MPI.<Integer>u();
    public static final int ERR_COMM = MPI.<Integer>u();
    public static final int ERR_RANK = MPI.<Integer>u();
    public static final int ERR_REQUEST = MPI.<Integer>u();
    public static final int ERR_ROOT = MPI.<Integer>u();
    public static final int ERR_GROUP = MPI.<Integer>u();
    public static final int ERR_OP = MPI.<Integer>u();
    public static final int ERR_TOPOLOGY = MPI.<Integer>u();
    public static final int ERR_DIMS = MPI.<Integer>u();
    public static final int ERR_ARG = MPI.<Integer>u();
    public static final int ERR_UNKNOWN = MPI.<Integer>u();
    public static final int ERR_TRUNCATE = MPI.<Integer>u();
    public static final int ERR_OTHER = MPI.<Integer>u();
    public static final int ERR_INTERN = MPI.<Integer>u();
    public static final int ERR_IN_STATUS = MPI.<Integer>u();
    public static final int ERR_PENDING = MPI.<Integer>u();
    public static final int ERR_ACCESS = MPI.<Integer>u();
    public static final int ERR_AMODE = MPI.<Integer>u();
    public static final int ERR_ASSERT = MPI.<Integer>u();
    public static final int ERR_BAD_FILE = MPI.<Integer>u();
    public static final int ERR_BASE = MPI.<Integer>u();
    public static final int ERR_CONVERSION = MPI.<Integer>u();
    public static final int ERR_DISP = MPI.<Integer>u();
    public static final int ERR_DUP_DATAREP = MPI.<Integer>u();
    public static final int ERR_FILE_EXISTS = MPI.<Integer>u();
    public static final int ERR_FILE_IN_USE = MPI.<Integer>u();
    public static final int ERR_FILE = MPI.<Integer>u();
    public static final int ERR_INFO_KEY = MPI.<Integer>u();
    public static final int ERR_INFO_NOKEY = MPI.<Integer>u();
    public static final int ERR_INFO_VALUE = MPI.<Integer>u();
    public static final int ERR_INFO = MPI.<Integer>u();
    public static final int ERR_IO = MPI.<Integer>u();
    public static final int ERR_KEYVAL = MPI.<Integer>u();
    public static final int ERR_LOCKTYPE = MPI.<Integer>u();
    public static final int ERR_NAME = MPI.<Integer>u();
    public static final int ERR_NO_MEM = MPI.<Integer>u();
    public static final int ERR_NOT_SAME = MPI.<Integer>u();
    public static final int ERR_NO_SPACE = MPI.<Integer>u();
    public static final int ERR_NO_SUCH_FILE = MPI.<Integer>u();
    public static final int ERR_PORT = MPI.<Integer>u();
    public static final int ERR_QUOTA = MPI.<Integer>u();
    public static final int ERR_READ_ONLY = MPI.<Integer>u();
    public static final int ERR_RMA_CONFLICT = MPI.<Integer>u();
    public static final int ERR_RMA_SYNC = MPI.<Integer>u();
    public static final int ERR_SERVICE = MPI.<Integer>u();
    public static final int ERR_SIZE = MPI.<Integer>u();
    public static final int ERR_SPAWN = MPI.<Integer>u();
    public static final int ERR_UNSUPPORTED_DATAREP = MPI.<Integer>u();
    public static final int ERR_UNSUPPORTED_OPERATION = MPI.<Integer>u();
    public static final int ERR_WIN = MPI.<Integer>u();
    public static final int ERR_LASTCODE = MPI.<Integer>u();
    public static final int ERR_SYSRESOURCE = MPI.<Integer>u();
    public static String[] Init(String[] args) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static int InitThread(String[] args, int required) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static int queryThread() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static boolean isThreadMain() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void Finalize() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static double wtime() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static double wtick() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Version getVersion() {
        throw new UnsupportedOperationException();
    }
    public static String getLibVersion() {
        throw new UnsupportedOperationException();
    }
    public static String getProcessorName() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static boolean isInitialized() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static boolean isFinalized() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void attachBuffer(byte[] buffer) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static byte[] detachBuffer() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void pControl(int level, Object obj) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.ByteBuffer newByteBuffer(int capacity) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.CharBuffer newCharBuffer(int capacity) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.ShortBuffer newShortBuffer(int capacity) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.IntBuffer newIntBuffer(int capacity) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.LongBuffer newLongBuffer(int capacity) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.FloatBuffer newFloatBuffer(int capacity) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.DoubleBuffer newDoubleBuffer(int capacity) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.ByteBuffer slice(java.nio.ByteBuffer buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.CharBuffer slice(java.nio.CharBuffer buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.ShortBuffer slice(java.nio.ShortBuffer buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.IntBuffer slice(java.nio.IntBuffer buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.LongBuffer slice(java.nio.LongBuffer buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.FloatBuffer slice(java.nio.FloatBuffer buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.DoubleBuffer slice(java.nio.DoubleBuffer buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.ByteBuffer slice(byte[] buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.CharBuffer slice(char[] buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.ShortBuffer slice(short[] buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.IntBuffer slice(int[] buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.LongBuffer slice(long[] buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.FloatBuffer slice(float[] buf, int offset) {
        throw new UnsupportedOperationException();
    }
    public static java.nio.DoubleBuffer slice(double[] buf, int offset) {
        throw new UnsupportedOperationException();
    }
}
