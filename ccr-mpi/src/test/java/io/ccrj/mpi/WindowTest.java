package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One-sided communication against a sequential model: every data operation under every
 * synchronization mode, every predefined operation on every base type it is defined on, derived
 * datatypes, shared-memory windows; at 2, 3, 4 and 8 ranks on platform and virtual threads.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WindowTest {

    static final int[] SIZES = {2, 3, 4, 8};

    static SpmdWorld world(int n, RankThreads threads) {
        return SpmdWorld.builder().size(n).name("w").rankThreads(threads).deadlockTimeout(Duration.ofSeconds(20))
                .build();
    }

    static Stream<Arguments> sizesAndThreads() {
        List<Arguments> all = new ArrayList<>();
        for (int n : SIZES) {
            for (RankThreads t : List.of(RankThreads.PLATFORM, RankThreads.VIRTUAL)) {
                all.add(Arguments.of(n, t));
            }
        }
        return all.stream();
    }

    /** How an epoch of {@link #everyOperationUnderEverySynchronizationMatchesTheModel} is opened and closed. */
    enum Sync {
        FENCE, POST_START_COMPLETE_WAIT, POST_START_COMPLETE_TEST, LOCK_EXCLUSIVE, LOCK_SHARED, LOCK_ALL,
        REQUESTS_UNDER_LOCK_ALL
    }

    static Stream<Arguments> syncModes() {
        List<Arguments> all = new ArrayList<>();
        for (Arguments a : sizesAndThreads().toList()) {
            for (Sync s : Sync.values()) {
                all.add(Arguments.of(a.get()[0], a.get()[1], s));
            }
        }
        return all.stream();
    }

    /** Rank {@code r}'s window element {@code i} before any operation. */
    static long initial(int r, int i) {
        return r * 1000L + i;
    }

    /**
     * Each rank's window is {@code n + 3} longs. In one epoch every origin {@code o}, for every
     * target {@code t} (itself included): puts {@code o * 100 + t} at displacement {@code o} (its
     * own slot), adds {@code o + 1} to displacement {@code n} (all origins), gets displacement
     * {@code n + 1} (never written) and fetch-and-adds 1 to displacement {@code n + 2}. After the
     * epoch's synchronization each target reads its own array directly.
     */
    @ParameterizedTest(name = "{0} ranks, {1}, {2}")
    @MethodSource("syncModes")
    void everyOperationUnderEverySynchronizationMatchesTheModel(int n, RankThreads threads, Sync sync) {
        List<long[][]> results = world(n, threads).run(comm -> {
            int me = comm.rank();
            long[] mem = new long[n + 3];
            for (int i = 0; i < mem.length; i++) {
                mem[i] = initial(me, i);
            }
            Window win = comm.createWindow(mem, 0, mem.length, Datatype.LONG);
            long[] got = new long[n];
            long[] fetched = new long[n];
            Group all = comm.group();
            switch (sync) {
                case FENCE -> {
                    win.fence(Window.MODE_NOPRECEDE);
                    for (int t : targets(me, n)) {
                        operations(win, me, t, n, got, fetched);
                    }
                    win.fence(Window.MODE_NOSUCCEED);
                }
                case POST_START_COMPLETE_WAIT, POST_START_COMPLETE_TEST -> {
                    win.post(all, 0);
                    win.start(all, 0);
                    for (int t : targets(me, n)) {
                        operations(win, me, t, n, got, fetched);
                    }
                    win.complete();
                    if (sync == Sync.POST_START_COMPLETE_WAIT) {
                        win.waitExposure();
                    } else {
                        while (!win.testExposure()) {
                            Thread.onSpinWait();
                        }
                    }
                }
                case LOCK_EXCLUSIVE, LOCK_SHARED -> {
                    int type = sync == Sync.LOCK_EXCLUSIVE ? Window.LOCK_EXCLUSIVE : Window.LOCK_SHARED;
                    for (int t : targets(me, n)) {
                        win.lock(type, t, 0);
                        operations(win, me, t, n, got, fetched);
                        win.unlock(t);
                    }
                    comm.barrier();
                    win.sync();
                }
                case LOCK_ALL -> {
                    win.lockAll(0);
                    for (int t : targets(me, n)) {
                        operations(win, me, t, n, got, fetched);
                        win.flush(t);
                    }
                    win.flushAll();
                    win.unlockAll();
                    comm.barrier();
                    win.sync();
                }
                case REQUESTS_UNDER_LOCK_ALL -> {
                    win.lockAll(Window.MODE_NOCHECK);
                    List<Request> requests = new ArrayList<>();
                    long[] one = {1};
                    for (int t : targets(me, n)) {
                        requests.add(win.rput(new long[] {me * 100L + t}, 0, 1, Datatype.LONG, t, me, 1,
                                Datatype.LONG));
                        requests.add(win.raccumulate(new long[] {me + 1}, 0, 1, Datatype.LONG, t, n, 1,
                                Datatype.LONG, Op.SUM));
                        requests.add(win.rget(got, t, 1, Datatype.LONG, t, n + 1, 1, Datatype.LONG));
                        requests.add(win.rgetAccumulate(one, 0, 1, Datatype.LONG, fetched, t, 1, Datatype.LONG, t,
                                n + 2, 1, Datatype.LONG, Op.SUM));
                    }
                    Request.waitAll(requests.toArray(Request[]::new));
                    win.flushLocalAll();
                    win.unlockAll();
                    comm.barrier();
                    win.sync();
                }
            }
            long[] after = mem.clone();
            win.free();
            return new long[][] {after, got, fetched};
        });
        for (int t = 0; t < n; t++) {
            long[] mem = results.get(t)[0];
            for (int o = 0; o < n; o++) {
                assertThat(mem[o]).as("target %d slot of origin %d", t, o).isEqualTo(o * 100L + t);
            }
            assertThat(mem[n]).as("target %d sum", t).isEqualTo(initial(t, n) + (long) n * (n + 1) / 2);
            assertThat(mem[n + 1]).as("target %d untouched", t).isEqualTo(initial(t, n + 1));
            assertThat(mem[n + 2]).as("target %d counter", t).isEqualTo(initial(t, n + 2) + n);
            long[] fetchedFromT = new long[n];
            for (int o = 0; o < n; o++) {
                assertThat(results.get(o)[1][t]).as("origin %d get from %d", o, t).isEqualTo(initial(t, n + 1));
                fetchedFromT[o] = results.get(o)[2][t];
            }
            Arrays.sort(fetchedFromT);
            for (int k = 0; k < n; k++) {
                assertThat(fetchedFromT[k]).as("fetch-and-add values of target %d: no loss, no duplicate", t)
                        .isEqualTo(initial(t, n + 2) + k);
            }
        }
    }

    /** All targets, starting at the next rank, so that origins do not all hit one target at once. */
    static int[] targets(int me, int n) {
        int[] t = new int[n];
        for (int k = 0; k < n; k++) {
            t[k] = (me + 1 + k) % n;
        }
        return t;
    }

    static void operations(Window win, int me, int t, int n, long[] got, long[] fetched) {
        win.put(new long[] {me * 100L + t}, 0, 1, Datatype.LONG, t, me, 1, Datatype.LONG);
        win.accumulate(new long[] {me + 1}, 0, 1, Datatype.LONG, t, n, 1, Datatype.LONG, Op.SUM);
        win.get(got, t, 1, Datatype.LONG, t, n + 1, 1, Datatype.LONG);
        win.fetchAndOp(new long[] {1}, 0, fetched, t, Datatype.LONG, t, n + 2, Op.SUM);
    }

    // ------------------------------------------------------------------ every operation, every type

    static final int COUNT = 4;

    /** Rank {@code r}'s operand for element {@code i}: 1 .. 5, so that products stay exact in floating point. */
    static long operand(int r, int i) {
        return (r * 7L + i * 3L) % 5 + 1;
    }

    static long initialTarget(int i) {
        return i + 2;
    }

    /** (type, op) cases: every predefined operation on every base type it is defined on, and REPLACE. */
    static List<Object[]> elementCases() {
        List<Object[]> cases = new ArrayList<>();
        List<Datatype> arithmetic = List.of(Datatype.BYTE, Datatype.CHAR, Datatype.SHORT, Datatype.INT, Datatype.LONG,
                Datatype.FLOAT, Datatype.DOUBLE);
        for (Datatype t : arithmetic) {
            for (Op op : List.of(Op.SUM, Op.PROD, Op.MIN, Op.MAX, Op.REPLACE)) {
                cases.add(new Object[] {t, op});
            }
        }
        for (Datatype t : List.of(Datatype.BYTE, Datatype.CHAR, Datatype.SHORT, Datatype.INT, Datatype.LONG)) {
            for (Op op : List.of(Op.BAND, Op.BOR, Op.BXOR)) {
                cases.add(new Object[] {t, op});
            }
        }
        for (Op op : List.of(Op.LAND, Op.LOR, Op.LXOR, Op.REPLACE)) {
            cases.add(new Object[] {Datatype.BOOLEAN, op});
        }
        return cases;
    }

    /** The model: the target's initial value combined with every rank's operand (any order: commutative ops). */
    static long model(Datatype type, Op op, int n, int i) {
        if (type.base() == Datatype.Base.BOOLEAN) {
            boolean acc = (initialTarget(i) & 1) != 0;
            for (int r = 0; r < n; r++) {
                boolean x = (operand(r, i) & 1) != 0;
                acc = op == Op.LAND ? acc && x : op == Op.LOR ? acc || x : acc ^ x;
            }
            return acc ? 1 : 0;
        }
        long acc = initialTarget(i);
        for (int r = 0; r < n; r++) {
            long x = operand(r, i);
            acc = switch (op.name()) {
                case "SUM" -> acc + x;
                case "PROD" -> acc * x;
                case "MIN" -> Math.min(acc, x);
                case "MAX" -> Math.max(acc, x);
                case "BAND" -> acc & x;
                case "BOR" -> acc | x;
                case "BXOR" -> acc ^ x;
                default -> throw new AssertionError(op);
            };
        }
        Object narrowed = type.newArray(1);
        TestData.set(type, narrowed, 0, acc);
        return TestData.get(type, narrowed, 0);
    }

    static Object operands(Datatype type, int r) {
        Object a = type.newArray(COUNT);
        for (int i = 0; i < COUNT; i++) {
            TestData.set(type, a, i, operand(r, i));
        }
        return a;
    }

    /**
     * Every rank accumulates into rank 0's window in one fence epoch, with {@code accumulate} in
     * one pass and {@code getAccumulate} in the next: rank 0's elements must be the model's, and
     * for REPLACE all of one rank's operands (the operation is atomic as a whole).
     */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndThreads")
    void accumulateAndGetAccumulateApplyEveryPredefinedOperationAsTheModel(int n, RankThreads threads) {
        List<List<String>> failures = world(n, threads).run(comm -> {
            List<String> wrong = new ArrayList<>();
            for (Object[] c : elementCases()) {
                Datatype type = (Datatype) c[0];
                Op op = (Op) c[1];
                for (boolean fetching : new boolean[] {false, true}) {
                    Window win = comm.allocateWindow(type, COUNT);
                    if (comm.rank() == 0) {
                        for (int i = 0; i < COUNT; i++) {
                            TestData.set(type, win.base(), i, initialTarget(i));
                        }
                    }
                    win.fence(0);
                    Object mine = operands(type, comm.rank());
                    Object previous = type.newArray(COUNT);
                    if (fetching) {
                        win.getAccumulate(mine, 0, COUNT, type, previous, 0, COUNT, type, 0, 0, COUNT, type, op);
                    } else {
                        win.accumulate(mine, 0, COUNT, type, 0, 0, COUNT, type, op);
                    }
                    win.fence(0);
                    if (comm.rank() == 0) {
                        check(wrong, type, op, n, win.base(), fetching);
                    }
                    win.free();
                }
            }
            return wrong;
        });
        assertThat(failures.get(0)).isEmpty();
    }

    static void check(List<String> wrong, Datatype type, Op op, int n, Object result, boolean fetching) {
        String what = (fetching ? "getAccumulate " : "accumulate ") + op.name() + " " + type;
        if (op == Op.REPLACE) {
            for (int r = 0; r < n; r++) {
                boolean all = true;
                for (int i = 0; i < COUNT; i++) {
                    Object x = type.newArray(1);
                    TestData.set(type, x, 0, operand(r, i));
                    all &= TestData.get(type, result, i) == TestData.get(type, x, 0);
                }
                if (all) {
                    return;
                }
            }
            wrong.add(what + ": " + TestData.toString(result) + " is no rank's operands");
            return;
        }
        for (int i = 0; i < COUNT; i++) {
            long expected = model(type, op, n, i);
            if (TestData.get(type, result, i) != expected) {
                wrong.add(what + " element " + i + ": " + TestData.get(type, result, i) + ", expected " + expected);
            }
        }
    }

    /**
     * getAccumulate SUM is atomic: the previous values the ranks got, ordered, form one chain
     * from the initial value, each the last plus one rank's operand (no lost or torn update).
     */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndThreads")
    void getAccumulateResultsFormOneSerialHistory(int n, RankThreads threads) {
        List<double[]> previous = world(n, threads).run(comm -> {
            Window win = comm.allocateWindow(Datatype.DOUBLE, COUNT);
            win.lockAll(0);
            double[] mine = new double[COUNT];
            for (int i = 0; i < COUNT; i++) {
                mine[i] = operand(comm.rank(), i);
            }
            double[] old = new double[COUNT];
            win.getAccumulate(mine, 0, COUNT, Datatype.DOUBLE, old, 0, COUNT, Datatype.DOUBLE, 0, 0, COUNT,
                    Datatype.DOUBLE, Op.SUM);
            win.unlockAll();
            win.free();
            return old;
        });
        List<Integer> left = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            left.add(r);
        }
        double current = 0;
        while (!left.isEmpty()) {
            Integer next = null;
            for (Integer r : left) {
                if (previous.get(r)[0] == current) {
                    next = r;
                }
            }
            assertThat(next).as("a rank whose previous value is %s (%s)", current, left).isNotNull();
            for (int i = 0; i < COUNT; i++) {
                assertThat(previous.get(next)[i]).as("rank %d element %d in the same step", next, i)
                        .isEqualTo(stepValue(previous, next, i, n));
            }
            current += operand(next, 0);
            left.remove(next);
        }
    }

    /** Element {@code i} before {@code rank}'s step: the sum of the operands of the ranks that stepped before it. */
    static double stepValue(List<double[]> previous, int rank, int i, int n) {
        double sum = 0;
        for (int r = 0; r < n; r++) {
            if (previous.get(r)[0] < previous.get(rank)[0]) {
                sum += operand(r, i);
            }
        }
        return sum;
    }

    /** MAXLOC and MINLOC on pair types: of equal values the lower index wins, whatever the order. */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndThreads")
    void maxlocAndMinlocAccumulateValueIndexPairs(int n, RankThreads threads) {
        List<String> got = world(n, threads).run(comm -> {
            StringBuilder sb = new StringBuilder();
            for (Datatype pair : List.of(Datatype.INT2, Datatype.LONG2, Datatype.SHORT2, Datatype.FLOAT2,
                    Datatype.DOUBLE2)) {
                Datatype base = Datatype.of(pair.base());
                for (Op op : List.of(Op.MAXLOC, Op.MINLOC)) {
                    Window win = comm.allocateWindow(base, 2);
                    if (comm.rank() == 0) {
                        TestData.set(base, win.base(), 0, 3);      // (3, 100): the initial pair
                        TestData.set(base, win.base(), 1, 100);
                    }
                    win.fence(0);
                    Object mine = base.newArray(2);
                    TestData.set(base, mine, 0, comm.rank() % 3 + 2);    // values 2, 3, 4, 2, 3, 4 ...
                    TestData.set(base, mine, 1, comm.rank());
                    win.accumulate(mine, 0, 1, pair, 0, 0, 1, pair, op);
                    win.fence(0);
                    if (comm.rank() == 0) {
                        sb.append(pair).append(' ').append(op.name()).append('=')
                                .append(TestData.get(base, win.base(), 0)).append(',')
                                .append(TestData.get(base, win.base(), 1)).append(' ');
                    }
                    win.free();
                }
            }
            return sb.toString();
        });
        // MAXLOC: value 4 first held by rank 2 (if it exists), else 3 at rank 1 beats the initial index 100;
        // MINLOC: value 2 at rank 0
        String max = n >= 3 ? "4,2" : "3,1";
        for (String pair : List.of("INT2", "LONG2", "SHORT2", "FLOAT2", "DOUBLE2")) {
            assertThat(got.get(0)).contains(pair + " MAXLOC=" + max + " ").contains(pair + " MINLOC=2,0 ");
        }
    }

    /** fetchAndOp with every operation on LONG, NO_OP included, and compareAndSwap: one rank wins. */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndThreads")
    void fetchAndOpAndCompareAndSwapMatchTheModel(int n, RankThreads threads) {
        List<long[]> results = world(n, threads).run(comm -> {
            Window win = comm.allocateWindow(Datatype.LONG, 8);
            long[] mem = (long[]) win.base();
            if (comm.rank() == 0) {
                Arrays.fill(mem, 2);
                mem[7] = -1;                       // the compare-and-swap slot
            }
            win.fence(0);
            Op[] ops = {Op.SUM, Op.PROD, Op.MIN, Op.MAX, Op.BAND, Op.BOR, Op.BXOR};
            long[] out = new long[ops.length + 2];
            for (int k = 0; k < ops.length; k++) {
                win.fetchAndOp(new long[] {operand(comm.rank(), k)}, 0, out, k, Datatype.LONG, 0, k, ops[k]);
            }
            win.compareAndSwap(new long[] {comm.rank()}, 0, new long[] {-1}, 0, out, ops.length, Datatype.LONG, 0, 7);
            win.fence(0);
            win.fetchAndOp(null, 0, out, ops.length + 1, Datatype.LONG, 0, 7, Op.NO_OP);
            win.fence(0);
            long[] r = new long[out.length + mem.length];
            System.arraycopy(out, 0, r, 0, out.length);
            System.arraycopy(mem, 0, r, out.length, mem.length);
            win.free();
            return r;
        });
        long[] mem0 = Arrays.copyOfRange(results.get(0), 9, 17);
        String[] names = {"SUM", "PROD", "MIN", "MAX", "BAND", "BOR", "BXOR"};
        for (int k = 0; k < names.length; k++) {
            long acc = 2;
            for (int r = 0; r < n; r++) {
                long x = operand(r, k);
                acc = switch (names[k]) {
                    case "SUM" -> acc + x;
                    case "PROD" -> acc * x;
                    case "MIN" -> Math.min(acc, x);
                    case "MAX" -> Math.max(acc, x);
                    case "BAND" -> acc & x;
                    case "BOR" -> acc | x;
                    default -> acc ^ x;
                };
            }
            assertThat(mem0[k]).as(names[k]).isEqualTo(acc);
        }
        long winner = mem0[7];
        assertThat(winner).isBetween(0L, n - 1L);
        for (int r = 0; r < n; r++) {
            long previous = results.get(r)[7];
            assertThat(previous).as("rank %d's compare-and-swap result", r).isEqualTo(r == winner ? -1 : winner);
            assertThat(results.get(r)[8]).as("NO_OP fetch").isEqualTo(winner);
        }
    }

    // ------------------------------------------------------------------ datatypes, offsets, shared memory

    /**
     * Derived origin and target datatypes: a strided put, an indexed get and a strided accumulate,
     * and a window over part of an array with a two-element window datatype (displacement unit 2).
     */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndThreads")
    void derivedDatatypesAndDisplacementUnitsAddressTheModelsElements(int n, RankThreads threads) {
        List<double[]> results = world(n, threads).run(comm -> {
            double[] mem = new double[3 + 2 * 10];
            Arrays.fill(mem, -1);
            Datatype unit = Datatype.contiguous(2, Datatype.DOUBLE);
            Window win = comm.createWindow(mem, 3, 10, unit);
            assertThat(win.offset()).isEqualTo(3);
            assertThat(win.length()).isEqualTo(10);
            int right = (comm.rank() + 1) % n;
            double[] origin = {10, 11, 12, 13, 14, 15};
            Datatype everyOther = Datatype.vector(3, 1, 2, Datatype.DOUBLE);      // origin 0, 2, 4
            Datatype everyThird = Datatype.vector(3, 1, 3, Datatype.DOUBLE);      // target 0, 3, 6
            double[] got = new double[4];
            win.fence(0);
            // displacement 1 = window element 2 = mem[5]: mem[5], mem[8], mem[11] = 10, 12, 14
            win.put(origin, 0, 1, everyOther, right, 1, 1, everyThird);
            // displacement 6 = mem[15] .. : accumulate 1, 3, 5 into mem[15], mem[18], mem[21] (initially -1)
            win.accumulate(origin, 1, 1, everyOther, right, 6, 1, everyThird, Op.SUM);
            win.fence(0);
            // indexed get of mem[5], mem[11] into got[1], got[3]
            Datatype spread = Datatype.indexed(new int[] {1, 1}, new int[] {1, 3}, Datatype.DOUBLE);
            Datatype pick = Datatype.indexed(new int[] {1, 1}, new int[] {0, 6}, Datatype.DOUBLE);
            win.get(got, 0, 1, spread, right, 1, 1, pick);
            win.fence(0);
            win.free();
            double[] r = new double[mem.length + got.length];
            System.arraycopy(mem, 0, r, 0, mem.length);
            System.arraycopy(got, 0, r, mem.length, got.length);
            return r;
        });
        for (int r = 0; r < n; r++) {
            double[] mem = Arrays.copyOfRange(results.get(r), 0, 23);
            double[] expected = new double[23];
            Arrays.fill(expected, -1);
            expected[5] = 10;
            expected[8] = 12;
            expected[11] = 14;
            expected[15] = 10;
            expected[18] = 12;
            expected[21] = 14;
            assertThat(mem).as("rank %d's memory", r).containsExactly(expected);
            assertThat(Arrays.copyOfRange(results.get(r), 23, 27)).containsExactly(0, 10, 0, 14);
        }
    }

    /** A shared window: each rank stores into its own segment, and after a fence loads its peers' directly. */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndThreads")
    void sharedWindowsHandOutEachPeersOwnArray(int n, RankThreads threads) {
        List<String> results = world(n, threads).run(comm -> {
            Window win = comm.allocateSharedWindow(Datatype.INT, 3);
            Window.Segment mine = win.sharedQuery(comm.rank());
            assertThat(mine.base()).isSameAs(win.base());
            win.fence(0);
            int[] own = (int[]) mine.base();
            for (int i = 0; i < 3; i++) {
                own[mine.offset() + i] = comm.rank() * 10 + i;
            }
            win.fence(0);
            StringBuilder sb = new StringBuilder();
            for (int r = 0; r < n; r++) {
                Window.Segment s = win.sharedQuery(r);
                int[] peer = (int[]) s.base();
                sb.append(peer[s.offset()]).append(',').append(peer[s.offset() + 2]).append(';');
                assertThat(s.length()).isEqualTo(3);
                assertThat(s.type()).isEqualTo(Datatype.INT);
            }
            win.fence(0);
            win.free();
            return sb.toString();
        });
        StringBuilder expected = new StringBuilder();
        for (int r = 0; r < n; r++) {
            expected.append(r * 10).append(',').append(r * 10 + 2).append(';');
        }
        assertThat(results).containsOnly(expected.toString());
    }

    /**
     * Windows on sub-communicators and several windows at once: ranks address each other by their
     * rank in the window's communicator, and windows created in the same order on each rank pair
     * up, whatever other windows exist.
     */
    @ParameterizedTest
    @EnumSource(value = RankThreads.class, names = {"PLATFORM", "VIRTUAL"})
    void windowsOnSplitCommunicatorsUseTheirOwnRanks(RankThreads threads) {
        List<Long> results = world(4, threads).run(comm -> {
            Comm half = comm.split(comm.rank() % 2, comm.rank());
            Window a = comm.allocateWindow(Datatype.LONG, 1);
            Window b = half.allocateWindow(Datatype.LONG, 1);
            b.fence(0);
            a.fence(0);
            // in 'half' rank 0 is world rank 0 or 1; both halves add their world rank to it
            b.accumulate(new long[] {comm.rank()}, 0, 1, Datatype.LONG, 0, 0, 1, Datatype.LONG, Op.SUM);
            a.accumulate(new long[] {1}, 0, 1, Datatype.LONG, 3, 0, 1, Datatype.LONG, Op.SUM);
            a.fence(0);
            b.fence(0);
            long v = ((long[]) b.base())[0] * 100 + ((long[]) a.base())[0];
            b.free();
            a.free();
            return v;
        });
        // half 0 = world {0, 2}: sum 2 at world rank 0; half 1 = {1, 3}: sum 4 at world rank 1; a: 4 at world rank 3
        assertThat(results).containsExactly(200L, 400L, 0L, 4L);
    }
}
