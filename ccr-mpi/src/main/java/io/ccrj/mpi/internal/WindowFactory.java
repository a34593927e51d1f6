package io.ccrj.mpi.internal;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Window;
import java.lang.reflect.Array;

/**
 * The window constructors behind {@link Comm#createWindow}, {@link Comm#allocateWindow} and
 * {@link Comm#allocateSharedWindow}: argument checks, then {@link RmaWindow#create}. Only
 * ccr-mpi's own communicators have windows; another backend's communicator (one that does not
 * override these methods) is refused with {@link ErrorClass#WIN}. Stateless.
 */
@Internal
public final class WindowFactory {
    private WindowFactory() {
    }

    /**
     * {@link Comm#createWindow}.
     *
     * @param comm the communicator
     * @param base the rank's array
     * @param offset index of the window's first element
     * @param length items of {@code type}
     * @param type the window datatype
     * @return the window
     */
    public static Window create(Comm comm, Object base, int offset, int length, Datatype type) {
        String op = "createWindow";
        DefaultComm dc = communicator(comm, op);
        int unit = unit(op, dc, type);
        if (base == null) {
            throw new MpiException(ErrorClass.BASE, op + " on " + dc.label() + " at rank " + dc.rank()
                    + ": the base array is null");
        }
        if (!type.accepts(base)) {
            throw new MpiException(ErrorClass.TYPE, op + " on " + dc.label() + " at rank " + dc.rank()
                    + ": a base array of type " + base.getClass().getSimpleName() + " does not match datatype " + type
                    + " (expects " + type.arrayClass().getSimpleName() + ")");
        }
        int arrayLength = Array.getLength(base);
        if (offset < 0 || offset > arrayLength) {
            throw new MpiException(ErrorClass.BASE, op + " on " + dc.label() + " at rank " + dc.rank() + ": offset "
                    + offset + " lies outside the base array of length " + arrayLength);
        }
        length(op, dc, length);
        long end = offset + (long) length * unit;
        if (end > arrayLength) {
            throw new MpiException(ErrorClass.SIZE, op + " on " + dc.label() + " at rank " + dc.rank() + ": "
                    + length + " items of " + type + " from offset " + offset + " end at element " + end
                    + ", past the base array of length " + arrayLength);
        }
        return RmaWindow.create(dc, comm, base, offset, length, type, op);
    }

    /**
     * {@link Comm#allocateWindow} and {@link Comm#allocateSharedWindow}: both allocate an array
     * per rank; on one JVM every window is shared memory.
     *
     * @param comm the communicator
     * @param type the window datatype
     * @param length items of {@code type}
     * @param shared whether the shared form was called (for messages)
     * @return the window
     */
    public static Window allocate(Comm comm, Datatype type, int length, boolean shared) {
        String op = shared ? "allocateSharedWindow" : "allocateWindow";
        DefaultComm dc = communicator(comm, op);
        int unit = unit(op, dc, type);
        length(op, dc, length);
        long elements = (long) length * unit;
        if (elements > Integer.MAX_VALUE - 8) {
            throw new MpiException(ErrorClass.SIZE, op + " on " + dc.label() + " at rank " + dc.rank() + ": "
                    + length + " items of " + type + " (" + elements + " elements) do not fit one Java array");
        }
        return RmaWindow.create(dc, comm, type.base().newArray((int) elements), 0, length, type, op);
    }

    private static DefaultComm communicator(Comm comm, String op) {
        if (comm instanceof DefaultComm dc) {
            dc.checkThread();
            if (dc.isInter()) {
                throw new MpiException(ErrorClass.ARG, op + " on " + dc.label()
                        + ": windows are not defined on an intercommunicator (merge it first)");
            }
            return dc;
        }
        throw new MpiException(ErrorClass.WIN, op + ": the communicator " + comm.getClass().getName()
                + " belongs to a backend without one-sided communication");
    }

    /** Checks the window datatype. @return its extent, the displacement unit */
    private static int unit(String op, DefaultComm dc, Datatype type) {
        String where = op + " on " + dc.label() + " at rank " + dc.rank();
        if (type == null) {
            throw new MpiException(ErrorClass.TYPE, where + ": datatype is null");
        }
        if (type.isBoundMarker()) {
            throw new MpiException(ErrorClass.TYPE, where + ": datatype " + type
                    + " is a bound marker for struct, not a buffer datatype");
        }
        if (type.base() == Datatype.Base.OBJECT) {
            throw new MpiException(ErrorClass.TYPE, where + ": windows hold primitive elements, not " + type);
        }
        if (type.extent() <= 0) {
            throw new MpiException(ErrorClass.TYPE, where + ": datatype " + type + " has extent " + type.extent()
                    + "; a window datatype needs a positive extent (its displacement unit)");
        }
        return type.extent();
    }

    private static void length(String op, DefaultComm dc, int length) {
        if (length < 0) {
            throw new MpiException(ErrorClass.SIZE, op + " on " + dc.label() + " at rank " + dc.rank()
                    + ": length " + length + " is negative");
        }
    }
}
