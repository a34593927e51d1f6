package io.ccrj.mpi.mpijava;

import io.ccrj.mpi.DeadlockException;
import io.ccrj.mpi.RankFailedException;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.mpijava.internal.ApiScan;
import io.ccrj.mpi.mpijava.internal.ExitWatch;
import io.ccrj.mpi.mpijava.internal.FailureReport;
import io.ccrj.mpi.mpijava.internal.MpiTerms;
import io.ccrj.mpi.mpijava.internal.RankBinding;
import io.ccrj.mpi.mpijava.internal.RankClassLoader;
import io.ccrj.mpi.mpijava.internal.RunReport;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Runs an unmodified mpiJava 1.2 / MPJ Express program on N ccr-mpi ranks in this JVM: the
 * launcher behind {@code bin/ccrj mpirun}, modelled on MPJ Express's {@code mpjrun.sh}.
 *
 * <pre>
 * bin/ccrj mpirun -np 4 -cp app.jar Main args...
 * bin/ccrj mpirun -np 4 -jar app.jar args...
 * </pre>
 *
 * <p>Each rank runs the program's {@code public static void main(String[])} on its own thread,
 * with the program's classes and package {@code mpi} loaded by its own {@link RankClassLoader}
 * (per-rank statics, as per-process statics under MPJ Express); {@code MPI.Init(args)} binds the
 * rank's {@code MPI.COMM_WORLD} and returns {@code args}, the program's arguments. The run ends
 * when every rank's {@code main} has returned; if one throws (or calls {@code Abort}), the other
 * ranks' MPI calls fail and the run reports the failing rank. A rank that calls
 * {@code System.exit(status)} ends the whole JVM, all ranks with it, with that status; under
 * {@link #main} the launcher names the rank and the status first ({@link ExitWatch}).
 */
public final class MpiRun {
    private MpiRun() {
    }

    /**
     * Runs {@code mainClass} on every rank of {@code world} and waits for all of them.
     *
     * @param world the ranks (size, thread kind, deadlock timeout)
     * @param classPath the program's class path (folders and jars)
     * @param mainClass the binary name of the class whose {@code main} to run
     * @param args the program's arguments; every rank gets its own copy
     * @throws RankFailedException if a rank's {@code main} threw (its exception is the cause)
     * @throws io.ccrj.mpi.DeadlockException if the ranks deadlocked
     * @throws IllegalArgumentException if a class-path entry is not a valid path
     */
    public static void run(SpmdWorld world, List<Path> classPath, String mainClass, String... args) {
        run(world, classPath, mainClass, new RunReport(world.size()), args);
    }

    private static void run(SpmdWorld world, List<Path> classPath, String mainClass, RunReport report,
            String... args) {
        Objects.requireNonNull(world, "world");
        Objects.requireNonNull(mainClass, "mainClass");
        URL[] urls = urls(classPath);
        ClassLoader launcher = MpiRun.class.getClassLoader();
        RankClassLoader[] loaders = new RankClassLoader[world.size()];
        for (int r = 0; r < loaders.length; r++) {
            loaders[r] = new RankClassLoader("rank-" + r, urls, launcher);
        }
        // Each rank receives objects of its own loader's classes (copied between ranks, as
        // between MPJ Express's processes); see SpmdWorld.Builder.rankClassLoaders.
        SpmdWorld ranks = world.toBuilder().rankClassLoaders(r -> loaders[r]).build();
        try {
            ranks.run(comm -> {
                Thread self = Thread.currentThread();
                ClassLoader previous = self.getContextClassLoader();
                RankClassLoader loader = loaders[comm.rank()];
                try {
                    self.setContextClassLoader(loader);
                    RankBinding.bind(new RankBinding.Rank(comm, report));
                    Method main = mainMethod(loader, mainClass);
                    try {
                        main.invoke(null, (Object) args.clone());
                    } catch (InvocationTargetException e) {
                        Throwable cause = e.getCause();
                        if (cause instanceof Exception ex) {
                            throw ex;
                        }
                        throw (Error) cause;
                    }
                    report.returned(comm.rank());
                    return null;
                } finally {
                    RankBinding.unbind();
                    self.setContextClassLoader(previous);
                }
            });
        } finally {
            for (RankClassLoader loader : loaders) {
                try {
                    loader.close();
                } catch (IOException e) {
                    // the run's outcome matters more than a jar that did not close
                }
            }
        }
    }

    private static Method mainMethod(ClassLoader loader, String mainClass) throws ReflectiveOperationException {
        Class<?> c = Class.forName(mainClass, true, loader);
        Method main = c.getMethod("main", String[].class);
        if (!Modifier.isStatic(main.getModifiers())) {
            throw new NoSuchMethodException(mainClass + ".main(String[]) is not static");
        }
        return main;
    }

    private static URL[] urls(List<Path> classPath) {
        URL[] urls = new URL[classPath.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = classPath.get(i).toAbsolutePath().toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("class path entry " + classPath.get(i) + " is not a valid path", e);
            }
        }
        return urls;
    }

    /**
     * The command line (see {@link MpiRunCommand}): {@code --np N [--class-path PATH | --jar JAR]
     * [--deadlock-timeout SECONDS] MainClass args...}, with MPJ Express's spellings {@code -np},
     * {@code -cp}, {@code -jar}, {@code -dev multicore} as aliases. Exits 0 when every rank
     * returned, 1 if one failed or the ranks deadlocked, 2 for a bad command line or a main class
     * that cannot be run.
     *
     * @param argv the command line
     */
    public static void main(String[] argv) {
        int status;
        try {
            status = launch(argv, System.err);
        } catch (UsageException e) {
            if (e.getMessage().equals(HELP)) {
                System.out.print(MpiRunCommand.usage());
                status = 0;
            } else {
                System.err.println("ccrj mpirun: " + e.getMessage() + " (bin/ccrj mpirun --help lists the options)");
                status = 2;
            }
        }
        System.exit(status);
    }

    static final String HELP = "help";

    /** The world's name: the communicator label in every message. */
    static final String WORLD_NAME = "MPI.COMM_WORLD";

    /**
     * Parses {@code argv}, runs the program, reports the outcome on {@code err}; returns the exit
     * status (0 every rank returned, 1 a rank failed or the ranks deadlocked).
     *
     * @throws UsageException for a bad command line or a main class that cannot be run (exit 2)
     */
    static int launch(String[] argv, PrintStream err) throws UsageException {
        MpiRunCommand cmd = MpiRunCommand.parse(argv);
        int np = cmd.np;
        Duration deadlock = Duration.ofSeconds(cmd.deadlockSeconds);
        List<Path> classPath = new ArrayList<>();
        String mainClass;
        List<String> rest = cmd.mainAndArgs;
        int i = 0;
        if (cmd.jar != null) {
            classPath.add(Path.of(cmd.jar));
            mainClass = manifestMainClass(Path.of(cmd.jar));
        } else {
            if (rest.isEmpty()) {
                throw new UsageException("no main class given");
            }
            mainClass = rest.get(i++);
            for (String entry : (cmd.classPath == null ? "." : cmd.classPath).split(java.io.File.pathSeparator)) {
                if (!entry.isEmpty()) {
                    classPath.add(Path.of(entry));
                }
            }
        }
        checkMainClass(classPath, mainClass);
        for (String ignored : cmd.ignoredOpenMpiOptions(argv)) {
            err.println("ccrj mpirun: " + ignored + " ignored: the ranks are threads of this JVM"
                    + (ignored.contains("root") ? ", started by whoever runs bin/ccrj" : ", any number fits"));
        }
        for (ApiScan.Missing m : ApiScan.scan(classPath, MpiRun.class.getClassLoader())) {
            err.println("ccrj mpirun: " + m.line(MpiRun.class.getClassLoader()));
        }
        String[] args = rest.subList(i, rest.size()).toArray(String[]::new);
        long timeoutSeconds = deadlock.toSeconds();
        SpmdWorld world = SpmdWorld.builder().size(np).name(WORLD_NAME).deadlockTimeout(deadlock)
                .onAllBlocked(line -> err.println("ccrj mpirun: " + line + " (-deadlock-timeout " + timeoutSeconds
                        + ")"))
                .build();
        RunReport report = new RunReport(np);
        ExitWatch.install(err, np);
        try {
            run(world, classPath, mainClass, report, args);
            return 0;
        } catch (DeadlockException e) {
            for (int r = 0; r < np; r++) {
                RunReport.FailedCall f = report.firstFailure(r);
                if (f != null && !f.stoppedByOtherRank()) {
                    err.println("ccrj mpirun: rank " + r + ": " + f);
                }
            }
            boolean openMpi = ApiScan.openMpiStyle(classPath);
            List<String> lines = e.getMessage().lines().map(l -> deadlockLine(l, openMpi)).toList();
            err.println("ccrj mpirun: " + String.join(System.lineSeparator(), lines));
            String mismatch = mismatchedCollectives(lines);
            if (mismatch != null) {
                err.println("ccrj mpirun: " + mismatch);
            }
            return 1;
        } catch (RankFailedException e) {
            FailureReport.print(err, mainClass, np, e.rank(), e.getCause(), report);
            Integer code = report.abortCode();
            if (code != null) {
                err.println("ccrj mpirun: the program called abort(" + code + "); exit status " + code);
                return code;
            }
            return 1;
        } catch (RuntimeException e) {
            err.println("ccrj mpirun: " + e.getMessage());
            return 1;
        }
    }

    /**
     * A line of the deadlock report in the terms of the program's API (mpiJava's or Open MPI's):
     * a rank's pending operation is named as the program calls it.
     */
    private static String deadlockLine(String line, boolean openMpi) {
        Matcher m = PENDING.matcher(line);
        return !m.matches() ? line : m.group(1) + (openMpi ? MpiTerms.ofOpenMpi(m.group(2)) : MpiTerms.of(m.group(2), null));
    }

    private static final Pattern PENDING = Pattern.compile("(\\s*rank \\d+: )(.*)");
    private static final Pattern FINISHED = Pattern.compile("\\s*rank \\d+: finished");
    private static final Pattern PENDING_COLLECTIVE = Pattern.compile(
            "\\s*rank (\\d+): ([A-Za-z]\\w*(?: \\([^)]*\\))?)(?:: \\S.*| on \\S+ \\(waiting for the messages of"
            + " round \\d+\\))");

    /**
     * When every rank of a deadlock waits inside a collective and they are not all the same
     * collective with the same root and operation (as the report spells them), the line that says
     * so (MPI requires every rank to call the same collectives in the same order; a disagreement
     * leaves each waiting for a message of another collective, or of another root);
     * otherwise {@code null}. A rank's pending call is in a collective when the report names
     * the collective before it ({@code "gather (root 2): recv(...)"}) or is a nonblocking
     * collective waiting for a round ({@code "igather (root 2) on ... (waiting for the messages of
     * round 0)"}); ranks that finished are left
     * out (a gather's senders finish while two ranks that each believe they are the root wait).
     * Where a receive can compare the calls, the mismatch is an error before it can become a
     * deadlock.
     */
    static String mismatchedCollectives(List<String> reportLines) {
        java.util.Map<Integer, String> ops = new java.util.TreeMap<>();
        int pending = 0;
        for (String l : reportLines) {
            if (PENDING.matcher(l).matches() && !FINISHED.matcher(l).matches()) {
                pending++;
                Matcher m = PENDING_COLLECTIVE.matcher(l);
                if (m.matches()) {
                    ops.put(Integer.parseInt(m.group(1)), m.group(2));
                }
            }
        }
        if (ops.size() < 2 || ops.size() != pending || new java.util.HashSet<>(ops.values()).size() < 2) {
            return null;
        }
        return "a mismatched collective: the ranks disagree on the collective, its root or its operation at the same"
                + " point ("
                + ops.entrySet().stream().map(e -> "rank " + e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", "))
                + "); every rank must call the same collectives in the same order";
    }

    /**
     * Fails the launch before any rank starts if {@code mainClass} is not on the class path or
     * has no {@code public static void main(String[])}: loaded, not initialized, by a throwaway
     * loader of the program's class path.
     */
    private static void checkMainClass(List<Path> classPath, String mainClass) throws UsageException {
        String where = classPath.stream().map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator));
        try (RankClassLoader probe = new RankClassLoader("probe", urls(classPath), MpiRun.class.getClassLoader())) {
            Class<?> c = Class.forName(mainClass, false, probe);
            Method main = c.getMethod("main", String[].class);
            if (!Modifier.isStatic(main.getModifiers())) {
                throw new UsageException(mainClass + ".main(String[]) is not static");
            }
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            throw new UsageException("main class " + mainClass + " is not on the class path " + where);
        } catch (NoSuchMethodException e) {
            throw new UsageException(mainClass + " has no public static void main(String[])");
        } catch (IOException | LinkageError e) {
            throw new UsageException("cannot load main class " + mainClass + " from " + where + ": " + e);
        }
    }

    private static String manifestMainClass(Path jar) throws UsageException {
        if (!Files.isRegularFile(jar)) {
            throw new UsageException("--jar " + jar + ": no such file");
        }
        try (JarFile f = new JarFile(jar.toFile())) {
            String main = f.getManifest() == null ? null : f.getManifest().getMainAttributes().getValue("Main-Class");
            if (main == null) {
                throw new UsageException("--jar " + jar + ": the manifest names no Main-Class");
            }
            return main;
        } catch (IOException e) {
            throw new UsageException("--jar " + jar + ": cannot read it (" + e.getMessage() + ")");
        }
    }

    /** A bad command line; the message says what is wrong. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
