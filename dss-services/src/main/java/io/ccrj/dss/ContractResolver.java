package io.ccrj.dss;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/**
 * Finds the service class a contract names, for manifests and Create: the contracts registered
 * on the builder, the contract ids of {@link java.util.ServiceLoader} providers of
 * {@link Service} in the contract class loader, then a {@code Service} class of that name there.
 * Thread-safe: the providers are discovered once, under this object's lock, and published
 * through a volatile field.
 */
final class ContractResolver {
    private static final System.Logger LOG = System.getLogger(ContractResolver.class.getName());

    private final ServiceHost.Builder options;
    /** Contract id (and class name) to provider class, found once; written under this object's lock. */
    private volatile Map<String, Supplier<? extends Service<?>>> provided;

    ContractResolver(ServiceHost.Builder options) {
        this.options = options;
    }

    /**
     * Checks that every contract a manifest names is known (a registered contract, a contract id
     * a {@link java.util.ServiceLoader} provider of {@link Service} declares, or a {@code Service}
     * class), without starting anything: the standalone host calls it before it binds its port.
     *
     * @param manifest the services
     * @throws Fault BAD_REQUEST naming the first entry whose contract is unknown
     */
    void check(Manifest manifest) throws Fault {
        int i = 0;
        for (ServiceSpec spec : manifest.services()) {
            try {
                factory(spec.contract());
            } catch (Fault f) {
                throw new Fault(f.code(), "services[" + i + "] (\"" + spec.name() + "\"): " + f.getMessage());
            }
            i++;
        }
    }

    /**
     * Finds how to make a contract's service: registered contracts first, then the contract ids
     * of {@code Service} providers ({@code META-INF/services/io.ccrj.dss.Service} or a module's
     * {@code provides}) in the contract class loader, then a class of that name there.
     */
    Supplier<? extends Service<?>> factory(String contract) throws Fault {
        Supplier<? extends Service<?>> factory = options.contracts().get(contract);
        if (factory != null) {
            return factory;
        }
        Supplier<? extends Service<?>> provided = providedContracts().get(contract);
        if (provided != null) {
            return provided;
        }
        ClassLoader loader = options.contractLoader();
        try {
            // not initialized until it is known to be a Service: no foreign static initializer runs
            Class<?> c = Class.forName(contract, false, loader);
            if (!Service.class.isAssignableFrom(c)) {
                throw new Fault(FaultCode.BAD_REQUEST, "contract class " + contract
                        + " is not a service (a class that extends Service)");
            }
            @SuppressWarnings("unchecked")
            Class<? extends Service<?>> sc = (Class<? extends Service<?>>) c;
            return reflectiveFactory(sc);
        } catch (ClassNotFoundException e) {
            java.util.Set<String> known = new java.util.TreeSet<>(options.contracts().keySet());
            known.addAll(providedContracts().keySet());
            throw new Fault(FaultCode.BAD_REQUEST, "unknown contract '" + contract + "': not one of "
                    + known + " nor a class on the " + (!options.hasContractLoader() ? "class path"
                    : "class path or the services' jars"));
        } catch (LinkageError e) {
            throw new Fault(FaultCode.BAD_REQUEST, "contract class " + contract + " cannot be loaded: "
                    + linkageProblem(e));
        }
    }

    /** The known contracts' state types, found once (see {@link #stateTypes}). */
    private volatile Map<String, Class<?>> stateTypes;

    /**
     * The contracts a Create may name by id: the registered ones and the {@code Service}
     * providers' (ids and class names), each to its state type, found once by making one
     * instance of each (a service's constructor only sets its first state). A contract that
     * cannot be instantiated is left out; Create still reports why it fails.
     */
    Map<String, Class<?>> stateTypes() {
        Map<String, Class<?>> m = stateTypes;
        if (m != null) {
            return m;
        }
        synchronized (this) {
            if (stateTypes == null) {
                Map<String, Class<?>> found = new LinkedHashMap<>();
                Map<String, Supplier<? extends Service<?>>> all = new LinkedHashMap<>(options.contracts());
                try {
                    providedContracts().forEach(all::putIfAbsent);
                } catch (Fault e) {
                    // a broken provider: Create names it in its fault; the document lists the rest
                }
                all.forEach((id, factory) -> {
                    try {
                        found.put(id, factory.get().stateType());
                    } catch (RuntimeException | LinkageError e) {
                        // cannot be made: Create says why when it is named
                    }
                });
                stateTypes = java.util.Collections.unmodifiableMap(found);
            }
            return stateTypes;
        }
    }

    /** Why a class cannot be linked, in words (the error's own name is the JVM's). */
    private static String linkageProblem(LinkageError e) {
        if (e instanceof NoClassDefFoundError) {
            return "a class it needs is missing (" + String.valueOf(e.getMessage()).replace('/', '.') + ")";
        }
        if (e instanceof UnsupportedClassVersionError) {
            return "it was compiled for a newer Java than this one";
        }
        if (e instanceof ExceptionInInitializerError) {
            return "its static initializer failed";
        }
        return "it does not fit the classes it was compiled against";
    }

    private static Supplier<? extends Service<?>> reflectiveFactory(Class<? extends Service<?>> c) throws Fault {
        java.lang.reflect.Constructor<? extends Service<?>> ctor;
        try {
            ctor = c.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new Fault(FaultCode.BAD_REQUEST, "contract class " + c.getName() + " has no public no-argument constructor");
        }
        return () -> {
            try {
                return ctor.newInstance();
            } catch (java.lang.reflect.InvocationTargetException e) {
                // the service's own message: the exception's class is Java, not the user's words
                throw new IllegalStateException(e.getCause().getMessage() == null ? "its constructor failed"
                        : e.getCause().getMessage(), e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("its constructor cannot be called", e);
            }
        };
    }

    /**
     * The contract ids (and class names) of the {@code Service} providers the contract class
     * loader offers, found once: each provider is instantiated once to read its
     * {@link Service#contract()}. A service is then made with {@link ServiceLoader.Provider#get()},
     * which works for a provider in a named module whose package is not exported (a provider
     * with a static {@code provider()} method must return a new instance each time).
     */
    private Map<String, Supplier<? extends Service<?>>> providedContracts() throws Fault {
        Map<String, Supplier<? extends Service<?>>> m = provided;
        if (m != null) {
            return m;
        }
        synchronized (this) {
            if (provided == null) {
                Map<String, Supplier<? extends Service<?>>> found = new LinkedHashMap<>();
                try {
                    @SuppressWarnings({"rawtypes", "unchecked"})
                    ServiceLoader<Service<?>> sl = (ServiceLoader) ServiceLoader.load(Service.class, options.contractLoader());
                    sl.stream().forEach(p -> {
                        Service<?> s = p.get();
                        Supplier<? extends Service<?>> factory = p::get;
                        found.putIfAbsent(s.contract(), factory);
                        found.putIfAbsent(p.type().getName(), factory);
                    });
                } catch (java.util.ServiceConfigurationError e) {
                    throw new Fault(FaultCode.BAD_REQUEST, "a Service provider cannot be loaded: "
                            + String.valueOf(e.getMessage()).replaceFirst("^[\\w.$]+: ", ""));
                }
                provided = java.util.Collections.unmodifiableMap(found);
            }
            return provided;
        }
    }
}
