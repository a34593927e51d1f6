package io.ccrj.mpi.mpijava;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.mpi.mpijava.ompi.Abort;
import io.ccrj.mpi.mpijava.ompi.ExitStatus;
import io.ccrj.mpi.mpijava.ompi.MismatchedCollective;
import io.ccrj.mpi.mpijava.ompi.FatalError;
import io.ccrj.mpi.mpijava.ompi.Hello;
import io.ccrj.mpi.mpijava.ompi.NoInit;
import io.ccrj.mpi.mpijava.ompi.TagMismatch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ccrj mpirun} with programs written for Open MPI's Java bindings: Open MPI's
 * {@code mpirun} spellings, the one-line report of a call package {@code mpi} lacks (before any
 * rank starts, from the class files), {@code abort(code)} as the exit status, {@code MPI.Init}
 * missing, the default fatal error handler, and a deadlock report that shows each rank's queued
 * messages and posted receives.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class OpenMpiLauncherTest {

    @Test
    void openMpisMpirunSpellingsAreAcceptedAndTheIgnoredOnesSaySo() throws Exception {
        Backends.Run run = Backends.launcher("-n", "2", "--oversubscribe", "--allow-run-as-root", "-cp",
                Backends.programClassPath().toString(), Hello.class.getName());
        assertThat(run.exitStatus()).as(run.text()).isZero();
        assertThat(run.lines()).contains("Hello world from rank 1 of 2")
                .anyMatch(l -> l.startsWith("ccrj mpirun: --oversubscribe ignored"))
                .anyMatch(l -> l.startsWith("ccrj mpirun: --allow-run-as-root ignored"));
    }

    @Test
    void aCallThisMpiLacksIsNamedBeforeAnyRankStarts(@TempDir Path tmp) throws Exception {
        // Open MPI's stubs with one method neither Open MPI's Java bindings nor this package have
        // (MPI-4's MPI_Comm_create_from_group): every member of the real stubs exists here.
        Path stubSources = Files.createDirectories(tmp.resolve("stub-sources/mpi"));
        Path stubs = Files.createDirectories(tmp.resolve("stubs"));
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        try (Stream<Path> s = Files.list(Path.of("src/test/openmpi-stubs/mpi"))) {
            for (Path p : s.toList()) {
                Files.copy(p, stubSources.resolve(p.getFileName().toString()));
            }
        }
        Path intracomm = stubSources.resolve("Intracomm.java");
        String text = Files.readString(intracomm);
        Files.writeString(intracomm, text.substring(0, text.lastIndexOf('}'))
                + "    public final Intracomm createFromGroup(Group group, String tag, Info info, Errhandler handler)"
                + " throws MPIException {\n        throw new UnsupportedOperationException();\n    }\n}\n");
        List<String> args = new ArrayList<>(List.of("-Xlint:none", "-d", stubs.toString()));
        try (Stream<Path> s = Files.list(stubSources)) {
            s.map(Path::toString).forEach(args::add);
        }
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new))).isZero();
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-cp", stubs.toString(), "-d",
                classes.toString(),
                "src/test/openmpi-programs/io/ccrj/mpi/mpijava/missing/UsesCreateFromGroup.java")).isZero();

        assertThat(io.ccrj.mpi.mpijava.internal.ApiScan.openMpiStyle(List.of(classes)))
                .as("an Open MPI-style program is told apart from an mpiJava one").isTrue();
        assertThat(io.ccrj.mpi.mpijava.internal.ApiScan.openMpiStyle(
                List.of(Backends.programClassPath().resolve("io/ccrj/mpi/mpijava/programs")))).isFalse();
        Backends.Run run = Backends.ccrMpiFrom(classes, 2, "io.ccrj.mpi.mpijava.missing.UsesCreateFromGroup");
        String line = "ccrj mpirun: io.ccrj.mpi.mpijava.missing.UsesCreateFromGroup calls"
                + " mpi.Intracomm.createFromGroup(Group, String, Info, Errhandler)"
                + " (Open MPI's Java bindings), which ccrj's mpi does not have";
        assertThat(run.lines()).as(run.text()).anyMatch(l -> l.startsWith(line));
        int reported = run.lines().indexOf(run.lines().stream().filter(l -> l.startsWith(line)).findFirst().get());
        int started = run.lines().indexOf(run.lines().stream().filter(l -> l.startsWith("started rank")).findFirst()
                .orElseThrow());
        assertThat(reported).as("reported before any rank starts").isLessThan(started);
        assertThat(run.exitStatus()).isEqualTo(1);
        assertThat(run.lines()).as(run.text()).anyMatch(l -> l.matches("ccrj mpirun: rank \\d of 2: .* uses 'mpi\\.Intracomm"
                + " mpi\\.Intracomm\\.createFromGroup\\(mpi\\.Group, java\\.lang\\.String, mpi\\.Info,"
                + " mpi\\.Errhandler\\)', which ccrj's mpi does not have \\(NoSuchMethodError\\)"));
    }

    @Test
    void aRankCallingSystemExitIsNamedWithItsStatusWhichIsTheExitStatus() throws Exception {
        for (int n : new int[] {2, 3, 4}) {
            Backends.Run run = Backends.ccrMpi(n, ExitStatus.class.getName());
            assertThat(run.exitStatus()).as(run.text()).isEqualTo(77);
            assertThat(run.lines()).as(run.text()).noneMatch(l -> l.startsWith("not reached"))
                    .contains("ccrj mpirun: rank " + (n - 1) + " of " + n
                            + " called System.exit(77): every rank ends with it; exit status 77");
        }
    }

    @Test
    void aCollectiveWhoseRanksDisagreeIsNamedAsSuch() throws Exception {
        for (int n : new int[] {2, 3, 4, 8}) {
            for (String kind : List.of("count", "type", "op", "operation", "root", "gatherRoot", "extra",
                    "iGatherRoot", "iOp")) {
                if (n == 8 && !List.of("op", "root", "extra").contains(kind)) {
                    continue;
                }
                Backends.Run run = Backends.launcher("-np", Integer.toString(n), "--deadlock-timeout", "1", "-cp",
                        Backends.programClassPath().toString(), MismatchedCollective.class.getName(), kind);
                assertThat(run.exitStatus()).as(kind + " at " + n + ": " + run.text()).isEqualTo(1);
                assertThat(run.lines()).as(kind + " at " + n + ": " + run.text())
                        .anyMatch(l -> l.contains("different collectives") || l.contains("mismatched collective"));
            }
        }
    }

    @Test
    void reportsNameOperationsAsOpenMpisApiDoes() {
        assertThat(io.ccrj.mpi.mpijava.internal.MpiTerms.ofOpenMpi("allreduce: recv(source=1, tag=4, INT x 1)"))
                .isEqualTo("allReduce: recv(source=1, tag=4, MPI.INT x 1)");
        assertThat(io.ccrj.mpi.mpijava.internal.MpiTerms.ofOpenMpi("ialltoall on MPI.COMM_WORLD"))
                .isEqualTo("iAllToAll on MPI.COMM_WORLD");
        assertThat(io.ccrj.mpi.mpijava.internal.MpiTerms.ofOpenMpi("sendrecv: from ANY_SOURCE"))
                .isEqualTo("sendRecv: from MPI.ANY_SOURCE");
    }

    @Test
    void abortEndsEveryRankAndIsTheExitStatus() throws Exception {
        for (int n : new int[] {2, 4}) {
            Backends.Run run = Backends.ccrMpi(n, Abort.class.getName());
            assertThat(run.exitStatus()).as(run.text()).isEqualTo(77);
            assertThat(run.lines()).noneMatch(l -> l.startsWith("not reached"))
                    .contains("ccrj mpirun: the program called abort(77); exit status 77");
        }
    }

    @Test
    void aDeadlockReportShowsTheQueuedMessagesAndPostedReceives() throws Exception {
        Backends.Run run = Backends.launcher("-n", "2", "--deadlock-timeout", "1", "-cp",
                Backends.programClassPath().toString(), TagMismatch.class.getName());
        assertThat(run.exitStatus()).as(run.text()).isEqualTo(1);
        assertThat(run.text()).contains("from 0 tag 5, 3 MPI.INT").contains("posted receives: source 0 tag 6")
                .doesNotContain("ERRORS_ARE_FATAL");
    }

    @Test
    void mpiInitMissingIsOneLine() throws Exception {
        Backends.Run run = Backends.ccrMpi(2, NoInit.class.getName());
        assertThat(run.exitStatus()).isEqualTo(1);
        assertThat(run.lines()).as(run.text()).anyMatch(l -> l.startsWith("ccrj mpirun: rank ")
                && l.contains("MPI was used before MPI.Init (at io.ccrj.mpi.mpijava.ompi.NoInit.main(NoInit.java"))
                .noneMatch(l -> l.contains("NullPointerException"));
    }

    @Test
    void theDefaultErrorHandlerEndsTheRunWithAReport() throws Exception {
        Backends.Run run = Backends.ccrMpi(3, FatalError.class.getName());
        assertThat(run.exitStatus()).as(run.text()).isEqualTo(1);
        assertThat(run.lines()).anyMatch(l -> l.startsWith("ccrj mpirun: rank 0: MPI error (class 6): ")
                && l.endsWith("the error handler MPI.ERRORS_ARE_FATAL aborts the run")).contains("caught 6");
    }
}
