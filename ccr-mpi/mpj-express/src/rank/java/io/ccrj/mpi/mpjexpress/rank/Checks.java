package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import java.lang.reflect.Array;

/**
 * The argument checks of the {@link Comm} contract, made before MPJ Express sees the arguments,
 * so that a kernel's mistake fails with the same {@link ErrorClass} on both backends (MPJ Express
 * would fail with an unrelated exception, hang, or corrupt a later collective).
 */
final class Checks {

    private Checks() {
    }

    static void buffer(String op, String name, Object buf, int offset, int count, Datatype type) {
        if (type == null) {
            throw new MpiException(ErrorClass.ARG, op + ": datatype of " + name + " is null");
        }
        if (count < 0) {
            throw new MpiException(ErrorClass.COUNT, op + ": negative count " + count + " for " + name);
        }
        if (buf == null) {
            throw new MpiException(ErrorClass.BUFFER, op + ": " + name + " is null");
        }
        if (!type.accepts(buf)) {
            throw new MpiException(ErrorClass.TYPE, op + ": " + name + " is a " + buf.getClass().getSimpleName()
                    + ", not a " + type.arrayClass().getSimpleName() + " as datatype " + type + " requires");
        }
        int length = Array.getLength(buf);
        if (offset < 0 || offset > length - count) {
            throw new MpiException(ErrorClass.BUFFER, op + ": elements [" + offset + ", " + ((long) offset + count)
                    + ") lie outside " + name + " of length " + length);
        }
    }

    static void dest(String op, int dest, int size) {
        if (dest < 0 || dest >= size) {
            throw new MpiException(ErrorClass.RANK, op + ": destination rank " + dest + " is not in [0, " + size + ")");
        }
    }

    static void source(String op, int source, int size) {
        if (source != Comm.ANY_SOURCE && (source < 0 || source >= size)) {
            throw new MpiException(ErrorClass.RANK, op + ": source rank " + source + " is not in [0, " + size
                    + ") nor ANY_SOURCE");
        }
    }

    static void sendTag(String op, int tag) {
        if (tag < 0) {
            throw new MpiException(ErrorClass.TAG, op + ": tag " + tag + " is negative (a send needs a tag >= 0)");
        }
    }

    static void recvTag(String op, int tag) {
        if (tag < 0 && tag != Comm.ANY_TAG) {
            throw new MpiException(ErrorClass.TAG, op + ": tag " + tag + " is negative and not ANY_TAG");
        }
    }

    static void root(String op, int root, int size) {
        if (root < 0 || root >= size) {
            throw new MpiException(ErrorClass.ROOT, op + ": root " + root + " is not in [0, " + size + ")");
        }
    }

    static void op(String name, Op op, Datatype type) {
        if (op == null) {
            throw new MpiException(ErrorClass.OP, name + ": operation is null");
        }
        if (type != null && !op.supports(type)) {
            throw new MpiException(ErrorClass.OP, name + ": operation " + op.name() + " is not defined on " + type);
        }
    }

    static void count(String op, String name, int count) {
        if (count < 0) {
            throw new MpiException(ErrorClass.COUNT, op + ": negative " + name + " " + count);
        }
    }
}
