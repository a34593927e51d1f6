package io.ccrj.mpi.mpjexpress.internal;

import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.mpjexpress.MpjExpressHome;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Checks that this JVM is set up the way MPJ Express's multicore device needs before a world
 * starts, because a mistake found later costs more: MPJ Express calls {@code System.exit(0)}
 * when a rank's entry point cannot be linked, or lets all ranks share one MPI state when
 * {@code mpi.jar} is on the launching class path.
 */
final class LaunchingJvm {

    /** Classes that must come from the system class path (MPJ Express's launching jars). */
    private static final List<String> LAUNCH_CLASSES = List.of("runtime.starter.MulticoreStarter",
            "runtime.common.RTConstants", "runtime.daemon.JarClassLoader", "xdev.smpdev.SMPDeviceImpl",
            "xdev.Device", "mpjbuf.Buffer", "mpi.MPIException", "org.apache.log4j.Logger");

    /** Resources that must not be on the system class path (each rank loads its own copy). */
    private static final List<String> RANK_ONLY = List.of("mpi/MPI.class", "mpjdev/MPJDev.class");

    private LaunchingJvm() {
    }

    static MpjExpressHome check() {
        String env = System.getenv(MpjExpressHome.ENV);
        if (env == null || env.isBlank()) {
            throw new IllegalStateException("MPJ Express reads its installation folder from the environment variable "
                    + MpjExpressHome.ENV + ", which this JVM was started without; start it with "
                    + MpjExpressHome.ENV + "=" + MpjExpressHome.DEBIAN_HOME + " (Debian's libmpj-java)");
        }
        MpjExpressHome home = MpjExpressHome.detect().verify();
        ClassLoader system = ClassLoader.getSystemClassLoader();
        List<String> problems = new ArrayList<>();
        if (MulticoreRun.class.getClassLoader() != system) {
            problems.add("ccr-mpi-mpj-express was loaded by " + MulticoreRun.class.getClassLoader()
                    + ", not by the system class loader that MPJ Express's rank class loaders delegate to:"
                    + " put its jar on the JVM's class path");
        }
        if (Kernel.class.getClassLoader() != system) {
            problems.add("ccr-mpi was loaded by " + Kernel.class.getClassLoader()
                    + ", not by the system class loader: put its jar on the JVM's class path");
        }
        List<String> missing = new ArrayList<>();
        for (String name : LAUNCH_CLASSES) {
            if (system.getResource(name.replace('.', '/') + ".class") == null) {
                missing.add(name);
            }
        }
        if (!missing.isEmpty()) {
            problems.add("the class path lacks MPJ Express's launching jars (no " + missing + "); add "
                    + home.launchClassPath().stream().map(Path::toString)
                            .collect(Collectors.joining(File.pathSeparator)));
        }
        for (String resource : RANK_ONLY) {
            var url = system.getResource(resource);
            if (url != null) {
                problems.add(resource + " is on the launching class path (" + url + "): remove mpj.jar, mpi.jar"
                        + " and mpjdev.jar from it, or all ranks would share one MPI state");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("this JVM cannot start MPJ Express multicore worlds:\n  - "
                    + String.join("\n  - ", problems));
        }
        if (!Files.isDirectory(home.home().resolve("conf"))) {
            throw new IllegalStateException("MPJ Express home " + home.home() + " has no conf folder");
        }
        return home;
    }
}
