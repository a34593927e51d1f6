package io.ccrj.mpi.internal;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * What an {@code OBJECT} message carries between two ranks whose class loaders differ
 * ({@link io.ccrj.mpi.SpmdWorld.Builder#rankClassLoaders}): objects the receiver can store in its
 * own arrays and hand to its own operations, that is, objects of its own loader's classes.
 *
 * <p>The rule, per message: if every element is {@code null}, an immutable JDK value
 * ({@link OperandCopies#IMMUTABLE}, loaded by the boot loader and so the same class in every
 * rank) or an array of primitives, the message carries the references (arrays of primitives
 * cloned, so that neither rank sees the other's later writes). Otherwise every element is written
 * by Java serialization, in one stream (objects referenced twice within the message stay one
 * object), at the send; the receiver reads them back with classes resolved in its own loader. So
 * a send may reuse and change its objects as soon as it returns, as with any send buffer, and as
 * between MPJ Express's processes.
 *
 * <p>Thread safety: stateless; a {@link Serialized} payload is immutable once made (its bytes
 * are published with the message, see {@link Message}).
 */
final class ObjectMessages {
    private ObjectMessages() {
    }

    /** The serialized elements of one message. */
    static final class Serialized {
        private final byte[] bytes;
        private final int count;

        private Serialized(byte[] bytes, int count) {
            this.bytes = bytes;
            this.count = count;
        }

        /**
         * The elements as objects of {@code loader}'s classes.
         *
         * @throws MpiException of class {@link ErrorClass#TYPE} if a class cannot be resolved
         *     there or an element's {@code readObject} fails
         */
        Object[] read(ClassLoader loader) {
            Object[] out = new Object[count];
            try (ObjectInputStream in = new OperandCopies.LoaderObjectInputStream(new ByteArrayInputStream(bytes),
                    loader)) {
                for (int i = 0; i < count; i++) {
                    out[i] = in.readObject();
                }
            } catch (ClassNotFoundException e) {
                throw new MpiException(ErrorClass.TYPE, "the receiving rank cannot load class " + e.getMessage()
                        + " of an object in the message (its class loader " + loader + " does not find it)", e);
            } catch (IOException e) {
                throw new MpiException(ErrorClass.TYPE, "cannot read back an object of the message: " + e, e);
            }
            return out;
        }

        @Override
        public String toString() {
            return count + " serialized objects (" + bytes.length + " bytes)";
        }
    }

    /**
     * The payload for {@code elements} (a fresh array the caller gives up) on their way to a rank
     * with another class loader: {@code elements} itself where references may travel, else the
     * elements serialized.
     *
     * @throws MpiException of class {@link ErrorClass#TYPE} naming the class of an element that
     *     is not serializable
     */
    static Object payload(Object[] elements) {
        if (sharedAsIs(elements)) {
            for (int i = 0; i < elements.length; i++) {
                Object e = elements[i];
                if (e != null && e.getClass().isArray()) {
                    elements[i] = OperandCopies.copy(e);     // a primitive array: cloned
                }
            }
            return elements;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * elements.length);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (Object e : elements) {
                out.writeObject(e);
            }
        } catch (NotSerializableException e) {
            throw new MpiException(ErrorClass.TYPE, "an object of class " + e.getMessage() + " in an OBJECT message"
                    + " is not Serializable: ranks with class loaders of their own exchange objects by Java"
                    + " serialization, as MPJ Express's processes do (make the class implement java.io.Serializable)",
                    e);
        } catch (InvalidClassException e) {
            throw new MpiException(ErrorClass.TYPE, "cannot serialize an object of class " + e.classname
                    + " in an OBJECT message: " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            throw new MpiException(ErrorClass.TYPE, "cannot serialize an object of an OBJECT message: " + e, e);
        }
        return new Serialized(bytes.toByteArray(), elements.length);
    }

    /** Whether every element is null, an immutable JDK value or an array of primitives. */
    private static boolean sharedAsIs(Object[] elements) {
        for (Object e : elements) {
            if (e == null) {
                continue;
            }
            Class<?> c = e.getClass();
            if (!OperandCopies.IMMUTABLE.contains(c) && !(c.isArray() && c.getComponentType().isPrimitive())) {
                return false;
            }
        }
        return true;
    }
}
