package io.ccrj.core.internal;

/**
 * Whether JDK Flight Recorder events can be made: the module {@code jdk.jfr} is in the runtime and
 * readable by this code. ccr-core {@code requires static jdk.jfr}: on the class path (the unnamed
 * module reads every module, and the JDK resolves jdk.jfr by default there) and in a module layer
 * that resolved jdk.jfr it is; in a jlinked image without jdk.jfr, or a module layer that did not
 * resolve it, it is not, and no class of {@code io.ccrj.core.internal.jfr} is ever loaded.
 *
 * <p>{@link #AVAILABLE} is a constant: the JIT folds the check away where it is false, and where
 * it is true the hot path pays one more load (the event type's enabled flag) per task.
 */
@Internal
public final class Jfr {
    /** jdk.jfr is present and readable; fixed for the life of the class. */
    public static final boolean AVAILABLE = available();

    private Jfr() {
    }

    private static boolean available() {
        try {
            return ModuleLayer.boot().findModule("jdk.jfr")
                    .map(jfr -> Jfr.class.getModule().canRead(jfr))
                    .orElse(false);
        } catch (RuntimeException | LinkageError unexpected) {
            return false;
        }
    }
}
