package io.ccrj.core.jcstress;

import io.ccrj.core.internal.XaddQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The dispatcher's Unsafe-free queue ({@link XaddQueue}) where its races are: chunks of two
 * slots, and each state starts with its indexes on the last slot of the first chunk, so the racing
 * offers append the next chunk and the racing polls walk into it (or find it not linked yet). The
 * elements are 1, 2, 3; one producer offers them in order, or producer A offers 1 then 2 and
 * producer B offers 3; the arbiter drains what the actors left. Outcome: (elements lost, elements
 * taken twice, one producer's elements taken out of its order by one consumer, the arbiter
 * included); anything but "0, 0, 0" is a broken queue.
 */
public final class XaddQueueTests {
    private XaddQueueTests() {
    }

    /** A queue at a chunk's last slot, and what each consumer took, in order. */
    abstract static class Ledger {
        final XaddQueue<Integer> queue;
        /** The last element of the first producer's run: 2 (A offers 1, 2) or 3 (one producer offers all). */
        private final int firstRunEnd;
        /** Per consumer (two actors, then the arbiter), the elements it took in its order (0 = none). */
        private final int[][] took = new int[3][4];

        Ledger(XaddQueue<Integer> queue, int firstRunEnd) {
            this.queue = queue;
            this.firstRunEnd = firstRunEnd;
            queue.offer(-1); // ticket 0: the first chunk's first slot ...
            queue.poll();    // ... spent, so the next ticket is the first chunk's last slot
        }

        /** Offers {@code from .. to}, in order. */
        final void offer(int from, int to) {
            for (int x = from; x <= to; x++) {
                queue.offer(x);
            }
        }

        /** Consumer {@code c}: polls {@code times}, keeping what it took. */
        final void take(int c, int times) {
            int n = 0;
            for (int i = 0; i < times; i++) {
                Integer e = queue.poll();
                if (e != null) {
                    took[c][n++] = e;
                }
            }
        }

        /** Arbiter: drains the rest, then counts the lost, the doubled, the misordered. */
        final void verdict(III_Result r) {
            int n = 0;
            for (Integer e; n < 4 && (e = queue.poll()) != null; ) {
                took[2][n++] = e;
            }
            int[] seen = new int[4];
            int misordered = 0;
            boolean stray = false;
            for (int[] consumer : took) {
                int lastFirst = 0;
                int lastSecond = 0;
                for (int x : consumer) {
                    if (x == 0) {
                        continue;
                    }
                    if (x < 1 || x > 3) {
                        stray = true; // never offered in the race
                        continue;
                    }
                    seen[x]++;
                    if (x <= firstRunEnd) {
                        misordered += x < lastFirst ? 1 : 0;
                        lastFirst = x;
                    } else {
                        misordered += x < lastSecond ? 1 : 0;
                        lastSecond = x;
                    }
                }
            }
            int lost = 0;
            int twice = 0;
            for (int x = 1; x <= 3; x++) {
                lost += seen[x] == 0 ? 1 : 0;
                twice += Math.max(0, seen[x] - 1);
            }
            r.r1 = lost + (stray ? 100 : 0);
            r.r2 = twice;
            r.r3 = misordered;
        }
    }

    /** Multi-consumer variant: two producers append the next chunk; the arbiter takes all. */
    @JCStressTest
    @Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "Every element taken once, in its producer's order.")
    @Outcome(expect = FORBIDDEN, desc = "An element lost, taken twice, or out of its producer's order.")
    @State
    public static class MpmcTwoProducers extends Ledger {
        public MpmcTwoProducers() {
            super(XaddQueue.mpmc(2), 2);
        }

        @Actor
        public void producerA() {
            offer(1, 2);
        }

        @Actor
        public void producerB() {
            offer(3, 3);
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }

    /** Multi-consumer variant: two consumers race for 1, 2, 3 offered before, across the chunk boundary. */
    @JCStressTest
    @Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "Every element taken once, each consumer's in order.")
    @Outcome(expect = FORBIDDEN, desc = "An element lost, taken twice, or one consumer's out of order.")
    @State
    public static class MpmcTwoConsumers extends Ledger {
        public MpmcTwoConsumers() {
            super(XaddQueue.mpmc(2), 3);
            offer(1, 3);
        }

        @Actor
        public void consumer0() {
            take(0, 2);
        }

        @Actor
        public void consumer1() {
            take(1, 2);
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }

    /** Multi-consumer variant: a consumer polls while the producer offers across the boundary. */
    @JCStressTest
    @Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "Every element taken once, in order.")
    @Outcome(expect = FORBIDDEN, desc = "An element lost, taken twice, or out of order.")
    @State
    public static class MpmcProducerConsumer extends Ledger {
        public MpmcProducerConsumer() {
            super(XaddQueue.mpmc(2), 3);
        }

        @Actor
        public void producer() {
            offer(1, 3);
        }

        @Actor
        public void consumer() {
            take(0, 3);
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }

    /** Single-consumer variant: two producers append the next chunk; the arbiter takes all. */
    @JCStressTest
    @Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "Every element taken once, in its producer's order.")
    @Outcome(expect = FORBIDDEN, desc = "An element lost, taken twice, or out of its producer's order.")
    @State
    public static class MpscTwoProducers extends Ledger {
        public MpscTwoProducers() {
            super(XaddQueue.mpsc(2), 2);
        }

        @Actor
        public void producerA() {
            offer(1, 2);
        }

        @Actor
        public void producerB() {
            offer(3, 3);
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }

    /** Single-consumer variant: the consumer polls while the producer offers across the boundary. */
    @JCStressTest
    @Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "Every element taken once, in order.")
    @Outcome(expect = FORBIDDEN, desc = "An element lost, taken twice, or out of order.")
    @State
    public static class MpscProducerConsumer extends Ledger {
        public MpscProducerConsumer() {
            super(XaddQueue.mpsc(2), 3);
        }

        @Actor
        public void producer() {
            offer(1, 3);
        }

        @Actor
        public void consumer() {
            take(0, 3);
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }
}
