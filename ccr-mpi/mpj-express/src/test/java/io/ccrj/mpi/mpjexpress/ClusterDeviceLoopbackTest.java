package io.ccrj.mpi.mpjexpress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.ccrj.core.Port;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.mpjexpress.conformance.AllreduceKernel;
import io.ccrj.mpi.mpjexpress.conformance.ConformanceKernel;
import io.ccrj.mpi.mpjexpress.conformance.ElementComparison;
import io.ccrj.mpi.mpjexpress.conformance.RingShiftKernel;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jctools.queues.MpscArrayQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Beyond one JVM: conformance kernels run as two processes on MPJ Express's cluster device
 * ({@code niodev}, TCP over loopback), started the way a user starts them across machines: an
 * MPJ Express daemon on each host (here one, on localhost) and {@code mpjrun} (MPJ Express's
 * {@code starter.jar}) with a machines file, running {@code ClusterMain} with the kernel's class
 * name. MPJ Express's launchers run from a private copy of the installation
 * ({@link MpjExpressHome#privateCopy}) on free ports, since Debian's cannot start
 * (log4j pitfall).
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ClusterDeviceLoopbackTest {

    @TempDir
    static Path work;

    private static MpjExpressHome home;
    private static Process daemon;
    private static Path daemonLog;

    @BeforeAll
    static void startDaemon() throws Exception {
        int[] ports = freePorts(3);
        home = MpjExpressHome.detect().privateCopy(work.resolve("mpj-home"), ports[0], ports[1], ports[2]);
        daemonLog = work.resolve("daemon.log");
        daemon = mpjProcess(List.of("-jar", home.lib().resolve("daemon.jar").toString(), Integer.toString(ports[0])))
                .redirectOutput(daemonLog.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!accepts(ports[0])) {
            if (!daemon.isAlive() || System.nanoTime() > deadline) {
                fail("MPJ Express's daemon did not start listening on port " + ports[0] + ":\n" + read(daemonLog));
            }
            Thread.sleep(50);
        }
    }

    @AfterAll
    static void stopDaemon() throws InterruptedException {
        if (daemon != null) {
            List<ProcessHandle> all = new ArrayList<>(daemon.descendants().toList());
            daemon.destroy();
            all.forEach(ProcessHandle::destroy);
            if (!daemon.waitFor(10, TimeUnit.SECONDS)) {
                daemon.destroyForcibly();
            }
            all.forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void ringShiftRunsAcrossTwoProcessesOnTheClusterDevice() throws Exception {
        runAcrossProcesses(new RingShiftKernel(), 2);
    }

    @Test
    void allreduceOfEveryOperationAndTypeRunsAcrossThreeProcesses() throws Exception {
        runAcrossProcesses(new AllreduceKernel(), 3);
    }

    private static void runAcrossProcesses(ConformanceKernel kernel, int size) throws Exception {
        Path results = work.resolve(kernel.name() + "-results");
        Path machines = Files.writeString(work.resolve("machines"), "localhost\n");
        Path log = work.resolve(kernel.name() + "-mpjrun.log");
        List<String> command = new ArrayList<>(List.of("-jar", home.lib().resolve("starter.jar").toString(),
                "-np", Integer.toString(size), "-dev", "niodev", "-machinesfile", machines.toString(),
                "-wdir", work + File.separator, "-cp", rankClassPath(kernel),
                "io.ccrj.mpi.mpjexpress.rank.ClusterMain", kernel.getClass().getName(), results.toString()));
        Process mpjrun = mpjProcess(command).redirectOutput(log.toFile()).start();
        if (!mpjrun.waitFor(120, TimeUnit.SECONDS)) {
            mpjrun.descendants().forEach(ProcessHandle::destroyForcibly);
            mpjrun.destroyForcibly();
            fail("mpjrun did not finish within 120 s:\n" + read(log) + "\ndaemon:\n" + read(daemonLog));
        }
        for (int r = 0; r < size; r++) {
            Path file = results.resolve("rank-" + r + ".result");
            if (!Files.isRegularFile(file)) {
                fail("rank " + r + " wrote no result; mpjrun said:\n" + read(log) + "\ndaemon:\n" + read(daemonLog));
            }
            Object outcome;
            try (InputStream in = Files.newInputStream(file); ObjectInputStream ois = new ObjectInputStream(in)) {
                outcome = ois.readObject();
            }
            if (outcome instanceof Throwable t) {
                throw new AssertionError("rank " + r + " of " + kernel.name() + " failed on niodev", t);
            }
            String d = ElementComparison.firstDifference(kernel.expected(r, size), outcome);
            assertThat(d).as(kernel.name() + " on niodev, rank " + r).isNull();
        }
        String said = read(log);
        assertThat(said).contains("MPJ Express (0.44) is started in the cluster configuration with niodev");
        for (int r = 0; r < size; r++) {
            assertThat(said).contains("Starting process <" + r + ">");
        }
    }

    /** The adapter, ccr-mpi, ccr-core, JCTools and the kernels: what every rank process loads. */
    private static String rankClassPath(ConformanceKernel kernel) throws URISyntaxException {
        return Stream.of(MpjExpressWorld.adapterClassPath(), codeSource(Kernel.class), codeSource(Port.class),
                codeSource(MpscArrayQueue.class), codeSource(kernel.getClass()))
                .map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    private static Path codeSource(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** A process of this JDK with MPJ_HOME set to the private copy and this JDK first on PATH (the daemon starts "java"). */
    private static ProcessBuilder mpjProcess(List<String> args) {
        Path javaHome = Path.of(System.getProperty("java.home"));
        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin").resolve("java").toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
        pb.environment().put(MpjExpressHome.ENV, home.home().toString());
        pb.environment().put("PATH", javaHome.resolve("bin") + File.pathSeparator + System.getenv("PATH"));
        return pb;
    }

    private static int[] freePorts(int n) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[n];
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0);
                sockets.add(s);
                ports[i] = s.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String read(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readString(file) : "(no " + file + ")";
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }
}
