package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The one rule that turns two figures into a verdict, fed the cases a quick run and a full run
 * meet: wide and narrow gaps, single forks, bimodal forks, the fork spread a run measures over
 * several benchmarks, and a peer's single fork.
 */
class VerdictTest {
    private static final Verdict.Context QUICK = new Verdict.Context("mpi", false, ForkSpread.NONE);

    /** One fork of a benchmark, its iterations as given. */
    private static Forks fork(double... iterations) {
        return new Forks("b", Map.of(), "us/op", List.of(iterations));
    }

    private static Forks forks(double[]... forks) {
        return new Forks("b", Map.of(), "us/op", List.of(forks));
    }

    private static Verdict.Context spread(double measured) {
        return new Verdict.Context("mpi", false, ForkSpread.of(measured));
    }

    @Test
    void aWideGapSeenInOneForkIsABoundNeverTheFullRatio() {
        // Rendezvous Shift of a quick run: ours 0.394 µs in one fork, the papers' 7.10 (a point):
        // 18x apart; forks here vary up to 3x, so the bound is about 7.10 / (0.40 x 3) = 5.9x.
        Estimate ours = fork(0.390, 0.394, 0.400).acrossForks();
        assertThat(ours.hasInterval()).isFalse();
        assertThat(ours.fromOneFork()).isTrue();
        Verdict v = Verdict.of(ours, Estimate.point(7.10), true, spread(3));
        assertThat(v.kind()).isEqualTo(Verdict.Kind.AT_LEAST);
        assertThat(v.low()).isBetween(5.5, 6.1);
        assertThat(v.low()).isLessThan(v.ratio());
        assertThat(v.text()).startsWith("at least 5.").endsWith("better (one fork; forks here vary 3.0x, from 1 benchmark)");
    }

    @Test
    void aWideGapWithBothSidesOneForkWidensBoth() {
        // ping-pong 0.256 µs against MPJ Express 6.39 µs, one fork each: 25x; forks vary 2x (the
        // assumed least), ours widened by 2x, MPJ Express's fork (another program's) by 2^2:
        // at least 6.30 / 4 / (0.258 x 2), about 3x.
        Estimate ours = fork(0.254, 0.256, 0.258).acrossForks();
        Estimate mpj = fork(6.30, 6.39, 6.45).acrossForks();
        Verdict v = Verdict.of(ours, mpj, true, QUICK);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.AT_LEAST);
        assertThat(v.low()).isBetween(2.8, 3.2);
        assertThat(v.text()).contains("one fork each").contains("forks vary up to 2x on small machines, none measured in this run"
                + "; the other's one fork: 4.0x)");
        // the other way round: as much worse
        Verdict w = Verdict.of(mpj, ours, true, QUICK);
        assertThat(w.text()).startsWith("at least " + String.format(java.util.Locale.ROOT, "%.2f", v.low()) + "x worse");
        // rates: higher is better, same bound
        Verdict rate = Verdict.of(mpj, ours, false, QUICK);
        assertThat(rate.kind()).isEqualTo(Verdict.Kind.AT_LEAST);
        assertThat(rate.low()).isCloseTo(v.low(), within(1e-9));
    }

    @Test
    void aNarrowGapInOneForkIsNotAVerdictAndNamesLongerRuns() {
        // 1.2x apart, one fork each, iterations tight: the widened intervals overlap, and the
        // forks' own intervals are closer than forks vary, so more forks of the same length would
        // not settle it either: the full run's longer iterations and 5 forks.
        Verdict v = Verdict.of(fork(1.00, 1.01, 1.02).acrossForks(), fork(1.20, 1.21, 1.22).acrossForks(), true, QUICK);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.UNRESOLVED);
        assertThat(v.resolved()).isFalse();
        assertThat(v.text()).isEqualTo("not resolved: one fork each, 1.20x apart, and forks vary up to 2x on small machines,"
                + " none measured in this run; the other's one fork: 4.0x; rerun with --full");
        // against a published point too
        assertThat(Verdict.of(fork(1.00, 1.01, 1.02).acrossForks(), Estimate.point(1.2), true, QUICK).kind())
                .isEqualTo(Verdict.Kind.UNRESOLVED);
    }

    @Test
    void aGapWiderThanForksVaryButNotTwiceAsWideNamesMoreForks() {
        // 3x apart, one fork, forks vary 2x: the widened fork (0.5 .. 2) overlaps 3 only if both are
        // widened; against the published 3.0 alone it is a bound, against a peer's single fork it asks
        // for 3 forks, whose median would decide.
        Estimate ours = fork(0.99, 1.0, 1.01).acrossForks();
        assertThat(Verdict.of(ours, Estimate.point(3.0), true, QUICK).kind()).isEqualTo(Verdict.Kind.AT_LEAST);
        Verdict peer = Verdict.of(ours, fork(2.99, 3.0, 3.01).acrossForks(), true, QUICK);
        assertThat(peer.kind()).isEqualTo(Verdict.Kind.UNRESOLVED);
        assertThat(peer.text()).endsWith("; rerun with bin/ccrj mpi --forks 3");
        // after a full run the advice is more forks of that section alone
        Verdict full = Verdict.of(ours, fork(2.99, 3.0, 3.01).acrossForks(), true,
                new Verdict.Context("mpi", true, ForkSpread.NONE));
        assertThat(full.text()).endsWith("; rerun with more forks: bin/ccrj mpi --full --forks 10");
    }

    @Test
    void theRunsMeasuredSpreadWidensMoreThanTheAssumedLeast() {
        // The same 4x gap: a verdict where forks vary 2x here, none where the floor's forks varied 3x.
        Estimate ours = fork(0.99, 1.0, 1.01).acrossForks();
        assertThat(Verdict.of(ours, Estimate.point(4), true, spread(1.3)).kind()).isEqualTo(Verdict.Kind.AT_LEAST);
        assertThat(Verdict.of(ours, Estimate.point(4), true, spread(1.3)).text())
                .contains("forks vary up to 2x on small machines, 1.30x in this run, from 1 benchmark");
        assertThat(Verdict.of(ours, Estimate.point(4), true, spread(4.5)).kind()).isEqualTo(Verdict.Kind.UNRESOLVED);
    }

    @Test
    void bimodalForksWidenTheSpreadAndTheirOwnInterval() {
        // A floor whose 3 forks fell into two modes 2.6x apart: the run's spread is 2.6x.
        Forks floor = forks(new double[] {0.10, 0.10}, new double[] {0.26, 0.26}, new double[] {0.10, 0.11});
        assertThat(floor.modes().split()).isTrue();
        ForkSpread s = ForkSpread.of(List.of(floor, fork(5, 6)));
        assertThat(s.benchmarks()).isEqualTo(1); // the one-fork benchmark shows no spread
        assertThat(s.factor()).isCloseTo(2.6, within(1e-9));
        assertThat(s.describe()).isEqualTo("forks here vary 2.6x, from 1 benchmark");
        // a 5x gap in one fork is no verdict at that spread when both sides are one fork (5 < 2.6 x 2.6^2) ...
        Verdict.Context c = new Verdict.Context("peers", false, s);
        assertThat(Verdict.of(fork(1, 1).acrossForks(), fork(5, 5).acrossForks(), true, c).kind()).isEqualTo(Verdict.Kind.UNRESOLVED);
        // ... and a bimodal figure's own interval across forks spans both modes, which no narrow gap escapes
        Estimate bimodal = floor.acrossForks();
        assertThat(bimodal.fromOneFork()).isFalse();
        assertThat(bimodal.low()).isLessThanOrEqualTo(0.11);
        assertThat(bimodal.high()).isGreaterThanOrEqualTo(0.25);
        assertThat(Verdict.of(bimodal, Estimate.point(0.2), true, c).text()).startsWith("not resolved: the intervals overlap");
        // but a wide one does, with the full ratio and its range (both sides across forks)
        Verdict wide = Verdict.of(bimodal, forks(new double[] {12}, new double[] {13}, new double[] {12.5}).acrossForks(), true, c);
        assertThat(wide.kind()).isEqualTo(Verdict.Kind.RATIO);
        assertThat(wide.text()).matches("[0-9]+x better \\([0-9]+-[0-9]+x\\)");
    }

    @Test
    void aSingleForkOfOneIterationGivesNoVerdictHoweverWideTheGap() {
        // One iteration (a smoke run in this JVM, or --iterations 1): nothing says how far it strays.
        Estimate one = fork(2.0).acrossForks();
        assertThat(one.fromOneFork()).isTrue();
        assertThat(one.withinFork().hasInterval()).isFalse();
        Verdict v = Verdict.of(one, Estimate.point(200), true, QUICK);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.UNRESOLVED);
        assertThat(v.text()).isEqualTo("not resolved: ours is one fork of one iteration; rerun with bin/ccrj mpi --forks 3");
        assertThat(Verdict.of(fork(1.0, 1.01, 0.99).acrossForks(), one, true, QUICK).text())
                .startsWith("not resolved: the other is one fork of one iteration");
        // two iterations are an interval: 20 / (2.x x 2) is a bound
        Verdict two = Verdict.of(fork(2.0, 2.1).acrossForks(), Estimate.point(20), true, QUICK);
        assertThat(two.kind()).isEqualTo(Verdict.Kind.AT_LEAST);
        assertThat(two.low()).isBetween(4.5, 5.0);
    }

    @Test
    void whatGivesNoVerdictSaysWhyAndWhatWouldGiveOne() {
        assertThat(Verdict.of(Estimate.point(2), Estimate.point(4), true, QUICK).text())
                .isEqualTo("not resolved: ours has no interval (one repetition); rerun with --full");
        assertThat(Verdict.of(new Estimate(-0.1, -0.3, 0.1), Estimate.point(4), true, QUICK).text())
                .isEqualTo("not resolved: ours below the resolution of this run; rerun with --full");
        assertThat(Verdict.of(new Estimate(1, 0.5, 4), Estimate.point(40), true, QUICK).text())
                .isEqualTo("not resolved: ours' interval spans more than 3x; rerun with --full");
        assertThat(Verdict.of(fork(-1, 1, 3).acrossForks(), Estimate.point(40), true, QUICK).text())
                .startsWith("not resolved: our fork's interval reaches zero");
        assertThat(Verdict.of(Estimate.point(1), Estimate.point(Double.NaN), true, QUICK).kind()).isEqualTo(Verdict.Kind.NONE);
        assertThat(Verdict.of(Estimate.point(1), Estimate.point(Double.NaN), true, QUICK).text()).isEqualTo("-");
    }

    @Test
    void aChangeOfUnitKeepsTheForksInterval() {
        Estimate us = fork(1.0, 1.1, 1.2).acrossForks();
        Estimate rate = us.map(v -> 1e6 / v); // per second: the ends swap
        assertThat(rate.fromOneFork()).isTrue();
        assertThat(rate.withinFork().low()).isLessThan(rate.withinFork().high());
        assertThat(rate.withinFork().high()).isLessThanOrEqualTo(1e6 / us.withinFork().low() + 1e-6);
    }

    /** Three forks scoring 1, {@code ratio} and in between: a benchmark whose range is {@code ratio}. */
    private static Forks threeForks(double ratio) {
        return forks(new double[] {1.0, 1.0}, new double[] {ratio, ratio}, new double[] {(1 + ratio) / 2, (1 + ratio) / 2});
    }

    @Test
    void theSpreadIsTheMedianOverEveryBenchmarkOfThreeForksOrMoreAndOneOutlierHardlyMovesIt() {
        // Seven benchmarks of three forks (the floor and ccr-core's six messaging workloads of a quick
        // run), one of which caught an extreme fork; a two-fork benchmark and a one-fork one do not count.
        List<Forks> run = List.of(threeForks(2.4), threeForks(2.5), threeForks(2.6), threeForks(2.7), threeForks(2.5),
                threeForks(2.6), threeForks(12), forks(new double[] {1}, new double[] {20}), fork(5, 6));
        ForkSpread s = ForkSpread.of(run);
        assertThat(s.benchmarks()).isEqualTo(7);
        assertThat(s.measured()).isCloseTo(2.6, within(1e-9));
        assertThat(s.factor()).isCloseTo(2.6, within(1e-9));
        assertThat(s.describe()).isEqualTo("forks here vary 2.6x, the median of 7 benchmarks");
        // Without the outlier the median moves by one place of the order, not to the outlier's 12x,
        // and the largest ratio (the rule this replaced) would have been the outlier itself.
        ForkSpread without = ForkSpread.of(run.subList(0, 6));
        assertThat(without.measured()).isCloseTo(2.55, within(1e-9));
        assertThat(Math.abs(s.factor() - without.factor())).isLessThan(0.1);
        // Sections' spreads together: every benchmark of both (a floor at 6.2x and the peers' six).
        ForkSpread floor = ForkSpread.of(List.of(threeForks(6.2)));
        ForkSpread together = floor.and(without);
        assertThat(together.benchmarks()).isEqualTo(7);
        assertThat(together.measured()).isCloseTo(2.6, within(1e-9));
        assertThat(floor.and(ForkSpread.NONE)).isEqualTo(floor);
        assertThat(ForkSpread.NONE.and(floor)).isEqualTo(floor);
        // The floor of the factor holds however tight the forks were.
        assertThat(ForkSpread.of(1.1, 1.2, 1.3).factor()).isEqualTo(ForkSpread.ASSUMED);
        assertThat(ForkSpread.NONE.factor()).isEqualTo(ForkSpread.ASSUMED);
        assertThat(ForkSpread.NONE.measured()).isNaN();
    }

    @Test
    void theVerdictOfAWholeRunDoesNotSwingWithOneBenchmarksExtremeFork() {
        // The same figures under two runs' spreads, one of which caught a fork 6.2x off in one
        // benchmark: with the median both state the same bound.
        Estimate ours = fork(0.99, 1.0, 1.01).acrossForks();
        ForkSpread calm = ForkSpread.of(3.4, 2.4, 2.5, 2.6, 2.7, 2.5, 2.6);
        ForkSpread wild = ForkSpread.of(6.2, 2.4, 2.5, 2.6, 2.7, 2.5, 2.6);
        Verdict a = Verdict.of(ours, Estimate.point(5), true, new Verdict.Context("mpi", false, calm));
        Verdict b = Verdict.of(ours, Estimate.point(5), true, new Verdict.Context("mpi", false, wild));
        assertThat(a.kind()).isEqualTo(Verdict.Kind.AT_LEAST);
        assertThat(b.text()).isEqualTo(a.text());
        assertThat(a.text()).endsWith("better (one fork; forks here vary 2.6x, the median of 7 benchmarks)");
    }

    @Test
    void aPeersSingleForkIsWidenedByTheSquareOfTheSpreadOursByTheSpread() {
        // Ours across three forks; the peer's single fork: another program, whose modes none of the
        // benchmarks the spread is taken over sampled, widened by the spread squared.
        Estimate oursAcross = forks(new double[] {1.0, 1.0}, new double[] {1.02, 1.02}, new double[] {0.99, 0.99}).acrossForks();
        Estimate peerFork = fork(2.99, 3.0, 3.01).acrossForks();
        // 3x apart: ours from one fork against a peer across forks is a bound (3 > 2) ...
        Estimate oursFork = fork(0.99, 1.0, 1.01).acrossForks();
        Estimate peerAcross = forks(new double[] {3.0, 3.0}, new double[] {3.05, 3.05}, new double[] {2.98, 2.98}).acrossForks();
        assertThat(Verdict.of(oursFork, peerAcross, true, QUICK).kind()).isEqualTo(Verdict.Kind.AT_LEAST);
        // ... but the peer from one fork is not (3 < 2^2), and says the peer's factor
        Verdict v = Verdict.of(oursAcross, peerFork, true, QUICK);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.UNRESOLVED);
        assertThat(v.text()).isEqualTo("not resolved: one fork, 3.00x apart, and forks vary up to 2x on small machines, none"
                + " measured in this run; the other's one fork: 4.0x; rerun with bin/ccrj mpi --forks 3");
        // 6x apart is: at least 6 x 0.997 / 4 over ours' upper end
        Verdict six = Verdict.of(oursAcross, fork(5.98, 6.0, 6.02).acrossForks(), true, QUICK);
        assertThat(six.kind()).isEqualTo(Verdict.Kind.AT_LEAST);
        assertThat(six.low()).isBetween(1.3, 1.5);
        assertThat(six.text()).startsWith("at least 1.").endsWith("better (the other one fork; forks vary up to 2x on small machines,"
                + " none measured in this run; the other's one fork: 4.0x)");
        // From a measured spread of 3x the peer's factor is 9x.
        assertThat(ForkSpread.of(3.0).otherFactor()).isCloseTo(9, within(1e-9));
        assertThat(Verdict.of(oursAcross, fork(5.98, 6.0, 6.02).acrossForks(), true, spread(3)).kind())
                .isEqualTo(Verdict.Kind.UNRESOLVED);
    }

    @Test
    void aPeersForkFarFromItsMedianOfFiveGivesABoundTheFullRunDoesNotContradict() {
        // A quick run's one-way: ccr-core 33.4M messages/s over three forks, a peer's single fork at
        // 0.316M, 105x; the full run's five forks of that peer put it 8.25x (6.40-16x) below ours.
        // Widened by the spread alone (3.4x), the bound would be past 16x; by its square it is not.
        Estimate ours = forks(new double[] {33.0e6, 33.4e6}, new double[] {33.6e6, 33.3e6}, new double[] {24.1e6, 24.3e6}).acrossForks();
        Estimate peer = fork(0.285e6, 0.316e6, 0.348e6).acrossForks();
        Verdict.Stated full = Verdict.stated("8.25x better (6.40-16x)").orElseThrow();
        Verdict quick = Verdict.of(ours, peer, false, new Verdict.Context("peers", false, ForkSpread.of(3.4)));
        assertThat(quick.kind()).isEqualTo(Verdict.Kind.AT_LEAST);
        assertThat(Verdict.stated(quick.text()).orElseThrow().contradicts(full)).as(quick.text()).isFalse();
        // what the spread alone would have stated
        double spreadAlone = ours.low() / (peer.withinFork().high() * 3.4);
        assertThat(spreadAlone).isGreaterThan(16.5);
    }

    @Test
    void aVerdictsTextReadsBackAsTheRangeItStates() {
        // Every kind the rule writes, both ways round, read back: the stated range holds the
        // verdict's own range (as times better), and a bound is open on its far side only.
        Estimate slow = forks(new double[] {9.9, 10.0, 10.1}, new double[] {10.2, 10.3, 10.4}).acrossForks();
        Estimate fast = forks(new double[] {1.9, 2.0, 2.1}, new double[] {2.2, 2.3, 2.4}).acrossForks();
        Estimate oneFork = fork(0.254, 0.256, 0.258).acrossForks();
        Estimate otherFork = fork(6.30, 6.39, 6.45).acrossForks();
        for (Verdict v : List.of(Verdict.of(fast, slow, true, QUICK), Verdict.of(slow, fast, true, QUICK),
                Verdict.of(fast, slow, false, QUICK), Verdict.of(oneFork, Estimate.point(7.10), true, QUICK),
                Verdict.of(otherFork, oneFork, true, QUICK))) {
            assertThat(v.resolved()).as(v.text()).isTrue();
            Verdict.Stated s = Verdict.stated(v.text()).orElseThrow();
            double lo = Math.min(v.low(), v.high());
            double hi = Math.max(v.low(), v.high());
            assertThat(s.low()).as(v.text()).isLessThanOrEqualTo(lo).isGreaterThan(lo * 0.9 - (v.ratio() < 1 && v.kind() == Verdict.Kind.AT_LEAST ? 1 : 0));
            assertThat(s.high()).as(v.text()).isGreaterThanOrEqualTo(hi);
            if (v.kind() == Verdict.Kind.AT_LEAST) {
                assertThat(v.ratio() > 1 ? s.high() : s.low()).as(v.text()).isEqualTo(v.ratio() > 1 ? Double.POSITIVE_INFINITY : 0);
            } else {
                assertThat(s.high()).as(v.text()).isLessThan(hi * 1.1);
            }
        }
        assertThat(Verdict.stated("2.00x worse (1.81-2.21x)").orElseThrow().high()).isCloseTo(1 / 1.805, within(1e-9));
        Verdict.Stated worse = Verdict.stated("at least 1.09x worse (one fork each; forks here vary up to 2.0x)").orElseThrow();
        assertThat(worse.low()).isZero();
        assertThat(worse.high()).isCloseTo(1 / 1.085, within(1e-12));
        assertThat(Verdict.stated("17x better (13-19x)").orElseThrow()).isEqualTo(new Verdict.Stated(12.5, 19.5));
        assertThat(Verdict.stated("not resolved: the intervals overlap; rerun with --full")).isEmpty();
        assertThat(Verdict.stated("-")).isEmpty();
    }

    @Test
    void twoStatementsContradictOnlyWhereTheirRangesDoNotMeetBeyondTheirRounding() {
        Verdict.Stated full = Verdict.stated("2.00x better (1.81-2.21x)").orElseThrow();
        assertThat(Verdict.stated("at least 2.21x better (one fork)").orElseThrow().contradicts(full)).isFalse();
        assertThat(Verdict.stated("at least 2.30x better (one fork)").orElseThrow().contradicts(full)).isTrue();
        assertThat(Verdict.stated("at least 1.50x worse (one fork)").orElseThrow().contradicts(full)).isTrue();
        assertThat(Verdict.stated("at least 1.50x better (one fork)").orElseThrow().contradicts(full)).isFalse();
        assertThat(full.contradicts(Verdict.stated("3.00x better (2.50-3.50x)").orElseThrow())).isTrue();
    }
}
