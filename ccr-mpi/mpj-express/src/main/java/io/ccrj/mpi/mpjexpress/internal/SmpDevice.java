package io.ccrj.mpi.mpjexpress.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;

/**
 * Resets MPJ Express 0.44's multicore device ({@code xdev.smpdev}) between worlds.
 *
 * <p>The device is a JVM-wide singleton ({@code SMPDeviceImpl.WORLD} plus static counters) that
 * MPJ Express initialises when the first rank calls {@code MPI.Init} and releases when the last
 * calls {@code MPI.Finalize}. A world that ends abnormally (a rank failed, a deadlock) never
 * finalizes: the counters stay set, so the next {@code MPI.Init} fails ("Call to
 * SMPDeviceImpl.init() after MPJ has already been successfully initialized"), and unmatched
 * messages stay queued, where the next world's wildcard receives would find them. Before each
 * world, with no rank thread alive, this class puts the device back in its just-loaded state:
 * {@code initialized = false}, {@code numRegisteredThreads = 0}, empty send and receive queues
 * and an empty completed-request list. The rest of the device state is rebuilt by
 * {@code SMPDeviceImpl.init} itself. ({@code mpjdev.Request}'s wait-any queue is left alone: the
 * adapter never calls {@code Waitany}, and that class cannot even be reflected on from the
 * launching class path, where its nested {@code Waitany} class is missing.)
 *
 * <p>Reflection on MPJ Express's private fields: the classes are on the class path (unnamed
 * module), so no {@code --add-opens} is needed. Tied to MPJ Express 0.44; a missing field fails
 * with an {@link IllegalStateException} naming it.
 */
final class SmpDevice {

    private SmpDevice() {
    }

    /** Puts the device back in its initial state; call only while no MPJ Express rank runs. */
    static void reset() {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        try {
            Class<?> impl = Class.forName("xdev.smpdev.SMPDeviceImpl", true, system);
            setStatic(impl, "initialized", false);
            setStatic(impl, "numRegisteredThreads", 0);
            Object world = impl.getField("WORLD").get(null);
            set(world, impl, "recvQueue", newInstance(Class.forName("xdev.smpdev.SMPDeviceImpl$RecvQueue", true, system)));
            set(world, impl, "sendQueue", newInstance(Class.forName("xdev.smpdev.SMPDeviceImpl$SendQueue", true, system)));
            Class<?> device = Class.forName("xdev.smpdev.SMPDevice", true, system);
            setStatic(device, "completedList",
                    newInstance(Class.forName("xdev.smpdev.SMPDevice$CompletedList", true, system)));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot reset MPJ Express's multicore device (xdev.smpdev); this adapter"
                    + " is written for MPJ Express 0.44: " + e, e);
        }
    }

    private static Object newInstance(Class<?> c) throws ReflectiveOperationException {
        Constructor<?> k = c.getDeclaredConstructor();
        k.setAccessible(true);
        return k.newInstance();
    }

    private static void setStatic(Class<?> c, String name, Object value) throws ReflectiveOperationException {
        set(null, c, name, value);
    }

    private static void set(Object target, Class<?> c, String name, Object value) throws ReflectiveOperationException {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        f.set(target, value);
    }
}
