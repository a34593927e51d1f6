package io.ccrj.core;

import java.lang.reflect.Method;

/**
 * The calling thread's allocated bytes, from {@code com.sun.management.ThreadMXBean}, reached by
 * reflection: the module under test does not read {@code java.management}, and needs not for its
 * allocation tests. Unavailable on a JVM without the counter. (ccr-mpi's tests have the same.)
 */
final class AllocationCounter {
    private final Object threads;
    private final Method allocated;

    private AllocationCounter(Object threads, Method allocated) {
        this.threads = threads;
        this.allocated = allocated;
    }

    /** The counter, enabled, or {@code null} if this JVM has none. */
    static AllocationCounter orNull() {
        try {
            Object threads = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
                    .invoke(null);
            Class<?> api = Class.forName("com.sun.management.ThreadMXBean");
            if (!api.isInstance(threads) || !(boolean) api.getMethod("isThreadAllocatedMemorySupported").invoke(threads)) {
                return null;
            }
            api.getMethod("setThreadAllocatedMemoryEnabled", boolean.class).invoke(threads, true);
            return new AllocationCounter(threads, api.getMethod("getCurrentThreadAllocatedBytes"));
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    /** Bytes the calling (platform) thread has allocated so far. */
    long bytes() {
        try {
            return (long) allocated.invoke(threads);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the thread's allocation counter", e);
        }
    }
}
