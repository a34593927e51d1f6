package io.ccrj.core.internal;

import io.ccrj.core.Port;

import java.util.function.Function;

/**
 * Lets the runtime reach a {@link Port}'s {@link PortCore} without a public accessor on the API
 * type (the shared-secrets idiom): {@code Port}'s static initializer installs the function once.
 *
 * <p>Thread safety: a caller holds a {@code Port} instance, so {@code Port}'s class initialization
 * completed before, and class initialization happens-before any use of the class's instances: the
 * field written there is visible without further synchronization.
 */
@Internal
public final class PortAccess {
    private static Function<Port<?>, PortCore> cores;

    private PortAccess() {
    }

    /**
     * Installed by {@code Port} when it is initialized; a second call is refused.
     *
     * @param access maps a port to its core
     */
    public static synchronized void install(Function<Port<?>, PortCore> access) {
        if (cores != null) {
            throw new IllegalStateException("port access already installed");
        }
        cores = access;
    }

    /**
     * The core of a port.
     *
     * @param port the port; not null
     * @return its core
     */
    public static PortCore core(Port<?> port) {
        return cores.apply(port);
    }
}
