package io.ccrj.mpi.mpjexpress.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The guide's examples do what their comments say. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MpjExpressExamplesTest {

    @Test
    void theSameKernelGivesTheSameResultsOnBothBackends() {
        List<List<Double>> results = MpjExpressExamples.bothBackends();
        assertThat(results.get(0)).containsExactly(249750.0, 249750.0, 249750.0, 249750.0);
        assertThat(results.get(1)).isEqualTo(results.get(0));
    }

    @Test
    void theSameKernelRunsAsTwoProcessesOnTheClusterDevice() throws Exception {
        assertThat(MpjExpressExamples.onTheClusterDevice()).containsExactly(249750.0, 249750.0);
    }

    @Test
    void aPrivateCopyHasTheJarsAndPortsMpjExpressLaunchersNeed(@TempDir Path dir) throws Exception {
        var home = MpjExpressExamples.privateHome(dir.resolve("mpj"));
        for (String jar : List.of("starter.jar", "daemon.jar", "mpj.jar", "niodev.jar", "log4j-1.2.jar",
                "commons-codec.jar", "commons-io.jar", "commons-cli.jar")) {
            Path p = home.lib().resolve(jar);
            assertThat(p).isRegularFile();
            assertThat(Files.isSymbolicLink(p)).as(jar + " is a copy, not a link").isFalse();
        }
        assertThat(Files.readString(home.home().resolve("conf/mpjexpress.conf")))
                .contains("mpjexpress.mpjdaemon.port.1=40055")
                .contains("mpjexpress.mpjdaemon.port.2=40052")
                .contains("mpjexpress.mpjrun.port.1=40002");
    }
}
