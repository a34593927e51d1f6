package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.internal.TypeMap;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Basic, pair and derived datatypes: type maps, bounds, pack/unpack, and messages of them. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DatatypeTest {

    @Test
    void spanCoversTheLowestAndHighestElementOfEveryItem() {
        Datatype column = Datatype.vector(3, 1, 4, Datatype.DOUBLE);          // elements 0, 4, 8; extent 9
        assertThat(TypeMap.of(column).span(2, 1)).containsExactly(2L, 11L);
        assertThat(TypeMap.of(column).span(2, 3)).containsExactly(2L, 29L);                // last item at 2 + 18
        Datatype unordered = Datatype.indexed(new int[] {1, 2}, new int[] {5, -2}, Datatype.INT);
        assertThat(TypeMap.of(unordered).span(10, 1)).containsExactly(8L, 16L);           // elements 15, 8, 9
        assertThat(TypeMap.of(Datatype.contiguous(0, Datatype.INT)).span(7, 3)).containsExactly(7L, 7L);
        assertThat(TypeMap.of(Datatype.INT).span(4, 0)).containsExactly(4L, 4L);
    }

    @Test
    void basicTypesAreOneElementOfTheirArrayClass() {
        assertThat(Datatype.values()).extracting(Datatype::name)
                .containsExactly("BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT", "DOUBLE", "OBJECT");
        for (Datatype t : Datatype.values()) {
            assertThat(t.size()).isEqualTo(1);
            assertThat(t.extent()).isEqualTo(1);
            assertThat(t.isBasic()).isTrue();
            assertThat(t.accepts(t.newArray(3))).isTrue();
            assertThat(Datatype.of(t.base())).isSameAs(t);
        }
        assertThat(Datatype.INT.accepts(new long[1])).isFalse();
        assertThat(Datatype.OBJECT.accepts(new String[1])).isTrue();
        assertThat(Datatype.DOUBLE2.size()).isEqualTo(2);
        assertThat(Datatype.DOUBLE2.isPair()).isTrue();
        assertThat(Datatype.DOUBLE2.isBasic()).isFalse();
    }

    /** An INT whose extent is 3: {@code LB} at 0, the element at 0, {@code UB} at 3. */
    private static Datatype intOfExtent3() {
        return Datatype.struct(new int[] {1, 1, 1}, new int[] {0, 0, 3},
                new Datatype[] {Datatype.LB, Datatype.INT, Datatype.UB});
    }

    @Test
    void boundMarkersSetTheBoundsOfAStructAndStickInLaterConstructors() {
        assertThat(List.of(Datatype.LB, Datatype.UB)).allSatisfy(m -> {
            assertThat(m.isBoundMarker()).isTrue();
            assertThat(m.size()).isZero();
            assertThat(m.extent()).isZero();
            assertThat(m.accepts(new int[1])).isFalse();
        });
        Datatype resized = intOfExtent3();
        assertThat(new int[] {resized.size(), resized.lb(), resized.ub(), resized.extent()})
                .containsExactly(1, 0, 3, 3);
        assertThat(resized.displacements()).containsExactly(0);
        assertThat(resized.isDense()).isFalse();
        assertThat(resized.isBoundMarker()).isFalse();
        // sticky: the markers of the old type, not its elements, bound the new one
        Datatype three = Datatype.contiguous(3, resized);
        assertThat(three.displacements()).containsExactly(0, 3, 6);
        assertThat(new int[] {three.lb(), three.ub(), three.extent()}).containsExactly(0, 9, 9);
        Datatype strided = Datatype.vector(2, 1, 2, resized);
        assertThat(strided.displacements()).containsExactly(0, 6);
        assertThat(new int[] {strided.lb(), strided.ub()}).containsExactly(0, 9);
        // markers anywhere: the smallest LB and the largest UB win, elements outside them too
        Datatype wide = Datatype.struct(new int[] {1, 2, 1, 1, 1}, new int[] {-2, 0, 1, 4, 6},
                new Datatype[] {Datatype.LB, Datatype.INT, Datatype.LB, Datatype.UB, Datatype.UB});
        assertThat(new int[] {wide.size(), wide.lb(), wide.ub(), wide.extent()}).containsExactly(2, -2, 6, 8);
        // only one bound explicit: the other from the elements
        Datatype upper = Datatype.struct(new int[] {2, 1}, new int[] {1, 5}, new Datatype[] {Datatype.INT, Datatype.UB});
        assertThat(new int[] {upper.lb(), upper.ub()}).containsExactly(1, 5);
        Datatype lower = Datatype.struct(new int[] {1, 2}, new int[] {-1, 1}, new Datatype[] {Datatype.LB, Datatype.INT});
        assertThat(new int[] {lower.lb(), lower.ub()}).containsExactly(-1, 3);
        // markers alone: no elements, an extent
        Datatype gap = Datatype.struct(new int[] {1, 1}, new int[] {0, 4}, new Datatype[] {Datatype.LB, Datatype.UB});
        assertThat(new int[] {gap.size(), gap.extent()}).containsExactly(0, 4);
        // a struct of a resized type keeps its markers (sticky through struct too)
        Datatype nested = Datatype.struct(new int[] {2, 1}, new int[] {0, 10},
                new Datatype[] {resized, Datatype.INT});
        assertThat(nested.displacements()).containsExactly(0, 3, 10);
        assertThat(new int[] {nested.lb(), nested.ub()}).containsExactly(0, 6);
    }

    @Test
    void boundMarkersAreRejectedOutsideStructAndAsBuffers() {
        assertThatThrownBy(() -> Datatype.contiguous(2, Datatype.LB)).isInstanceOf(MpiException.class)
                .hasMessageContaining("bound marker").extracting(e -> ((MpiException) e).errorClass())
                .isEqualTo(ErrorClass.TYPE);
        assertThatThrownBy(() -> Datatype.struct(new int[] {1, 1, 1}, new int[] {0, 5, 2},
                new Datatype[] {Datatype.INT, Datatype.LB, Datatype.UB})).isInstanceOf(MpiException.class)
                .hasMessageContaining("upper bound 2 is below lower bound 5");
        assertThatThrownBy(() -> Datatype.UB.pack(new int[1], 0, 1, new byte[16], 0)).isInstanceOf(MpiException.class)
                .hasMessageContaining("UB is a bound marker");
        SpmdWorld.run(2, comm -> {
            assertThatThrownBy(() -> comm.send(new int[1], 0, 1, Datatype.LB, 1 - comm.rank(), 0))
                    .isInstanceOf(MpiException.class).hasMessageContaining("datatype LB is a bound marker");
            return null;
        });
    }

    @Test
    void aResizedTypeStridesMessagesPackAndCollectivesByItsExtent() {
        Datatype resized = intOfExtent3();
        List<String> got = SpmdWorld.run(3, comm -> {
            int[] src = new int[9];
            for (int i = 0; i < src.length; i++) {
                src[i] = comm.rank() * 100 + i;
            }
            int right = (comm.rank() + 1) % 3;
            int left = (comm.rank() + 2) % 3;
            int[] flat = new int[3];
            Status st = comm.sendrecv(src, 0, 3, resized, right, 1, flat, 0, 3, Datatype.INT, left, 1);
            // received into every third element, the others untouched
            int[] spread = new int[9];
            Arrays.fill(spread, -1);
            comm.sendrecv(new int[] {7, 8, 9}, 0, 3, Datatype.INT, right, 2, spread, 0, 3, resized, left, 2);
            byte[] packed = new byte[resized.packSize(3)];
            resized.pack(src, 0, 3, packed, 0);
            int[] unpacked = new int[3];
            Datatype.INT.unpack(packed, 0, unpacked, 0, 3);
            // a gather of one resized item per rank lands every third element of the root's buffer
            int[] gathered = new int[9];
            comm.gather(new int[] {comm.rank() + 1}, 0, 1, Datatype.INT, gathered, 0, 1, resized, 0);
            return Arrays.toString(flat) + " " + st.count(resized) + " " + Arrays.toString(spread) + " "
                    + Arrays.toString(unpacked) + (comm.rank() == 0 ? " " + Arrays.toString(gathered) : "");
        });
        assertThat(got.get(0)).isEqualTo("[200, 203, 206] 3 [7, -1, -1, 8, -1, -1, 9, -1, -1] [0, 3, 6]"
                + " [1, 0, 0, 2, 0, 0, 3, 0, 0]");
        assertThat(got.get(1)).isEqualTo("[0, 3, 6] 3 [7, -1, -1, 8, -1, -1, 9, -1, -1] [100, 103, 106]");
    }

    @Test
    void derivedConstructorsFollowTheMpiTypeMaps() {
        Datatype contiguous = Datatype.contiguous(3, Datatype.INT);
        assertThat(contiguous.displacements()).containsExactly(0, 1, 2);
        assertThat(contiguous.extent()).isEqualTo(3);
        assertThat(contiguous.isDense()).isTrue();

        Datatype vector = Datatype.vector(3, 2, 4, Datatype.DOUBLE);
        assertThat(vector.displacements()).containsExactly(0, 1, 4, 5, 8, 9);
        assertThat(vector.size()).isEqualTo(6);
        assertThat(vector.lb()).isZero();
        assertThat(vector.ub()).isEqualTo(10);
        assertThat(vector.extent()).isEqualTo(10);
        assertThat(vector.isDense()).isFalse();

        Datatype vectorOfPairs = Datatype.vector(2, 1, 3, Datatype.INT2);
        assertThat(vectorOfPairs.displacements()).containsExactly(0, 1, 6, 7);

        Datatype hvector = Datatype.hvector(2, 1, 3, Datatype.INT2);
        assertThat(hvector.displacements()).containsExactly(0, 1, 3, 4);
        assertThat(hvector.extent()).isEqualTo(5);

        Datatype indexed = Datatype.indexed(new int[] {2, 1}, new int[] {1, 5}, Datatype.contiguous(2, Datatype.LONG));
        assertThat(indexed.displacements()).containsExactly(2, 3, 4, 5, 10, 11);
        assertThat(indexed.lb()).isEqualTo(2);
        assertThat(indexed.ub()).isEqualTo(12);
        assertThat(indexed.extent()).isEqualTo(10);

        Datatype hindexed = Datatype.hindexed(new int[] {1, 2}, new int[] {7, 1}, Datatype.SHORT);
        assertThat(hindexed.displacements()).containsExactly(7, 1, 2);
        assertThat(hindexed.lb()).isEqualTo(1);
        assertThat(hindexed.extent()).isEqualTo(7);

        Datatype struct = Datatype.struct(new int[] {1, 2}, new int[] {0, 4},
                new Datatype[] {Datatype.FLOAT, Datatype.contiguous(2, Datatype.FLOAT)});
        assertThat(struct.displacements()).containsExactly(0, 4, 5, 6, 7);
        assertThat(struct.extent()).isEqualTo(8);

        assertThat(Datatype.contiguous(0, Datatype.INT).size()).isZero();
        assertThat(Datatype.contiguous(0, Datatype.INT).extent()).isZero();
    }

    @Test
    void badConstructorArgumentsNameTheProblem() {
        assertThatThrownBy(() -> Datatype.vector(-1, 1, 1, Datatype.INT)).isInstanceOf(MpiException.class)
                .hasMessageContaining("count must be >= 0, got -1");
        assertThatThrownBy(() -> Datatype.indexed(new int[] {1}, new int[] {1, 2}, Datatype.INT))
                .hasMessageContaining("1 block lengths but 2 displacements");
        assertThatThrownBy(() -> Datatype.struct(new int[] {1, 1}, new int[] {0, 1},
                new Datatype[] {Datatype.INT, Datatype.LONG}))
                .satisfies(e -> assertThat(((MpiException) e).errorClass()).isEqualTo(ErrorClass.TYPE))
                .hasMessageContaining("base types INT and LONG");
        assertThatThrownBy(() -> Datatype.contiguous(2, null)).hasMessageContaining("old datatype is null");
    }

    @ParameterizedTest
    @MethodSource("io.ccrj.mpi.Datatype#values")
    void packAndUnpackRoundTripEveryPrimitiveType(Datatype basic) {
        Datatype strided = Datatype.vector(3, 1, 2, basic);
        Object src = TestData.array(basic, 8, 5);
        if (basic.base() == Datatype.Base.OBJECT) {
            assertThatThrownBy(() -> basic.packSize(1)).isInstanceOf(MpiException.class)
                    .hasMessageContaining("cannot be packed");
            return;
        }
        assertThat(strided.packSize(2)).isEqualTo(6 * basic.base().packedBytes());
        byte[] packed = new byte[3 + strided.packSize(1) + basic.packSize(1)];
        int pos = strided.pack(src, 1, 1, packed, 3);
        pos = basic.pack(src, 0, 1, packed, pos);
        assertThat(pos).isEqualTo(packed.length);
        Object dst = basic.newArray(4);
        int back = basic.unpack(packed, 3, dst, 0, 3);
        basic.unpack(packed, back, dst, 3, 1);
        for (int i = 0; i < 3; i++) {
            assertThat(TestData.get(basic, dst, i)).isEqualTo(TestData.get(basic, src, 1 + 2 * i));
        }
        assertThat(TestData.get(basic, dst, 3)).isEqualTo(TestData.get(basic, src, 0));
        assertThatThrownBy(() -> basic.pack(src, 0, 8, new byte[1], 0)).isInstanceOf(MpiException.class)
                .hasMessageContaining("do not fit");
    }

    @ParameterizedTest
    @MethodSource("io.ccrj.mpi.Datatype#values")
    void shortRunTypesGatherAndScatterEveryElementOfEveryBasicType(Datatype basic) {
        if (basic.isPair()) {
            return;
        }
        // the element loops (Object and boolean buffers: the run-by-run copies): a constant stride of 2, a variable stride, an irregular type map;
        // three items each, so that the loops also step from item to item by the extent
        List<Datatype> layouts = List.of(Datatype.vector(5, 1, 2, basic), Datatype.vector(4, 1, 3, basic),
                Datatype.indexed(new int[] {1, 1, 1, 1}, new int[] {0, 2, 3, 7}, basic));
        for (Datatype t : layouts) {
            int items = 3;
            int elements = items * t.size();
            Object buf = TestData.array(basic, 2 + items * t.extent(), 7);
            Object flat = basic.newArray(1 + elements);
            TypeMap.of(t).toContiguous(buf, 2, items, flat, 1);
            Object back = basic.newArray(2 + items * t.extent());
            TypeMap.of(t).fromContiguous(flat, 1, elements, back, 2);
            java.util.BitSet written = new java.util.BitSet();
            int at = 1;
            for (int k = 0; k < items; k++) {
                for (int d : t.displacements()) {
                    int i = 2 + k * t.extent() + d;
                    long sent = TestData.get(basic, buf, i);
                    assertThat(TestData.get(basic, flat, at++)).as(t + " element " + i).isEqualTo(sent);
                    assertThat(TestData.get(basic, back, i)).as(t + " back " + i).isEqualTo(sent);
                    written.set(i);
                }
            }
            Object untouched = basic.newArray(1);
            for (int i = 0; i < items * t.extent() + 2; i++) {
                if (!written.get(i)) {
                    assertThat(TestData.get(basic, back, i)).as(t + " gap " + i)
                            .isEqualTo(TestData.get(basic, untouched, 0));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void stridedColumnsTravelAsContiguousRowsAndBack(int n) {
        // rank r sends column r of an n x n matrix (a vector type) to rank (r + 1) % n, which
        // receives it as a contiguous row, and answers with its own row received as a column
        List<String> out = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            Datatype column = Datatype.vector(n, 1, n, Datatype.DOUBLE);
            double[] matrix = new double[n * n];
            for (int i = 0; i < matrix.length; i++) {
                matrix[i] = r * 1000 + i;
            }
            double[] row = new double[n];
            Status s = comm.sendrecv(matrix, r, 1, column, (r + 1) % n, 0, row, 0, n, Datatype.DOUBLE,
                    (r - 1 + n) % n, 0);
            double[] back = new double[n * n];
            Status t = comm.sendrecv(row, 0, n, Datatype.DOUBLE, (r - 1 + n) % n, 1, back, 1, 1, column,
                    (r + 1) % n, 1);
            return s.count() + " " + s.elements() + " " + t.count() + " " + Arrays.toString(row) + " "
                    + back[1] + "," + back[1 + n];
        });
        for (int r = 0; r < n; r++) {
            int from = (r - 1 + n) % n;
            double[] row = new double[n];
            for (int i = 0; i < n; i++) {
                row[i] = from * 1000 + from + i * n;
            }
            assertThat(out.get(r)).isEqualTo(n + " " + n + " 1 " + Arrays.toString(row) + " "
                    + (r * 1000 + r + 0.0) + "," + (r * 1000 + r + n + 0.0));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void largeStridedMessagesAreGatheredStraightFromTheSendersBuffer(int n) {
        // 1000 items: above the zero-copy threshold, so the receiver reads the sender's buffer
        // through its type map; received contiguously, and strided on the receiving side too
        List<String> out = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            int items = 1000;
            Datatype everyOther = Datatype.vector(items, 1, 2, Datatype.LONG);
            Datatype pairsEvery3 = Datatype.vector(items / 2, 2, 3, Datatype.LONG);
            long[] send = new long[2 * items];
            for (int i = 0; i < send.length; i++) {
                send[i] = r * 100_000L + i;
            }
            long[] flat = new long[items];
            comm.sendrecv(send, 0, 1, everyOther, (r + 1) % n, 0, flat, 0, items, Datatype.LONG, (r - 1 + n) % n, 0);
            long[] spread = new long[3 * items / 2];
            Request in = comm.irecv(spread, 0, 1, pairsEvery3, (r - 1 + n) % n, 1);
            Request s = comm.isend(send, 1, 1, everyOther, (r + 1) % n, 1);
            Request.waitAll(in, s);
            int left = (r - 1 + n) % n;
            for (int i = 0; i < items; i++) {
                if (flat[i] != left * 100_000L + 2L * i) {
                    return "flat " + i + ": " + flat[i];
                }
                long want = left * 100_000L + 1 + 2L * i;
                long got = spread[(i / 2) * 3 + i % 2];
                if (got != want) {
                    return "spread " + i + ": " + got;
                }
            }
            return "ok";
        });
        assertThat(out).containsOnly("ok");
    }

    @Test
    void getCountAndGetElementsFollowTheStandard() {
        List<String> out = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new int[5], 0, 5, Datatype.INT, 1, 0);
                comm.send(new int[4], 0, 2, Datatype.INT2, 1, 1);
                return "";
            }
            Datatype triple = Datatype.contiguous(3, Datatype.INT);
            Status five = comm.recv(new int[9], 0, 3, triple, 0, 0);
            Status four = comm.recv(new int[4], 0, 4, Datatype.INT, 0, 1);
            return five.count() + " " + five.elements() + " " + five.count(Datatype.INT) + " "
                    + four.count() + " " + four.count(Datatype.INT2) + " " + four.elements(Datatype.INT2);
        });
        assertThat(out.get(1)).isEqualTo(Comm.UNDEFINED + " 5 5 4 2 4");
    }

    @Test
    void aMessageMatchesAnyDatatypeOfItsBaseTypeButNoOther() {
        List<String> out = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new long[] {1, 2, 3, 4}, 0, 2, Datatype.LONG2, 1, 0);
                comm.send(new float[] {1}, 0, 1, Datatype.FLOAT, 1, 1);
                return "";
            }
            long[] got = new long[4];
            comm.recv(got, 0, 4, Datatype.LONG, 0, 0);
            try {
                comm.recv(new double[1], 0, 1, Datatype.DOUBLE, 0, 1);
                return "no error";
            } catch (MpiException e) {
                return Arrays.toString(got) + " " + e.errorClass();
            }
        });
        assertThat(out.get(1)).isEqualTo("[1, 2, 3, 4] TYPE");
    }

    @Test
    void derivedBuffersOutsideTheArrayAreRejected() {
        List<String> out = SpmdWorld.run(2, comm -> {
            try {
                comm.send(new double[9], 0, 2, Datatype.vector(3, 1, 4, Datatype.DOUBLE), 1, 0);
                return "no error";
            } catch (MpiException e) {
                return e.errorClass() + " " + e.getMessage();
            }
        });
        assertThat(out.get(0)).startsWith("BUFFER").contains("elements [0, 18)", "length 9");
    }
}
