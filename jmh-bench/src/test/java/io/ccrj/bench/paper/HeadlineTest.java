package io.ccrj.bench.paper;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeadlineTest {

    @Test
    void csvFieldsHonourQuotes() {
        assertThat(Headline.fields("a,\"b, c\",\"d \"\"e\"\"\",")).containsExactly("a", "b, c", "d \"e\"", "");
    }

    @Test
    void ratiosSayBetterOrWorseWhicheverWayIsBetter() {
        assertThat(Headline.ratio(0.5, 10, true)).isEqualTo("20x better");
        assertThat(Headline.ratio(4, 2, true)).isEqualTo("2.00x worse");
        assertThat(Headline.ratio(50, 25, false)).isEqualTo("2.00x better");
        assertThat(Headline.ratio(1, Double.NaN, false)).isEqualTo("-");
    }

    @Test
    void tableReadsBothSectionsAndLeavesOutWhatWasNotMeasured(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("overhead"));
        Files.createDirectories(dir.resolve("mpi"));
        Files.writeString(dir.resolve("overhead/overhead.csv"), """
                pattern,ways,threads_mode,dispatcher_threads,overhead_us,seed_amd_us,overhead_low_us,overhead_high_us
                Pipeline,1,match,1,0.14,0.77,0.1,0.2
                Pipeline,2,match,2,0.048,2.4,-0.1,0.21
                Pipeline,2,default,2,0.048,4.7,-0.1,0.21
                """);
        Files.writeString(dir.resolve("overhead/overhead-messaging.csv"), """
                pattern,ways,threads_mode,stages,median_us_per_stage,min_us,max_us,samples_us
                Pipeline,2,match,200000,0.0312,0.03,0.04,0.03;0.0312;0.04
                """);
        Files.writeString(dir.resolve("mpi/mpi.csv"), """
                experiment,item,backend,ranks,size,metric,value,used,taken,foreign_load,note
                stages,Rendezvous Exchange,ccr-mpi,2,0,messaging_us,0.400,3,3,0.01,
                stages,Rendezvous Exchange,mpj-express,2,0,messaging_us,60.0,3,3,0.01,
                latency,ping-pong (half round trip),ccr-mpi,2,0,latency_us,0.200,3,3,,
                latency,ping-pong (half round trip),mpj-express,2,0,latency_us,,0,0,,not installed
                latency,"core-to-core hand-off floor (two threads, one shared counter)",java,2,0,latency_us,0.100,3,3,,
                bandwidth,outside thread,ccr-mpi,2,100000,GB/s,100,3,3,,
                bandwidth,"System.arraycopy, 1 thread",java,1,100000,GB/s,50,3,3,,
                """);
        String t = Headline.read(dir).markdown();
        assertThat(t).contains("| spawned Pipeline, overhead per stage, 2-way match (µs) | 0.048 (noise band -0.100 .. 0.210) | 2.40 | - |"
                + " 50x better | - |");
        assertThat(t).contains("| spawned Pipeline, back-to-back stages of one unit, 2-way match, per stage (µs) | 0.031 | - | - | - | - |");
        assertThat(t).contains("| Rendezvous Exchange, per stage, 2 ranks (µs) | 0.400 | 8.80 | 60.0 (MPJ Express) | 22x better | 150x better |");
        assertThat(t).contains("| ping-pong (half round trip), 2 ranks (µs) | 0.200 | - | - | - | - |");
        assertThat(t).contains("same, against this run's core-to-core hand-off floor (µs) | 0.200 | - |"
                + " 0.100 (two threads, one counter) | - | 2.00x worse |");
        assertThat(t).contains("| sendrecv 10^5 doubles, GB/s summed over 2 ranks | 100 | 1.16 | - | 86x better | - |");
        assertThat(t).contains("against System.arraycopy on 1 thread (GB/s) | 100 | - | 50.0 (System.arraycopy) | - | 2.00x better |");
        assertThat(t).doesNotContain("Shift, per stage").doesNotContain("barrier");
    }

    @Test
    void noSectionsNoTable(@TempDir Path dir) throws Exception {
        assertThat(Headline.read(dir).markdown()).isEmpty();
    }
}
