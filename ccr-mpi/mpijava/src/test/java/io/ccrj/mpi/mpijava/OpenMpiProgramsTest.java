package io.ccrj.mpi.mpijava;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.mpi.mpijava.ompi.Connectivity;
import io.ccrj.mpi.mpijava.ompi.Hello;
import io.ccrj.mpi.mpijava.ompi.OpenMpiPrograms;
import io.ccrj.mpi.mpijava.ompi.Ring;
import io.ccrj.mpi.mpijava.ompi.Twins;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Programs written for Open MPI's Java bindings (the kind of its examples: hello, ring,
 * connectivity; and {@link OpenMpiPrograms}, one method per family of calls, the MPI-3 ones
 * checked against their blocking results and a sequential model), compiled against
 * this module's package {@code mpi} and run under the launcher at 2, 3, 4 and 8 ranks, as
 * {@code bin/ccrj mpirun -np N} runs them. The programs check every value against MPI's
 * definition; here no rank may print a FAIL line and every family must finish on every rank.
 * {@link Twins} does the same operations in both spellings and the values must agree.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class OpenMpiProgramsTest {

    private static final Pattern LINE = Pattern.compile("OUT (\\S+ r\\d+ .+?) = (.*)");

    static Map<String, String> values(List<String> lines) {
        Map<String, String> out = new TreeMap<>();
        for (String l : lines) {
            Matcher m = LINE.matcher(l);
            if (m.matches()) {
                out.put(m.group(1), m.group(2));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4, 8})
    void openMpiStyleProgramsPassUnderTheLauncher(int n) throws Exception {
        Backends.Run hello = Backends.ccrMpi(n, Hello.class.getName());
        assertThat(hello.exitStatus()).as(hello.text()).isZero();
        for (int r = 0; r < n; r++) {
            assertThat(hello.lines()).contains("Hello world from rank " + r + " of " + n);
        }

        Backends.Run ring = Backends.ccrMpi(n, Ring.class.getName());
        assertThat(ring.exitStatus()).as(ring.text()).isZero();
        assertThat(ring.lines()).noneMatch(l -> l.startsWith("FAIL")).contains("Process 0 decremented value: 0");
        for (int r = 0; r < n; r++) {
            assertThat(ring.lines()).contains("Process " + r + " exiting");
        }

        Backends.Run conn = Backends.ccrMpi(n, Connectivity.class.getName());
        assertThat(conn.exitStatus()).as(conn.text()).isZero();
        assertThat(conn.lines()).noneMatch(l -> l.startsWith("FAIL"))
                .contains("Connectivity test on " + n + " processes PASSED.");

        Backends.Run all = Backends.ccrMpi(n, OpenMpiPrograms.class.getName());
        assertThat(all.exitStatus()).as(all.text()).isZero();
        assertThat(all.lines()).as(all.text()).noneMatch(l -> l.startsWith("FAIL"));
        Map<String, String> v = values(all.lines());
        for (int r = 0; r < n; r++) {
            for (String family : List.of("p2p", "req", "coll", "red", "types", "comm", "topo", "err", "mpi3", "win", "all")) {
                assertThat(v).as(all.text()).containsEntry(family + " r" + r + " done", "true");
            }
        }

        Backends.Run twins = Backends.ccrMpi(n, Twins.class.getName());
        assertThat(twins.exitStatus()).as(twins.text()).isZero();
        Map<String, String> t = values(twins.lines());
        int compared = 0;
        for (Map.Entry<String, String> e : t.entrySet()) {
            if (e.getKey().startsWith("ompi ")) {
                String mpijava = "mpijava " + e.getKey().substring("ompi ".length());
                assertThat(t).as(twins.text()).containsEntry(mpijava, e.getValue());
                compared++;
            }
        }
        assertThat(compared).isGreaterThanOrEqualTo(10 * n);
    }
}
