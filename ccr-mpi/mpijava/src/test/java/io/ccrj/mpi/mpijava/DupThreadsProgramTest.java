package io.ccrj.mpi.mpijava;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.mpi.mpijava.programs.DupThreadsProgram;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An mpiJava program whose threads each communicate over their own duplicated communicator after
 * {@code initThread(THREAD_MULTIPLE)} ({@link DupThreadsProgram}), compiled against the
 * compatibility package and run through the launcher at 2, 3, 4 and 8 processes, with platform
 * and with virtual worker threads: it must finish (the launcher's deadlock watchdog and
 * {@link Backends}' timeout catch a hang) with every sum right. Not compared with MPJ Express:
 * its {@code initThread} leaves {@code MPI.COMM_WORLD} null (the deviation
 * {@link MpiJavaProgramsTest} checks with the threads program).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DupThreadsProgramTest {

    @ParameterizedTest(name = "{0} processes, workers {1}")
    @CsvSource({"2, platform", "3, platform", "4, platform", "8, platform", "3, virtual", "4, virtual",
        "8, virtual"})
    void threadsOnTheirOwnDupsFinishWithEverySumRight(int n, String workers) throws Exception {
        Backends.Run run = Backends.ccrMpi(n, DupThreadsProgram.class.getName(), workers);
        assertThat(run.exitStatus()).as(run.text()).isZero();
        assertThat(run.lines()).as(run.text()).noneMatch(l -> l.startsWith("FAIL"));
        for (int r = 0; r < n; r++) {
            assertThat(run.lines()).as(run.text()).contains("OUT dups r" + r + " provided = 4",
                    "OUT dups r" + r + " done = true");
        }
    }
}
