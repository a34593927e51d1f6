package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.Kernel;
import java.io.IOException;
import java.io.ObjectStreamException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import mpi.MPI;

/**
 * Runs an {@link Kernel} as one rank of an MPJ Express world whose ranks are separate processes,
 * on any device that gives each rank its own JVM, such as the cluster device {@code niodev}
 * across machines:
 *
 * <pre>
 * mpjrun.sh -np 4 -dev niodev -machinesfile machines -cp ADAPTER:ccr-mpi.jar:ccr-core.jar:KERNELS \
 *     io.ccrj.mpi.mpjexpress.rank.ClusterMain com.example.MyKernel [RESULT_DIR]
 * </pre>
 *
 * where {@code ADAPTER} is {@code io.ccrj.mpi.mpjexpress.MpjExpressWorld.adapterClassPath()}.
 * The kernel class needs a public no-argument constructor. Each rank prints its result; with
 * {@code RESULT_DIR} (a folder every rank can write, for example a shared file system), rank
 * {@code r} also writes {@code rank-r.result}: its result, or the {@link Throwable} it threw,
 * Java-serialized; a result that cannot be serialized is replaced by an
 * {@link IllegalStateException} saying so (the rank does not fail: the others are unaffected). A
 * rank that throws calls {@code Abort}, which on {@code niodev} ends only its own JVM (the other
 * ranks wait in their next call; {@code MpjExpressCluster} ends them when it reads the failure).
 * {@code io.ccrj.mpi.mpjexpress.MpjExpressCluster} runs it on this machine.
 */
public final class ClusterMain {

    private ClusterMain() {
    }

    /**
     * Runs one rank.
     *
     * @param args what MPJ Express passes: {@code [rank, configuration, device, kernelClass, resultDir?]}
     * @throws Exception if MPJ Express cannot start or finish
     */
    public static void main(String[] args) throws Exception {
        String[] appArgs = MPI.Init(args);
        if (appArgs.length < 1) {
            throw new IllegalArgumentException("usage: ClusterMain <kernel class> [result folder]");
        }
        int rank = MPI.COMM_WORLD.Rank();
        Object outcome;
        boolean failed = false;
        try {
            Kernel<?> kernel = (Kernel<?>) Class.forName(appArgs[0]).getDeclaredConstructor().newInstance();
            RankContext context = new RankContext(RankMonitor.standalone("mpj-cluster"), rank);
            outcome = kernel.run(new MpjComm(MPI.COMM_WORLD, context));
            context.releaseSends();
        } catch (Throwable t) {
            outcome = t;
            failed = true;
        }
        if (appArgs.length > 1) {
            Throwable substitute = write(Path.of(appArgs[1]), rank, outcome);
            if (substitute != null) {
                // The result file says why; the job itself went fine, so the rank does not abort.
                System.out.println("rank " + rank + ": " + substitute.getMessage());
            }
        }
        System.out.println("rank " + rank + (failed ? " failed: " : " result: ") + render(outcome));
        if (failed) {
            ((Throwable) outcome).printStackTrace();
            MPI.COMM_WORLD.Abort(1);
        }
        MPI.Finalize();
    }

    /** Arrays and lists element by element, as {@code Arrays.deepToString} does for arrays. */
    private static String render(Object o) {
        if (o instanceof java.util.List<?> list) {
            return list.stream().map(ClusterMain::render).collect(java.util.stream.Collectors.joining(", ", "[", "]"));
        }
        if (o != null && o.getClass().isArray()) {
            String s = java.util.Arrays.deepToString(new Object[] {o});
            return s.substring(1, s.length() - 1);
        }
        return String.valueOf(o);
    }

    /**
     * Writes the outcome, or, if it cannot be serialized, an exception that says so: the reader
     * then learns which rank's result was the problem instead of finding no file. Returns the
     * exception written in place of the outcome, or {@code null} if the outcome was written.
     */
    static Throwable write(Path dir, int rank, Object outcome) throws IOException {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "rank-" + rank, ".tmp");
        Throwable substitute = null;
        try {
            try {
                serialize(tmp, outcome);
            } catch (ObjectStreamException | RuntimeException e) {
                // NotSerializableException, InvalidClassException, or a writeObject method that threw.
                substitute = unserializable(rank, outcome, e);
                serialize(tmp, substitute);
            }
            Files.move(tmp, dir.resolve("rank-" + rank + ".result"), StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return substitute;
    }

    private static void serialize(Path file, Object o) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); ObjectOutputStream oos = new ObjectOutputStream(out)) {
            oos.writeObject(o);
        }
    }

    /**
     * What replaces an outcome that cannot be serialized: JDK types only, since the reader may lack
     * the rank's classes. A thrown exception that cannot be serialized keeps its message and stack.
     */
    static Throwable unserializable(int rank, Object outcome, Exception why) {
        String what = outcome == null ? "null" : outcome.getClass().getName();
        if (outcome instanceof Throwable t) {
            IllegalStateException copy = new IllegalStateException("rank " + rank + " threw " + t
                    + " (not serializable: " + why + ")");
            copy.setStackTrace(t.getStackTrace());
            return copy;
        }
        return new IllegalStateException("rank " + rank + "'s result, a " + what
                + ", cannot be serialized: " + why + "; a kernel run across processes must return a"
                + " java.io.Serializable result");
    }
}
