package io.ccrj.core.internal;

import io.ccrj.core.BiHandler;
import io.ccrj.core.Causality;
import io.ccrj.core.Handler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The joins: joined receive (one item from each of two ports), multiple-port receive (one item
 * from each of k ports), multiple-item receive (n items of one port) and gather (n items in total
 * across the two ports of a two-type port set).
 *
 * <h2>Two-phase, non-greedy commit</h2>
 * A join's entries never consume on offer. After an item is queued on one of its ports (or when
 * the join registers), the join tries to commit: it locks all its distinct ports in ascending
 * {@link PortCore#id()} order, checks that every part is available, asks its parent (a choice, an
 * interleave) if it has one, and only then takes the items. A refusal puts them back at the head.
 * Because nothing is taken until the whole set is there, competing joins never strand a partial
 * set; because locks are taken in one global order, they never deadlock; because the check and the
 * take happen under all the locks, no item is taken twice.
 */
public final class JoinReceiver extends ArbiterNode {
    /** What the handler receives. */
    public enum Kind { JOINED, PORTS, ITEMS, GATHER }

    private final Kind kind;
    private final PortCore[] slots;       // user order; ITEMS repeats the one port n times
    private final PortCore[] ports;       // distinct, ascending id: the lock order
    private final int[] required;         // per entry of ports (not used by GATHER)
    private final int gatherTotal;
    private final Object handler;
    private final Entry[] entries;
    /** Written under all the join's port locks; read under any of them, or racily as a hint. */
    private volatile boolean done;

    private JoinReceiver(Kind kind, boolean persistent, PortCore[] slots, int gatherTotal, Object handler) {
        super(persistent);
        this.kind = kind;
        this.slots = slots;
        this.gatherTotal = gatherTotal;
        this.handler = handler;
        Map<PortCore, Integer> counts = new LinkedHashMap<>();
        for (PortCore p : slots) {
            counts.merge(p, 1, Integer::sum);
        }
        this.ports = counts.keySet().stream().sorted(Comparator.comparingLong(PortCore::id)).toArray(PortCore[]::new);
        this.required = Arrays.stream(ports).mapToInt(counts::get).toArray();
        this.entries = new Entry[ports.length];
        for (int i = 0; i < ports.length; i++) {
            entries[i] = new Entry();
        }
    }

    /** One item from each of two ports, handed to a two-argument handler. */
    public static JoinReceiver joined(boolean persistent, PortCore a, PortCore b, BiHandler<?, ?> handler) {
        return new JoinReceiver(Kind.JOINED, persistent, new PortCore[] {a, b}, 0, handler);
    }

    /** One item from each port, as a list in port order. */
    public static JoinReceiver ports(boolean persistent, PortCore[] ports, Handler<?> handler) {
        return new JoinReceiver(Kind.PORTS, persistent, ports.clone(), 0, handler);
    }

    /** Exactly n items of one port, as a list in FIFO order. */
    public static JoinReceiver items(boolean persistent, PortCore port, int n, Handler<?> handler) {
        PortCore[] slots = new PortCore[n];
        Arrays.fill(slots, port);
        return new JoinReceiver(Kind.ITEMS, persistent, slots, 0, handler);
    }

    /** n items in total across two ports, as one list per port. */
    public static JoinReceiver gather(boolean persistent, PortCore first, PortCore second, int total, BiHandler<?, ?> handler) {
        if (first == second) {
            throw new IllegalArgumentException("gather needs two different ports");
        }
        return new JoinReceiver(Kind.GATHER, persistent, new PortCore[] {first, second}, total, handler);
    }

    @Override
    protected void register() {
        for (int i = 0; i < ports.length; i++) {
            ports[i].register(entries[i]);
        }
        tryCommit();
    }

    @Override
    protected void unregister() {
        lockAll();
        try {
            done = true;
            for (int i = 0; i < ports.length; i++) {
                ports[i].unlinkLocked(entries[i]);
            }
        } finally {
            unlockAll();
        }
    }

    @Override
    protected boolean isFinished() {
        return done;
    }

    /** Commits as many times as the items allow (once for a one-shot join). */
    void tryCommit() {
        while (!done && !cancelled) {
            Dispatchable d = commitOnce();
            if (d == null) {
                return;
            }
            d.dispatch();
            if (!persistent) {
                return;
            }
        }
    }

    private Dispatchable commitOnce() {
        lockAll();
        try {
            if (done || !available() || !sink.accepts()) {
                return null;
            }
            Object[][] taken = take();
            JoinTask task = new JoinTask(taken);
            Dispatchable d = task;
            if (parent != null) {
                d = parent.commit(this, task);
                if (d == null) {
                    putBack(taken);
                    return null;
                }
            }
            if (!persistent) {
                done = true;
                for (int i = 0; i < ports.length; i++) {
                    ports[i].unlinkLocked(entries[i]);
                }
            }
            return d;
        } finally {
            unlockAll();
        }
    }

    private boolean available() {
        if (kind == Kind.GATHER) {
            return ports[0].sizeLocked() + ports[1].sizeLocked() >= gatherTotal;
        }
        for (int i = 0; i < ports.length; i++) {
            if (ports[i].sizeLocked() < required[i]) {
                return false;
            }
        }
        return true;
    }

    /** Takes the items, per distinct port (index into {@link #ports}), FIFO. */
    private Object[][] take() {
        Object[][] out = new Object[ports.length][];
        if (kind == Kind.GATHER) {
            // Slot order, not lock order: the first port of the set is drained first.
            int fromFirst = Math.min(slots[0].sizeLocked(), gatherTotal);
            int firstIndex = ports[0] == slots[0] ? 0 : 1;
            out[firstIndex] = takeN(slots[0], fromFirst);
            out[1 - firstIndex] = takeN(slots[1], gatherTotal - fromFirst);
            return out;
        }
        for (int i = 0; i < ports.length; i++) {
            out[i] = takeN(ports[i], required[i]);
        }
        return out;
    }

    private static Object[] takeN(PortCore p, int n) {
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) {
            out[i] = p.takeLocked();
        }
        return out;
    }

    private void putBack(Object[][] taken) {
        for (int i = 0; i < ports.length; i++) {
            for (int j = taken[i].length - 1; j >= 0; j--) {
                ports[i].pushBackLocked(taken[i][j]);
            }
        }
    }

    private void lockAll() {
        for (PortCore p : ports) {
            p.lock.lock();
        }
    }

    private void unlockAll() {
        for (int i = ports.length - 1; i >= 0; i--) {
            ports[i].lock.unlock();
        }
    }

    private int indexOf(PortCore p) {
        for (int i = 0; i < ports.length; i++) {
            if (ports[i] == p) {
                return i;
            }
        }
        throw new IllegalStateException();
    }

    @Override
    public String describe() {
        String what = switch (kind) {
            case JOINED -> "joinedReceive";
            case PORTS -> "multiplePortReceive";
            case ITEMS -> "multipleItemReceive(n=" + slots.length + ")";
            case GATHER -> "multipleItemReceive(gather n=" + gatherTotal + ")";
        };
        String ps = Arrays.stream(kind == Kind.ITEMS ? ports : slots).map(PortCore::toString)
                .collect(Collectors.joining(", "));
        return what + "(" + (persistent ? "persistent" : "one-shot") + ", " + ps
                + (parent != null ? ", in " + parent.describe() : "")
                + (sink != null ? ", on " + sink.sinkName() : "") + ")";
    }

    private final class Entry extends ReceiverEntry {
        @Override
        protected Dispatchable offer(Object entry, PortCore port) {
            return null; // non-greedy: commit happens from the queue, under all the join's locks
        }

        @Override
        protected boolean isJoin() {
            return true;
        }

        @Override
        protected void itemQueued(PortCore port) {
            tryCommit();
        }

        @Override
        protected boolean isDone() {
            return done;
        }

        @Override
        protected String describe() {
            return JoinReceiver.this.describe();
        }
    }

    /** The handler bound to one committed set of items. */
    private final class JoinTask extends Task {
        private final Object[][] taken; // per distinct port, FIFO

        JoinTask(Object[][] taken) {
            super(JoinReceiver.this.sink, causalitiesOf(taken));
            this.taken = taken;
        }

        @Override
        @SuppressWarnings("unchecked")
        protected boolean invoke() throws Exception {
            switch (kind) {
                case JOINED -> {
                    Object[] bySlot = bySlot();
                    ((BiHandler<Object, Object>) handler).handle(bySlot[0], bySlot[1]);
                }
                case PORTS, ITEMS -> ((Handler<Object>) handler).handle(List.of(bySlot()));
                case GATHER -> {
                    int first = indexOf(slots[0]);
                    ((BiHandler<Object, Object>) handler).handle(items(taken[first]), items(taken[1 - first]));
                }
                default -> throw new IllegalStateException(kind.toString());
            }
            return false;
        }

        private Object[] bySlot() {
            int[] next = new int[ports.length];
            Object[] out = new Object[slots.length];
            for (int s = 0; s < slots.length; s++) {
                int i = indexOf(slots[s]);
                out[s] = CausalEnvelope.item(taken[i][next[i]++]);
            }
            return out;
        }

        private List<Object> items(Object[] entries) {
            List<Object> out = new ArrayList<>(entries.length);
            for (Object e : entries) {
                out.add(CausalEnvelope.item(e));
            }
            return out;
        }

        @Override
        protected void collectItems(Map<PortCore, List<Object>> byPort) {
            for (int i = 0; i < ports.length; i++) {
                collect(byPort, ports[i], taken[i]);
            }
        }

        @Override
        protected String describe() {
            return "task(" + JoinReceiver.this.describe() + ")";
        }
    }

    private static Causality[] causalitiesOf(Object[][] taken) {
        Causality[] out = null;
        for (Object[] perPort : taken) {
            for (Object e : perPort) {
                out = CausalityContext.merge(out, CausalEnvelope.causalities(e));
            }
        }
        return out;
    }
}
