package io.ccrj.core.internal;

import io.ccrj.core.Interleave;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code Arbiter.interleave}: reader/writer arbitration at message level.
 *
 * <p>State (everything below {@link #state}) is guarded by the monitor of {@code state}, a leaf
 * lock: it is taken under a branch's port lock(s) in {@link #commit}, and alone in {@link #release};
 * nothing is locked while it is held. Tasks are dispatched after it is released.
 *
 * <ul>
 *   <li>Concurrent tasks run together; an exclusive task runs alone.</li>
 *   <li>Writer preference: while an exclusive is pending or running, new concurrents wait.</li>
 *   <li>When a task finishes and nothing runs: pending exclusives first (round robin across
 *   exclusive branches, FIFO within one); with none pending, all pending concurrents.</li>
 *   <li>Teardown: once its message commits, branches refuse new messages (they stay in their
 *   ports); running tasks finish; the teardown runs alone; then every branch is unregistered and
 *   items of tasks still pending inside go back to the heads of their ports, in the order they
 *   were taken (one {@link PortCore#returnEntries} per port, with the tasks in commit order).
 *   Nothing is lost, and only then is the interleave {@linkplain #isRetired() retired}.</li>
 * </ul>
 */
@Internal
public final class InterleaveArbiter extends ArbiterNode implements Interleave {
    private final ArbiterNode[] teardown;
    private final ArbiterNode[] exclusive;
    private final ArbiterNode[] concurrent;
    private final Object state = new Object();

    private int activeConcurrent;
    private boolean exclusiveRunning;
    private final List<ArrayDeque<Task>> pendingExclusive = new ArrayList<>();
    private int pendingExclusiveCount;
    private int nextExclusive;
    private final ArrayDeque<Task> pendingConcurrent = new ArrayDeque<>();
    private boolean teardownRequested;
    private Task pendingTeardown;
    /**
     * The requested teardown is a port's completion ({@code Arbiter.completion}): the tasks parked
     * inside were committed before the port drained, so they belong to the stream and run first;
     * the teardown runs once nothing is pending or running.
     */
    private boolean teardownDrainsFirst;
    /** Commit order of parked tasks, so a teardown can return their items in the order taken. */
    private long parkedCount;
    /**
     * Each parked task's commit order, while it is parked: kept here rather than in a field of
     * every task, so the tasks of the hot path (which never park) stay small.
     */
    private final java.util.IdentityHashMap<Task, Long> parkedOrder = new java.util.IdentityHashMap<>();
    /** Written last by the teardown, after branches are unregistered and items returned. */
    private volatile boolean retired;

    public InterleaveArbiter(ArbiterNode[] teardown, ArbiterNode[] exclusive, ArbiterNode[] concurrent) {
        super(true);
        for (ArbiterNode t : teardown) {
            if (t.isPersistent()) {
                throw new IllegalArgumentException("teardown receivers must be one-shot, but got " + t.describe());
            }
        }
        for (ArbiterNode[] group : List.of(teardown, exclusive, concurrent)) {
            for (ArbiterNode n : group) {
                requireNestable(n, "an interleave group");
            }
        }
        this.teardown = teardown.clone();
        this.exclusive = exclusive.clone();
        this.concurrent = concurrent.clone();
        for (ArbiterNode t : this.teardown) {
            t.setParent(new Branch(BranchKind.TEARDOWN, -1));
        }
        for (int i = 0; i < this.exclusive.length; i++) {
            this.exclusive[i].setParent(new Branch(BranchKind.EXCLUSIVE, i));
            pendingExclusive.add(new ArrayDeque<>());
        }
        for (ArbiterNode c : this.concurrent) {
            c.setParent(new Branch(BranchKind.CONCURRENT, -1));
        }
    }

    private enum BranchKind { TEARDOWN, EXCLUSIVE, CONCURRENT }

    @Override
    protected boolean nestable() {
        return false;
    }

    @Override
    protected void register() {
        for (ArbiterNode[] group : List.of(teardown, exclusive, concurrent)) {
            for (ArbiterNode n : group) {
                n.activate(sink);
            }
        }
    }

    @Override
    protected void unregister() {
        for (ArbiterNode[] group : List.of(teardown, exclusive, concurrent)) {
            for (ArbiterNode n : group) {
                n.cancel();
            }
        }
    }

    @Override
    protected boolean isFinished() {
        return retired;
    }

    private final class Branch implements Parent, Completion {
        final BranchKind kind;
        final int index;

        Branch(BranchKind kind, int index) {
            this.kind = kind;
            this.index = index;
        }

        @Override
        public Dispatchable commit(ArbiterNode branch, Task task) {
            synchronized (state) {
                if (retired || teardownRequested || cancelled) {
                    return null;
                }
                task.completion = this;
                switch (kind) {
                    case TEARDOWN -> {
                        teardownRequested = true;
                        teardownDrainsFirst = branch instanceof CompletionReceiver;
                        if (activeConcurrent == 0 && !exclusiveRunning) {
                            exclusiveRunning = true;
                            return task;
                        }
                        pendingTeardown = task;
                        return Dispatchable.NONE;
                    }
                    case EXCLUSIVE -> {
                        if (activeConcurrent == 0 && !exclusiveRunning && pendingExclusiveCount == 0) {
                            exclusiveRunning = true;
                            return task;
                        }
                        parkedOrder.put(task, ++parkedCount);
                        pendingExclusive.get(index).addLast(task);
                        pendingExclusiveCount++;
                        return Dispatchable.NONE;
                    }
                    default -> {
                        if (!exclusiveRunning && pendingExclusiveCount == 0) {
                            activeConcurrent++;
                            return task;
                        }
                        parkedOrder.put(task, ++parkedCount);
                        pendingConcurrent.addLast(task);
                        return Dispatchable.NONE;
                    }
                }
            }
        }

        @Override
        public void completed(Task task) {
            release(kind);
        }

        @Override
        public String describe() {
            return "interleave " + kind.name().toLowerCase();
        }
    }

    private void release(BranchKind kind) {
        List<Task> toRun = new ArrayList<>();
        List<Task> toReturn = null;
        boolean retireNow = false;
        synchronized (state) {
            if (kind == BranchKind.CONCURRENT) {
                activeConcurrent--;
            } else {
                exclusiveRunning = false;
            }
            if (kind == BranchKind.TEARDOWN) {
                // Commits are already refused (teardownRequested); retired is published below.
                retireNow = true;
                toReturn = drainPendingLocked();
            } else if (activeConcurrent == 0 && !exclusiveRunning) {
                boolean drainingFirst = teardownDrainsFirst
                        && (pendingExclusiveCount > 0 || !pendingConcurrent.isEmpty());
                if (teardownRequested && pendingTeardown != null && !drainingFirst) {
                    exclusiveRunning = true;
                    toRun.add(pendingTeardown);
                    pendingTeardown = null;
                } else if (pendingExclusiveCount > 0) {
                    exclusiveRunning = true;
                    toRun.add(nextExclusiveLocked());
                } else if (!teardownRequested || teardownDrainsFirst) {
                    admitConcurrentsLocked(toRun);
                }
            } else if (!exclusiveRunning && pendingExclusiveCount == 0 && (!teardownRequested || teardownDrainsFirst)) {
                admitConcurrentsLocked(toRun);
            }
        }
        for (Task t : toRun) {
            t.dispatch();
        }
        if (retireNow) {
            unregister();
            returnToPorts(toReturn);
            retired = true;
            markFired();
        }
    }

    /**
     * Puts the items of tasks that were still pending inside back at the heads of their ports.
     * Each {@link PortCore#returnEntries} call puts its list ahead of the port's queue in list
     * order, so one call per port with that port's items in commit order keeps FIFO; returning
     * task by task would reverse them.
     */
    private static void returnToPorts(List<Task> pending) {
        // drainPendingLocked sorted them in commit order.
        Map<PortCore, List<Object>> byPort = new LinkedHashMap<>();
        for (Task t : pending) {
            t.completion = null;
            t.collectItems(byPort);
        }
        for (Map.Entry<PortCore, List<Object>> e : byPort.entrySet()) {
            e.getKey().returnEntries(e.getValue());
        }
    }

    private void admitConcurrentsLocked(List<Task> toRun) {
        while (!pendingConcurrent.isEmpty()) {
            activeConcurrent++;
            Task t = pendingConcurrent.pollFirst();
            parkedOrder.remove(t);
            toRun.add(t);
        }
    }

    private Task nextExclusiveLocked() {
        int n = pendingExclusive.size();
        for (int k = 0; k < n; k++) {
            int i = (nextExclusive + k) % n;
            ArrayDeque<Task> q = pendingExclusive.get(i);
            if (!q.isEmpty()) {
                nextExclusive = (i + 1) % n;
                pendingExclusiveCount--;
                Task t = q.pollFirst();
                parkedOrder.remove(t);
                return t;
            }
        }
        throw new IllegalStateException("pending exclusive count out of step");
    }

    private List<Task> drainPendingLocked() {
        List<Task> out = new ArrayList<>();
        for (ArrayDeque<Task> q : pendingExclusive) {
            out.addAll(q);
            q.clear();
        }
        pendingExclusiveCount = 0;
        out.addAll(pendingConcurrent);
        pendingConcurrent.clear();
        out.sort(Comparator.comparingLong(parkedOrder::get));
        parkedOrder.clear();
        return out;
    }

    @Override
    public int pendingExclusiveCount() {
        synchronized (state) {
            return pendingExclusiveCount;
        }
    }

    @Override
    public int pendingConcurrentCount() {
        synchronized (state) {
            return pendingConcurrent.size();
        }
    }

    @Override
    public int activeConcurrentCount() {
        synchronized (state) {
            return activeConcurrent;
        }
    }

    @Override
    public boolean isExclusiveRunning() {
        synchronized (state) {
            return exclusiveRunning;
        }
    }

    @Override
    public boolean isRetired() {
        return retired;
    }

    @Override
    public String describe() {
        return "interleave(teardown " + teardown.length + ", exclusive " + exclusive.length
                + ", concurrent " + concurrent.length + (retired ? ", retired" : "") + ")";
    }
}
