/**
 * ccr-core: the Concurrency and Coordination Runtime on the JVM.
 *
 * <p>Exports the public API package {@code io.ccrj.core} only; the machinery in
 * {@code io.ccrj.core.internal} (port cores, arbiter implementations, worker pools) is not part of
 * the API and may change without notice.
 */
module io.ccrj.core {
    requires org.jctools.core;

    exports io.ccrj.core;
}
