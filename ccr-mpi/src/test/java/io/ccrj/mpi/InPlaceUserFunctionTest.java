package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * User functions ({@link Op#create}) that combine in place, as mpiJava's {@code User_function}
 * contract allows ({@code inout = in op inout} on private copies): every algorithm must hand the
 * function operands no other rank holds, and must never change a rank's send buffer.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InPlaceUserFunctionTest {

    /** A mutable counter; serializable so that reductions can take private copies of it. */
    static final class Counter implements Serializable {
        long value;

        Counter(long value) {
            this.value = value;
        }
    }

    /** Mutable and not serializable: a reduction cannot copy it. */
    static final class NotSerializable {
    }

    /** {@code inout.value += in.value}, mutating the inout objects (mpiJava style). */
    static final Op ADD_IN_PLACE = Op.create("addInPlace", true, (in, io, inout, ioo, count, type) -> {
        for (int i = 0; i < count; i++) {
            ((Counter) ((Object[]) inout)[ioo + i]).value += ((Counter) ((Object[]) in)[io + i]).value;
        }
    });

    /**
     * Non-commutative, associative: decimal concatenation of {@code {value, 10^digits}} pairs,
     * in place on the {@code long[2]} elements of {@code inout}.
     */
    static final Op DIGITS_IN_PLACE = Op.create("digits", false, (in, io, inout, ioo, count, type) -> {
        for (int i = 0; i < count; i++) {
            long[] left = (long[]) ((Object[]) in)[io + i];
            long[] target = (long[]) ((Object[]) inout)[ioo + i];
            target[0] = left[0] * target[1] + target[0];
            target[1] = left[1] * target[1];
        }
    });

    private static SpmdWorld world(int n, Collectives c) {
        return SpmdWorld.builder().size(n).name("inplace").collectives(c).deadlockTimeout(Duration.ofSeconds(10))
                .build();
    }

    private record Outcome(long result, long sendAfter, Object resultObject, Object sendObject) {
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @CsvSource({"2, MESSAGES", "3, MESSAGES", "8, MESSAGES", "2, SHARED_MEMORY", "8, SHARED_MEMORY"})
    void allreduceCombinesPrivateCopies(int n, Collectives c) {
        List<Outcome> out = world(n, c).run(comm -> {
            Object[] send = {new Counter(1)};
            Object[] recv = new Object[1];
            comm.allreduce(send, 0, recv, 0, 1, Datatype.OBJECT, ADD_IN_PLACE);
            comm.barrier();                 // every rank done: a late mutation would show below
            return new Outcome(((Counter) recv[0]).value, ((Counter) send[0]).value, recv[0], send[0]);
        });
        assertThat(out).extracting(Outcome::result).containsOnly((long) n);
        assertThat(out).extracting(Outcome::sendAfter).containsOnly(1L);
        assertDistinctObjects(out);
    }

    @ParameterizedTest(name = "{0} ranks, root {1}, {2}")
    @CsvSource({"2, 0, MESSAGES", "2, 1, MESSAGES", "8, 0, MESSAGES", "8, 5, MESSAGES", "8, 3, SHARED_MEMORY"})
    void reduceCombinesPrivateCopies(int n, int root, Collectives c) {
        List<Outcome> out = world(n, c).run(comm -> {
            Object[] send = {new Counter(comm.rank() + 1)};
            Object[] recv = new Object[1];
            comm.reduce(send, 0, recv, 0, 1, Datatype.OBJECT, ADD_IN_PLACE, root);
            comm.barrier();
            return new Outcome(recv[0] == null ? -1 : ((Counter) recv[0]).value, ((Counter) send[0]).value,
                    recv[0], send[0]);
        });
        assertThat(out.get(root).result()).isEqualTo((long) n * (n + 1) / 2);
        for (int r = 0; r < n; r++) {
            assertThat(out.get(r).sendAfter()).as("send buffer of rank %d", r).isEqualTo(r + 1L);
        }
        assertDistinctObjects(out);
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @CsvSource({"2, MESSAGES", "5, MESSAGES", "8, MESSAGES", "5, SHARED_MEMORY", "8, SHARED_MEMORY"})
    void nonCommutativeInPlaceFunctionKeepsRankOrder(int n, Collectives c) {
        List<long[]> out = world(n, c).run(comm -> {
            Object[] send = {new long[] {comm.rank() + 1, 10}};
            Object[] recv = new Object[1];
            comm.allreduce(send, 0, recv, 0, 1, Datatype.OBJECT, DIGITS_IN_PLACE);
            comm.barrier();
            return new long[] {((long[]) recv[0])[0], ((long[]) send[0])[0]};
        });
        long expected = 0;
        for (int r = 1; r <= n; r++) {
            expected = expected * 10 + r;
        }
        for (int r = 0; r < n; r++) {
            assertThat(out.get(r)[0]).isEqualTo(expected);
            assertThat(out.get(r)[1]).isEqualTo(r + 1L);
        }
    }

    @Test
    void immutableElementsAreSharedNotCopied() {
        String[] shared = {"a", "b"};
        Op concat = Op.create("concat", false, (in, io, inout, ioo, count, type) -> {
            for (int i = 0; i < count; i++) {
                ((Object[]) inout)[ioo + i] = (String) ((Object[]) in)[io + i] + ((Object[]) inout)[ioo + i];
            }
        });
        List<Boolean> same = world(1, Collectives.MESSAGES).run(comm -> {
            Object[] recv = new Object[2];
            comm.allreduce(shared, 0, recv, 0, 2, Datatype.OBJECT, concat);
            return recv[0] == shared[0] && recv[1] == shared[1];
        });
        assertThat(same).containsOnly(true);
    }

    @Test
    void nonCopyableMutableElementsFailWithATypeError() {
        Op touch = Op.create("touch", true, (in, io, inout, ioo, count, type) -> {
        });
        List<String> errors = world(2, Collectives.MESSAGES).run(comm -> {
            try {
                comm.allreduce(new Object[] {new NotSerializable()}, 0, new Object[1], 0, 1, Datatype.OBJECT, touch);
                return "none";
            } catch (MpiException e) {
                return e.errorClass() + ": " + e.getMessage();
            }
        });
        assertThat(errors).allSatisfy(e -> assertThat(e).startsWith("TYPE").contains("NotSerializable"));
    }

    private static void assertDistinctObjects(List<Outcome> out) {
        IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
        List<Object> objects = new ArrayList<>();
        for (Outcome o : out) {
            objects.add(o.sendObject());
            if (o.resultObject() != null) {
                objects.add(o.resultObject());
            }
        }
        for (Object o : objects) {
            assertThat(seen.put(o, true)).as("an object shared by two ranks' buffers").isNull();
        }
    }
}
