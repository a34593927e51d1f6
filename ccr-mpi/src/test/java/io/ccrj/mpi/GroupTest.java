package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GroupTest {

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void setOperationsFollowMpiOrderRules(int n) {
        List<String> results = SpmdWorld.run(n, comm -> {
            Group world = comm.group();
            Group reversed = world.incl(reversed(n));
            Group evens = world.rangeIncl(new int[][] {{0, n - 1, 2}});
            Group odds = world.rangeExcl(new int[][] {{0, n - 1, 2}});
            Group firstTwo = world.incl(0, 1);
            return world.size() + " " + world.rank() + " " + reversed.rank()
                    + " ev" + evens.size() + "/" + evens.rank() + " od" + odds.size() + "/" + odds.rank()
                    + " u" + Arrays.toString(Group.translateRanks(Group.union(odds, evens), ids(n), world))
                    + " i" + Group.intersection(evens, firstTwo).size()
                    + " d" + Arrays.toString(Group.translateRanks(world, ids(n),
                            Group.difference(world, firstTwo)))
                    + " " + Group.compare(world, reversed) + " " + Group.compare(world, world.incl(ids(n)))
                    + " " + Group.compare(evens, odds);
        });
        for (int r = 0; r < n; r++) {
            String s = results.get(r);
            int evensSize = (n + 1) / 2;
            assertThat(s).startsWith(n + " " + r + " " + (n - 1 - r) + " ev" + evensSize + "/"
                    + (r % 2 == 0 ? r / 2 : Group.UNDEFINED) + " od" + (n / 2) + "/" + (r % 2 == 1 ? r / 2
                            : Group.UNDEFINED));
            // union(odds, evens) lists the odd ranks first, then the even ones
            int[] union = new int[n];
            int k = 0;
            for (int i = 1; i < n; i += 2) {
                union[k++] = i;
            }
            for (int i = 0; i < n; i += 2) {
                union[k++] = i;
            }
            assertThat(s).contains(" u" + Arrays.toString(union) + " i1 ");
            int[] diff = new int[n];
            for (int i = 0; i < n; i++) {
                diff[i] = i < 2 ? Group.UNDEFINED : i - 2;
            }
            assertThat(s).contains(" d" + Arrays.toString(diff) + " ");
            assertThat(s).endsWith((n == 1 ? "IDENT" : "SIMILAR") + " IDENT UNEQUAL");
        }
    }

    @Test
    void rangesWithNegativeStridesAndTranslationOfProcNull() {
        List<String> results = SpmdWorld.run(8, comm -> {
            Group g = comm.group().rangeIncl(new int[][] {{7, 1, -3}, {0, 0, 1}});
            return Arrays.toString(Group.translateRanks(g, new int[] {0, 1, 2, 3, Comm.PROC_NULL}, comm.group()));
        });
        assertThat(results.get(0)).isEqualTo("[7, 4, 1, 0, " + Comm.PROC_NULL + "]");
    }

    @Test
    void badRanksAndRangesAreNamed() {
        assertThatThrownBy(() -> SpmdWorld.run(2, comm -> comm.group().incl(0, 2)))
                .hasRootCauseMessage("group incl: rank 2 is not in [0, 2)");
        assertThatThrownBy(() -> SpmdWorld.run(2, comm -> comm.group().excl(1, 1)))
                .hasRootCauseMessage("group excl: rank 1 is listed twice");
        assertThatThrownBy(() -> SpmdWorld.run(2, comm -> comm.group().rangeIncl(new int[][] {{0, 1, 0}})))
                .rootCause().hasMessageContaining("non-zero stride");
    }

    static int[] ids(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    static int[] reversed(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = n - 1 - i;
        }
        return a;
    }
}
