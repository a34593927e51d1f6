package io.ccrj.mpi.mpjexpress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.mpjexpress.cluster.ClusterTestKernels.NoDefaultConstructor;
import io.ccrj.mpi.mpjexpress.cluster.ClusterTestKernels.RankAndSize;
import io.ccrj.mpi.mpjexpress.cluster.ClusterTestKernels.SleepsForever;
import io.ccrj.mpi.mpjexpress.cluster.ClusterTestKernels.ThrowsOnRankOne;
import io.ccrj.mpi.mpjexpress.cluster.ClusterTestKernels.UnserializableOnRankOne;
import io.ccrj.mpi.mpjexpress.conformance.AllreduceKernel;
import io.ccrj.mpi.mpjexpress.conformance.ConformanceKernel;
import io.ccrj.mpi.mpjexpress.conformance.ElementComparison;
import io.ccrj.mpi.mpjexpress.conformance.RingShiftKernel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Beyond one JVM: kernels run as separate processes on MPJ Express's cluster device
 * ({@code niodev}, TCP over loopback) through {@link MpjExpressCluster}, which starts them the way
 * a user starts them across machines: an MPJ Express daemon (here one, on localhost) and
 * {@code mpjrun} with a machines file, running {@code ClusterMain} with the kernel's class name.
 * Conformance kernels are checked against their oracles; the failure paths (a rank that throws,
 * a result that cannot be serialized, a job that never ends, closing) against what
 * {@link MpjExpressCluster} documents.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ClusterDeviceLoopbackTest {

    @TempDir
    static Path work;

    private static MpjExpressCluster cluster;

    @BeforeAll
    static void startCluster() throws IOException {
        cluster = MpjExpressCluster.builder().workFolder(work.resolve("shared")).timeout(Duration.ofSeconds(90))
                .start();
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
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

    @Test
    void theDefaultNumberOfProcessesIsTwoAndEachRankIsItsOwnProcess() {
        List<String> results = cluster.run(RankAndSize.class);
        assertThat(results).containsExactly("0/2 sum 1", "1/2 sum 1");
    }

    @Test
    void aRankThatThrowsIsNamedWithItsExceptionAndTheLogAndTheDaemonRunsTheNextJob() {
        ClusterRunException e = catchThrowableOfType(ClusterRunException.class,
                () -> cluster.run(ThrowsOnRankOne.class, 3));
        assertThat(e.kind()).isEqualTo(ClusterRunException.Kind.RANK_FAILED);
        assertThat(e.rank()).isEqualTo(1);
        assertThat(e.getMessage()).startsWith("rank 1 of 3 failed running " + ThrowsOnRankOne.class.getName());
        assertThat(e.getCause()).isInstanceOf(IllegalStateException.class).hasMessage(ThrowsOnRankOne.MESSAGE);
        // The rank's own report, relayed by the daemon into mpjrun's output.
        assertThat(e.log()).contains("rank 1 failed: java.lang.IllegalStateException: " + ThrowsOnRankOne.MESSAGE);
        assertThat(e.getMessage()).contains(e.log());
        assertNoRankProcessLeft(cluster);
        assertThat(cluster.run(RankAndSize.class, 3)).containsExactly("0/3 sum 3", "1/3 sum 3", "2/3 sum 3");
    }

    @Test
    void aResultThatCannotBeSerializedFailsItsRankWithAMessageSayingSo() {
        ClusterRunException e = catchThrowableOfType(ClusterRunException.class,
                () -> cluster.run(UnserializableOnRankOne.class, 2));
        assertThat(e.kind()).isEqualTo(ClusterRunException.Kind.RANK_FAILED);
        assertThat(e.rank()).isEqualTo(1);
        assertThat(e.getCause()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("rank 1's result, a java.lang.Object, cannot be serialized")
                .hasMessageContaining("java.io.NotSerializableException");
    }

    @Test
    void aJobPastItsTimeoutIsEndedWithItsRankProcessesAndTheDaemonStaysUp() throws IOException {
        try (MpjExpressCluster quick = MpjExpressCluster.builder().timeout(Duration.ofSeconds(4)).start()) {
            long started = System.nanoTime();
            ClusterRunException e = catchThrowableOfType(ClusterRunException.class,
                    () -> quick.run(SleepsForever.class, 2));
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
            assertThat(e.kind()).isEqualTo(ClusterRunException.Kind.TIMED_OUT);
            assertThat(e.rank()).isZero();
            assertThat(e.getCause()).isNull();
            assertThat(e.getMessage()).contains("did not end within PT4S");
            assertNoRankProcessLeft(quick);
            assertThat(quick.daemon().isAlive()).isTrue();
            assertThat(quick.run(RankAndSize.class)).containsExactly("0/2 sum 1", "1/2 sum 1");
        }
    }

    @Test
    void closeEndsTheDaemonDeletesItsTemporaryFolderAndIsIdempotent() throws IOException {
        MpjExpressCluster c = MpjExpressCluster.builder().start();
        ProcessHandle daemon = c.daemon();
        Path folder = c.workFolder();
        assertThat(daemon.isAlive()).isTrue();
        assertThat(folder.resolve("daemon.log")).exists();
        c.close();
        assertThat(daemon.isAlive()).isFalse();
        assertThat(folder).doesNotExist();
        c.close();
        assertThatThrownBy(() -> c.run(RankAndSize.class)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void kernelsThatCannotBeStartedByNameAndBadArgumentsAreRejectedUpFront() {
        assertThatThrownBy(() -> cluster.run(NoDefaultConstructor.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("public no-argument constructor");
        assertThatThrownBy(() -> cluster.run(PackagePrivateKernel.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be a public, concrete");
        assertThatThrownBy(() -> cluster.run(RankAndSize.class, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 0");
        assertThatThrownBy(() -> MpjExpressCluster.builder().timeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
        assertThatThrownBy(() -> MpjExpressCluster.builder().javaHome(work))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bin");
        assertThatThrownBy(() -> MpjExpressCluster.builder().classPath(work.resolve("missing.jar")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not exist");
    }

    /** A kernel no rank JVM could instantiate (package-private). */
    static final class PackagePrivateKernel implements Kernel<Integer> {
        @Override
        public Integer run(io.ccrj.mpi.Comm comm) {
            return 0;
        }
    }

    private static void runAcrossProcesses(ConformanceKernel kernel, int size) throws IOException {
        @SuppressWarnings("unchecked")
        Class<? extends Kernel<Object>> type = (Class<? extends Kernel<Object>>) kernel.getClass();
        List<Object> results = cluster.run(type, size);
        assertThat(results).hasSize(size);
        for (int r = 0; r < size; r++) {
            String d = ElementComparison.firstDifference(kernel.expected(r, size), results.get(r));
            assertThat(d).as(kernel.name() + " on niodev, rank " + r).isNull();
        }
        // mpjrun's own output shows that the ranks were processes of the cluster device.
        String said = Files.readString(lastRunFolder(kernel.getClass().getSimpleName()).resolve("mpjrun.log"));
        assertThat(said).contains("MPJ Express (0.44) is started in the cluster configuration with niodev");
        for (int r = 0; r < size; r++) {
            assertThat(said).contains("Starting process <" + r + ">");
        }
    }

    private static Path lastRunFolder(String kernel) throws IOException {
        try (Stream<Path> runs = Files.list(cluster.workFolder())) {
            return runs.filter(p -> p.getFileName().toString().endsWith("-" + kernel)).findFirst().orElseThrow();
        }
    }

    private static void assertNoRankProcessLeft(MpjExpressCluster c) {
        assertThat(c.daemon().descendants().filter(ProcessHandle::isAlive).toList()).as("the daemon's rank JVMs")
                .isEmpty();
    }
}
