/**
 * ccr-core: the Concurrency and Coordination Runtime on the JVM.
 *
 * <p>Exports the public API package {@code io.ccrj.core} only; the machinery in
 * {@code io.ccrj.core.internal} (port cores, arbiter implementations, worker pools) is not part of
 * the API and may change without notice. It reads {@code jdk.jfr} where that module is present
 * (a {@code requires static}) to emit Flight Recorder events; it works without it.
 */
module io.ccrj.core {
    requires org.jctools.core;
    // Flight Recorder events, made only where jdk.jfr is resolved and readable
    // (io.ccrj.core.internal.Jfr checks): the module works without it, as on a jlinked image.
    requires static jdk.jfr;

    exports io.ccrj.core;
}
