package io.ccrj.mpi.mpjexpress;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An installation of MPJ Express 0.44 (Debian package {@code libmpj-java}: jars under
 * {@code /usr/share/mpj/lib}, log4j 1.2 under {@code /usr/share/java}) and the class paths its
 * launch modes need.
 *
 * <p>MPJ Express's multicore device runs each rank as a thread with its own class loader over
 * [application classes, {@code mpi.jar}, {@code mpjdev.jar}] whose parent is the system class
 * loader; the device itself ({@code smpdev}) and the starter must be on the system class path,
 * shared by all ranks. Hence two lists: {@link #launchClassPath()} (on the launching JVM's class
 * path) and {@link #rankJars()} (which must not be on it, or all ranks share one MPI state).
 *
 * <p>Immutable and thread-safe.
 */
public final class MpjExpressHome {

    /** The environment variable MPJ Express reads its home folder from. */
    public static final String ENV = "MPJ_HOME";

    /** Where Debian's {@code libmpj-java} installs MPJ Express. */
    public static final Path DEBIAN_HOME = Path.of("/usr/share/mpj");

    /** Where Debian's {@code liblog4j1.2-java} installs the log4j 1.2 that MPJ Express needs. */
    public static final Path DEBIAN_LOG4J = Path.of("/usr/share/java/log4j-1.2.jar");

    /** The jars of {@code lib/} that the launching JVM needs on its class path, in order. */
    private static final List<String> LAUNCH_JARS =
            List.of("starter.jar", "runtimecommon.jar", "loader2.jar", "smpdev.jar", "xdev.jar", "mpjbuf.jar",
                    "mpiExp.jar");

    /** The jars MPJ Express adds to every rank's own class loader. */
    private static final List<String> RANK_JARS = List.of("mpi.jar", "mpjdev.jar");

    private final Path home;
    private final Path log4jJar;

    private MpjExpressHome(Path home, Path log4jJar) {
        this.home = home.toAbsolutePath().normalize();
        this.log4jJar = log4jJar.toAbsolutePath().normalize();
    }

    /**
     * The system property naming the log4j 1.2 jar, the same name the build takes
     * ({@code -Dmpj.log4j.jar=/path/to/log4j-1.2.jar}).
     */
    public static final String LOG4J_PROPERTY = "mpj.log4j.jar";

    /**
     * The installation named by {@code $MPJ_HOME}, else {@link #DEBIAN_HOME}; log4j from the
     * system property {@value #LOG4J_PROPERTY} if set, else {@code lib/log4j-1.2.jar} of that
     * folder if present, else {@link #DEBIAN_LOG4J}. Does not check that the files exist (see
     * {@link #verify()}).
     *
     * @return the installation
     */
    public static MpjExpressHome detect() {
        String env = System.getenv(ENV);
        Path home = env == null || env.isBlank() ? DEBIAN_HOME : Path.of(env);
        String named = System.getProperty(LOG4J_PROPERTY);
        if (named != null && !named.isBlank()) {
            return new MpjExpressHome(home, Path.of(named));
        }
        Path bundled = home.resolve("lib").resolve("log4j-1.2.jar");
        return new MpjExpressHome(home, Files.isRegularFile(bundled) ? bundled : DEBIAN_LOG4J);
    }

    /**
     * An installation at {@code home}.
     *
     * @param home the MPJ Express home folder (holding {@code lib/})
     * @param log4jJar the log4j 1.2 jar MPJ Express's classes link against
     * @return the installation
     */
    public static MpjExpressHome of(Path home, Path log4jJar) {
        return new MpjExpressHome(Objects.requireNonNull(home, "home"), Objects.requireNonNull(log4jJar, "log4jJar"));
    }

    /**
     * The home folder ({@code MPJ_HOME}).
     *
     * @return an absolute path
     */
    public Path home() {
        return home;
    }

    /**
     * The folder of MPJ Express's jars.
     *
     * @return {@code home()/lib}
     */
    public Path lib() {
        return home.resolve("lib");
    }

    /**
     * The log4j 1.2 jar.
     *
     * @return an absolute path
     */
    public Path log4jJar() {
        return log4jJar;
    }

    /**
     * What the class path of a JVM that starts MPJ Express worlds in-process must hold besides
     * the application's launching side (ccr-mpi and this module): MPJ Express's starter, runtime,
     * loader, multicore device, buffer and exception jars, and log4j.
     *
     * @return absolute paths, in class-path order
     */
    public List<Path> launchClassPath() {
        List<Path> jars = new ArrayList<>();
        for (String jar : LAUNCH_JARS) {
            jars.add(lib().resolve(jar));
        }
        jars.add(log4jJar);
        return List.copyOf(jars);
    }

    /**
     * The jars MPJ Express puts on each rank's class loader, which must therefore stay off the
     * launching class path.
     *
     * @return absolute paths of {@code mpi.jar} and {@code mpjdev.jar}
     */
    public List<Path> rankJars() {
        return RANK_JARS.stream().map(lib()::resolve).toList();
    }

    /**
     * The jar that bundles MPJ Express's API for compiling against it ({@code mpj.jar}).
     *
     * @return {@code lib()/mpj.jar}
     */
    public Path apiJar() {
        return lib().resolve("mpj.jar");
    }

    /**
     * Checks that the jars exist.
     *
     * @return this installation
     * @throws IllegalStateException naming the missing files and how to install MPJ Express
     */
    public MpjExpressHome verify() {
        List<Path> missing = new ArrayList<>();
        for (Path p : launchClassPath()) {
            if (!Files.isRegularFile(p)) {
                missing.add(p);
            }
        }
        for (Path p : rankJars()) {
            if (!Files.isRegularFile(p)) {
                missing.add(p);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("MPJ Express 0.44 is not installed at " + home + " (missing " + missing
                    + "). Install it with 'apt-get install libmpj-java' (Debian/Ubuntu), or set " + ENV
                    + " to an MPJ Express 0.44 home folder.");
        }
        return this;
    }

    /**
     * Copies this installation to {@code target} so that MPJ Express's own launchers run from it:
     * {@code starter.jar} ({@code mpjrun.sh}), {@code daemon.jar} ({@code mpjdaemon}) and the
     * niodev processes they start. Debian's installation cannot: its jars name {@code log4j-1.2.jar}
     * and the commons jars in their manifests' {@code Class-Path}, relative to
     * {@code /usr/share/mpj/lib}, where they are not ({@code NoClassDefFoundError:
     * org/apache/log4j/Layout}). The copy has real files, not links (the JVM resolves a linked jar
     * before reading its {@code Class-Path}), plus {@code log4j-1.2.jar}, {@code commons-codec.jar},
     * {@code commons-io.jar}, {@code commons-cli.jar} taken from the folder of {@link #log4jJar()},
     * and {@code conf/mpjexpress.conf} with the given ports.
     *
     * @param target a folder to create or overwrite
     * @param daemonPort the port the daemons listen on ({@code mpjexpress.mpjdaemon.port.1})
     * @param portManagerPort the daemons' port manager ({@code mpjexpress.mpjdaemon.port.2})
     * @param mpjrunPort the port {@code mpjrun} collects the ranks' addresses on ({@code mpjexpress.mpjrun.port.1})
     * @return the copy
     * @throws IOException if copying fails
     * @throws IllegalStateException if a jar MPJ Express's launchers need is missing
     */
    public MpjExpressHome privateCopy(Path target, int daemonPort, int portManagerPort, int mpjrunPort)
            throws IOException {
        verify();
        Path lib = Files.createDirectories(target.resolve("lib"));
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(lib(), "*.jar")) {
            for (Path jar : jars) {
                Files.copy(jar, lib.resolve(jar.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.copy(log4jJar, lib.resolve("log4j-1.2.jar"), StandardCopyOption.REPLACE_EXISTING);
        for (String name : List.of("commons-codec.jar", "commons-io.jar", "commons-cli.jar")) {
            Path jar = log4jJar.getParent().resolve(name);
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException("MPJ Express's daemon and mpjrun need " + jar
                        + " (Debian: libcommons-codec-java, libcommons-io-java, libcommons-cli-java)");
            }
            Files.copy(jar, lib.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        }
        Path conf = Files.createDirectories(target.resolve("conf"));
        try (DirectoryStream<Path> files = Files.newDirectoryStream(home.resolve("conf"))) {
            for (Path f : files) {
                if (Files.isRegularFile(f)) {
                    Files.copy(f, conf.resolve(f.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Path properties = conf.resolve("mpjexpress.conf");
        String text = Files.isRegularFile(properties) ? Files.readString(properties) : "";
        text = setProperty(text, "mpjexpress.mpjdaemon.port.1", daemonPort);
        text = setProperty(text, "mpjexpress.mpjdaemon.port.2", portManagerPort);
        text = setProperty(text, "mpjexpress.mpjrun.port.1", mpjrunPort);
        Files.writeString(properties, text);
        return new MpjExpressHome(target, lib.resolve("log4j-1.2.jar"));
    }

    private static String setProperty(String text, String key, int value) {
        String line = key + "=" + value;
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(key) + "\\s*=.*$").matcher(text);
        if (m.find()) {
            return m.replaceAll(Matcher.quoteReplacement(line));
        }
        return text + (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + line + "\n";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MpjExpressHome h && h.home.equals(home) && h.log4jJar.equals(log4jJar);
    }

    @Override
    public int hashCode() {
        return home.hashCode() * 31 + log4jJar.hashCode();
    }

    @Override
    public String toString() {
        return "MpjExpressHome[" + home + ", log4j=" + log4jJar + "]";
    }
}
