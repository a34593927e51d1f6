package io.ccrj.mpi.mpijava.internal;

import io.ccrj.mpi.internal.Internal;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Set;

/**
 * One rank's class loader: the program's classes and package {@code mpi} are defined here, once
 * per rank, so that each rank has its own statics ({@code MPI.COMM_WORLD}, the program's own
 * mutable statics), as each process has under MPJ Express; ccr-mpi, this module's launcher side
 * and the JDK come from the launcher's loader, shared by all ranks (ccr-mpi's world is one
 * object graph).
 *
 * <p>Delegation: package {@code mpi} is read from the launcher's class path (where this module
 * ships it) and defined here; the shared packages go to the parent; every other class is looked
 * up in the program's class path first (child-first, so that a program also present on the
 * launcher's class path still gets per-rank statics) and then in the parent.
 *
 * <p>Thread safety: as {@link URLClassLoader}, parallel capable, locking per class name.
 */
@Internal
public final class RankClassLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    /** Packages whose classes are the launcher's, shared by every rank. */
    private static final Set<String> SHARED_PACKAGES = Set.of("io.ccrj.mpi", "io.ccrj.mpi.internal",
            "io.ccrj.mpi.patterns", "io.ccrj.mpi.mpijava", "io.ccrj.mpi.mpijava.internal");
    private static final String[] SHARED_PREFIXES = {"java.", "javax.", "jdk.", "sun.", "com.sun.",
        "io.ccrj.core.", "org.jctools."};

    private final ClassLoader launcher;

    /**
     * A loader for one rank.
     *
     * @param name the loader's name (for diagnostics), such as {@code "rank-0"}
     * @param programClassPath the program's class path
     * @param launcher the launcher's loader, which holds ccr-mpi and package {@code mpi}
     */
    public RankClassLoader(String name, URL[] programClassPath, ClassLoader launcher) {
        super(name, programClassPath, launcher);
        this.launcher = launcher;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                if (isMpiPackage(name)) {
                    c = defineFromLauncher(name);
                } else if (isShared(name)) {
                    c = launcher.loadClass(name);
                } else {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException e) {
                        c = launcher.loadClass(name);
                    }
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private static boolean isMpiPackage(String name) {
        return name.startsWith("mpi.") && name.indexOf('.', 4) < 0;
    }

    private static boolean isShared(String name) {
        for (String p : SHARED_PREFIXES) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        int dot = name.lastIndexOf('.');
        return dot > 0 && SHARED_PACKAGES.contains(name.substring(0, dot));
    }

    private Class<?> defineFromLauncher(String name) throws ClassNotFoundException {
        String resource = name.replace('.', '/') + ".class";
        try (InputStream in = launcher.getResourceAsStream(resource)) {
            if (in == null) {
                throw new ClassNotFoundException(name + ": package mpi is not on the launcher's class path ("
                        + resource + " not found); is the ccr-mpi-mpijava jar on it?");
            }
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new ClassNotFoundException(name + ": cannot read " + resource, e);
        }
    }
}
