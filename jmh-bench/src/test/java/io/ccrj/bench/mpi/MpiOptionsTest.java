package io.ccrj.bench.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.bench.mpi.MpiRunner.Options.Part;
import io.ccrj.bench.runner.Jmh;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class MpiOptionsTest {

    @Test
    void quickDefaults() throws Exception {
        MpiRunner.Options o = MpiRunner.Options.parse();
        assertThat(o.full()).isFalse();
        assertThat(o.experiments()).containsExactly(Part.STAGES, Part.LATENCY, Part.BANDWIDTH, Part.MPI3);
        assertThat(o.backends()).containsExactly(MpiBackend.CCR_MPI, MpiBackend.MPJ_EXPRESS);
        assertThat(o.ranks()).containsExactly(2);
        assertThat(o.bandwidthRanks()).isEqualTo(2);
        assertThat(o.sizes()).containsExactly(1_000, 100_000);
        assertThat(o.stageMicros()).isEqualTo(17.0);
        assertThat(o.jmh()).isEqualTo(new Jmh.Settings(1, 4, 3, 100));
        assertThat(o.out()).isNull();
    }

    @Test
    void fullChangesOnlyWhatTheCommandLineLeavesOpen() throws Exception {
        MpiRunner.Options o = MpiRunner.Options.parse("--iteration-ms=700", "--full");
        assertThat(o.full()).isTrue();
        assertThat(o.ranks()).containsExactly(2, 4, 8);
        assertThat(o.sizes()).endsWith(10_000_000);
        assertThat(o.jmh()).isEqualTo(new Jmh.Settings(5, 2, 4, 700));
    }

    @Test
    void jmhSettingsReplaceTheHandTimingOptions() throws Exception {
        assertThat(MpiRunner.Options.parse("--forks", "3", "--warmup", "0", "--iterations", "4").jmh())
                .isEqualTo(new Jmh.Settings(3, 0, 4, 100));
        for (String gone : new String[] {"--reps", "--round-ms", "--warmup-ms", "--stages"}) {
            assertThatThrownBy(() -> MpiRunner.Options.parse(gone, "3")).as(gone).hasMessageContaining(gone.substring(2));
        }
        assertThatThrownBy(() -> MpiRunner.Options.parse("--ignore-load")).hasMessageContaining("ignore-load");
        assertThatThrownBy(() -> MpiRunner.Options.parse("--forks", "0")).hasMessageContaining("--forks: 0 is out of range 1..100");
    }

    @Test
    void listsAreSortedAndDeduplicated() throws Exception {
        MpiRunner.Options o = MpiRunner.Options.parse("--only", "bandwidth,stages,stages", "--ranks", "8,2,8", "--backend", "mpj,ccr-mpi",
                "--sizes", "100000,1_000", "--out", "/tmp/x");
        assertThat(o.experiments()).containsExactly(Part.STAGES, Part.BANDWIDTH);
        assertThat(o.ranks()).containsExactly(2, 8);
        assertThat(o.backends()).containsExactly(MpiBackend.CCR_MPI, MpiBackend.MPJ_EXPRESS);
        assertThat(o.sizes()).isEqualTo(List.of(1_000, 100_000));
        assertThat(o.out()).isEqualTo(Path.of("/tmp/x"));
        assertThat(MpiRunner.Options.parse("--parts", "latency").experiments()).containsExactly(Part.LATENCY);
        assertThat(MpiRunner.Options.parse("--only", "MPI3,latency").experiments()).containsExactly(Part.LATENCY, Part.MPI3);
    }

    @Test
    void badOptionsNameTheProblem() {
        assertThatThrownBy(() -> MpiRunner.Options.parse("--bogus")).isInstanceOf(RuntimeException.class).hasMessageContaining("bogus");
        assertThatThrownBy(() -> MpiRunner.Options.parse("--ranks", "1")).hasMessageContaining("--ranks: 1 is out of range 2..64");
        assertThatThrownBy(() -> MpiRunner.Options.parse("--only", "pingpong")).hasMessageContaining("unknown experiment 'pingpong'")
                .hasMessageContaining("mpi3");
        assertThatThrownBy(() -> MpiRunner.Options.parse("--backend", "openmpi")).hasMessageContaining("unknown backend 'openmpi'");
        assertThatThrownBy(() -> MpiRunner.Options.parse("--sizes", "10,x")).hasMessageContaining("'x' is not a whole number");
        assertThatThrownBy(() -> MpiRunner.Options.parse("--stage-us", "x")).hasMessageContaining("'x' is not a number");
        assertThatThrownBy(() -> MpiRunner.Options.parse("stages")).hasMessageContaining("unexpected argument 'stages'");
    }
}
