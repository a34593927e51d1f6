package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Set;
import java.util.UUID;

/**
 * Private copies of reduction operands, for operations whose function combines in place
 * ({@link Op#combinesInPlace()}: mpiJava's {@code inout = in op inout}, where the function may
 * change the objects of {@code inout}). On {@code OBJECT} buffers the elements are references that
 * the ranks would otherwise share, so the reductions take copies at the points where an operand
 * would reach a second owner: at the start (the send buffer stays the sender's), whenever a rank
 * sends a partial result it keeps using, and when every rank takes the shared result.
 *
 * <p>Zero-copy for immutable elements: {@code null}, strings, boxed primitives,
 * {@link BigInteger}, {@link BigDecimal}, {@link UUID}, enums and records of such components are
 * shared, never copied. Arrays are copied element by element (primitive arrays cloned); other
 * {@link Serializable} objects are copied by a serialization round trip (what MPJ Express does to
 * every object it sends). Anything else cannot be copied and fails with
 * {@link ErrorClass#TYPE}, naming the class.
 *
 * <p>Thread safety: stateless; the immutability verdict per class is cached in a
 * {@link ClassValue}, which is thread-safe.
 */
final class OperandCopies {

    /** Immutable JDK value classes: shared between ranks, whatever their class loaders ({@link ObjectMessages}). */
    static final Set<Class<?>> IMMUTABLE = Set.of(String.class, Integer.class, Long.class, Double.class,
            Float.class, Short.class, Byte.class, Character.class, Boolean.class, BigInteger.class, BigDecimal.class,
            UUID.class);

    private static final ClassValue<Boolean> IMMUTABLE_CLASS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            return isImmutable(c);
        }
    };

    private OperandCopies() {
    }

    /** Whether a reduction with {@code op} on {@code type} must work on private copies. */
    static boolean needed(Op op, Datatype type) {
        return op.combinesInPlace() && type.base() == Datatype.Base.OBJECT;
    }

    /**
     * The {@code count} items of {@code type} at {@code buf[offset]} packed into a new array of the
     * base type ({@code count * type.size()} elements): private copies of the elements if
     * {@code copies}, else the same references (or primitive values).
     */
    static Object take(Object buf, int offset, int count, Datatype type, boolean copies) {
        int n = count * type.size();
        Object out = type.newArray(n);
        TypeMap.of(type).toContiguous(buf, offset, count, out, 0);
        if (copies) {
            Object[] o = (Object[]) out;
            for (int i = 0; i < n; i++) {
                o[i] = copy(o[i]);
            }
        }
        return out;
    }

    /**
     * Unpacks {@code count} items of {@code type} from the packed {@code result} into
     * {@code dst[dstOffset]}: private copies of the elements if {@code copies} (the result is
     * shared with other ranks), else the elements themselves.
     */
    static void copyOut(Object result, int count, Datatype type, Object dst, int dstOffset, boolean copies) {
        int n = count * type.size();
        Object src = result;
        if (copies) {
            Object[] c = ((Object[]) result).clone();
            for (int i = 0; i < n; i++) {
                c[i] = copy(c[i]);
            }
            src = c;
        }
        TypeMap.of(type).fromContiguous(src, 0, n, dst, dstOffset);
    }

    /** A private copy of {@code element}, or {@code element} itself if it is immutable. */
    static Object copy(Object element) {
        if (element == null) {
            return null;
        }
        Class<?> c = element.getClass();
        if (IMMUTABLE_CLASS.get(c)) {
            return element;
        }
        if (c.isArray()) {
            return copyArray(element, c);
        }
        if (element instanceof Serializable) {
            return serializedCopy(element);
        }
        throw new MpiException(ErrorClass.TYPE, "a reduction whose operation combines in place needs private "
                + "copies of its object operands, but " + c.getName() + " is neither immutable, an array, nor "
                + "Serializable");
    }

    private static Object copyArray(Object array, Class<?> c) {
        if (c.getComponentType().isPrimitive()) {
            int n = java.lang.reflect.Array.getLength(array);
            Object copy = java.lang.reflect.Array.newInstance(c.getComponentType(), n);
            System.arraycopy(array, 0, copy, 0, n);
            return copy;
        }
        Object[] copy = ((Object[]) array).clone();
        for (int i = 0; i < copy.length; i++) {
            copy[i] = copy(copy[i]);
        }
        return copy;
    }

    private static Object serializedCopy(Object element) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(element);
        } catch (IOException e) {
            throw new MpiException(ErrorClass.TYPE, "cannot copy a reduction operand of class "
                    + element.getClass().getName() + ": " + e, e);
        }
        ClassLoader loader = element.getClass().getClassLoader();
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()),
                loader)) {
            return in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new MpiException(ErrorClass.TYPE, "cannot copy a reduction operand of class "
                    + element.getClass().getName() + ": " + e, e);
        }
    }

    private static boolean isImmutable(Class<?> c) {
        if (IMMUTABLE.contains(c) || c.isEnum() || (c.getSuperclass() != null && c.getSuperclass().isEnum())) {
            return true;
        }
        if (c.isRecord()) {
            for (RecordComponent rc : c.getRecordComponents()) {
                Class<?> t = rc.getType();
                if (!t.isPrimitive() && !(java.lang.reflect.Modifier.isFinal(t.getModifiers()) && isImmutable(t))) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * Resolves classes through the operand's own class loader first, so that ranks with their own
     * class loaders (programs with per-rank statics) get copies of their own classes.
     */
    static final class LoaderObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            if (loader != null) {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    // fall through to the default resolution (primitives, platform classes)
                }
            }
            return super.resolveClass(desc);
        }
    }
}
