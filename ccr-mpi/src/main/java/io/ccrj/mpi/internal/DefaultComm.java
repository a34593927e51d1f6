package io.ccrj.mpi.internal;

import io.ccrj.mpi.CartComm;
import io.ccrj.mpi.Comm;
import io.ccrj.mpi.CommRequest;
import io.ccrj.mpi.Comparison;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.DistGraphComm;
import io.ccrj.mpi.GraphComm;
import io.ccrj.mpi.Group;
import io.ccrj.mpi.Intercomm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.PersistentRequest;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;
import io.ccrj.mpi.ThreadLevel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * ccr-mpi's communicator: one rank's view of a group of ranks of a {@link World}.
 *
 * <p>Each communicator owns two matching contexts: {@code context} for point-to-point traffic and
 * {@code context + 1} for its collectives, so neither ever matches the other or another
 * communicator's traffic. Sources and destinations are ranks in this communicator;
 * {@link #worldRanks} maps them to the mailboxes of the world.
 *
 * <p>Layers, each a class: {@link PointToPointComm} (sends, receives, probes, persistent
 * requests, the collective transport), {@link CollectiveComm} (every collective, blocking and
 * nonblocking, as {@link Schedule}s run by its two drivers), {@link NeighborhoodComm} (the
 * neighbourhood collectives over a topology's neighbour lists), and this class, communicator
 * management (split, dup, create, the topology constructors, groups, thread level).
 *
 * <p>Thread safety: confined to the thread that owns the rank's mailbox ({@link #checkThread()}):
 * the rank's own thread, or at {@link ThreadLevel#SERIALIZED} whichever thread calls, one at a
 * time. At {@link ThreadLevel#MULTIPLE} point-to-point calls and requests may come from several
 * threads at once: the mailbox serializes its matching engine ({@link MultipleCalls}), and what
 * else a call touches is its own (its request) or written only by collectives and communicator
 * management, which MPI allows one thread per communicator at a time. Subclasses add topologies
 * ({@link DefaultCartComm}, {@link DefaultGraphComm}, {@link DefaultDistGraphComm}) and the
 * intercommunicator ({@link DefaultIntercomm}).
 */
@Internal
public class DefaultComm extends NeighborhoodComm {
    private int splits;
    /** Communicators derived from this one by dup, create and the topology constructors (owner only). */
    int derived;
    /** Lazily made {@link #group()} (owner only). */
    private Group group;
    /**
     * How many {@link #createGroup} calls this rank made on this communicator per (members, tag)
     * (owner only): the members of one group call it in the same order (MPI's rule for
     * overlapping groups), so each member's count for a key is the same, and no rank outside the
     * group takes part in it.
     */
    private java.util.Map<String, Integer> groupCreations;

    DefaultComm(World world, int rank, int[] worldRanks, int context, String label) {
        this(world, rank, worldRanks, world.mailboxes[worldRanks[rank]], context, label, true);
    }

    /**
     * A communicator whose destinations are {@code peerWorldRanks} and whose mailbox is given: for
     * an intercommunicator, the peers are the remote group, {@code rank} is this rank's number in
     * its local group and collectives are never shared-memory ({@code collectivesAllowed} false).
     */
    DefaultComm(World world, int rank, int[] peerWorldRanks, RankMailbox mailbox, int context, String label,
            boolean collectivesAllowed) {
        super(world, rank, peerWorldRanks, mailbox, context, label, collectivesAllowed);
    }

    // ------------------------------------------------------------------ communicator construction

    @Override
    public Comm split(int color, int key) {
        checkThread();
        if (color < 0 && color != UNDEFINED) {
            throw new MpiException(ErrorClass.ARG, "split on " + label + ": color must be >= 0 or Comm.UNDEFINED, got "
                    + color);
        }
        int splitNumber = splits++;
        int[] mine = {color, key};
        int[] all = new int[2 * size];
        begin("split");
        try {
            runBlocking(new RingAllgather(mine, 0, 2, Datatype.INT, all, uniformCounts(2),
                    uniformAt(0, 2, Datatype.INT), Datatype.INT));
        } finally {
            end();
        }
        if (color == UNDEFINED) {
            return null;
        }
        List<int[]> members = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            if (all[2 * r] == color) {
                members.add(new int[] {all[2 * r + 1], r});
            }
        }
        members.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        int[] newWorldRanks = new int[members.size()];
        int newRank = -1;
        for (int i = 0; i < newWorldRanks.length; i++) {
            int parentRank = members.get(i)[1];
            newWorldRanks[i] = worldRanks[parentRank];
            if (parentRank == rank) {
                newRank = i;
            }
        }
        int newContext = world.contextFor(context + 1, splitNumber, color);
        return new DefaultComm(world, newRank, newWorldRanks, newContext,
                label + "/split" + splitNumber + "(color " + color + ")");
    }

    @Override
    public String toString() {
        return "Comm[" + label + ", rank " + rank + " of " + size + ", world ranks "
                + Arrays.toString(worldRanks) + "]";
    }

    // ------------------------------------------------------------------ groups, communicators, topologies

    @Override
    public Group group() {
        checkThread();
        if (group == null) {
            group = new GroupImpl(worldRanks, mailbox.worldRank);
        }
        return group;
    }

    @Override
    public Comm self() {
        checkThread();
        if (mailbox.self == null) {
            mailbox.self = new DefaultComm(world, 0, new int[] {mailbox.worldRank}, world.contextFor("self"),
                    world.name + "/self(rank " + mailbox.worldRank + ")");
        }
        return mailbox.self;
    }

    /**
     * The context of the {@code n}-th communicator derived from this one, {@code variant} telling
     * apart the communicators one derivation makes (colors): every member computes the same key,
     * so all agree without messages.
     */
    int derivedContext(int n, int variant) {
        return world.contextFor("derived/" + context + "/" + n + "/" + variant);
    }

    @Override
    public Comm dup() {
        checkThread();
        int n = derived++;
        return new DefaultComm(world, rank, worldRanks, derivedContext(n, 0), label + "/dup" + n);
    }

    @Override
    public Comm create(Group g) {
        checkThread();
        GroupImpl gi = GroupImpl.impl("create on " + label, g);
        int n = derived++;
        for (int m : gi.members()) {
            if (GroupImpl.indexOf(worldRanks, m) == Group.UNDEFINED) {
                throw new MpiException(ErrorClass.ARG, "create on " + label + ": world rank " + m
                        + " of the group is not a member of this communicator");
            }
        }
        int newRank = GroupImpl.indexOf(gi.members(), mailbox.worldRank);
        if (newRank == Group.UNDEFINED) {
            return null;
        }
        return new DefaultComm(world, newRank, gi.members().clone(), derivedContext(n, 0), label + "/create" + n);
    }

    /**
     * {@code MPI_Comm_create_group}: no messages and no count every parent rank keeps. The new
     * context is the {@link World}'s registry entry for (this context, the group's world ranks in
     * order, tag, how many times this rank created that group with that tag here): the first
     * member to ask allocates a fresh context, the others find it, and a key of another group or
     * tag, or of split/dup/create (whose keys have other forms), names another context.
     */
    @Override
    public Comm createGroup(Group g, int tag) {
        checkThread();
        String op = "createGroup on " + label;
        if (isInter()) {
            throw new MpiException(ErrorClass.ARG, op + ": not defined on an intercommunicator"
                    + " (merge it into an intracommunicator first)");
        }
        GroupImpl gi = GroupImpl.impl(op, g);
        if (tag < 0) {
            throw new MpiException(ErrorClass.TAG, op + ": tag must be >= 0, got " + tag);
        }
        for (int m : gi.members()) {
            if (GroupImpl.indexOf(worldRanks, m) == Group.UNDEFINED) {
                throw new MpiException(ErrorClass.ARG, op + ": world rank " + m
                        + " of the group is not a member of this communicator");
            }
        }
        int newRank = GroupImpl.indexOf(gi.members(), mailbox.worldRank);
        if (newRank == Group.UNDEFINED) {
            throw new MpiException(ErrorClass.ARG, op + ": rank " + rank + " (world rank " + mailbox.worldRank
                    + ") is not in the group " + Arrays.toString(gi.members()) + " (world ranks);"
                    + " only the group's members call createGroup, unlike create");
        }
        String members = Arrays.toString(gi.members());
        if (groupCreations == null) {
            groupCreations = new java.util.HashMap<>();
        }
        int n = groupCreations.merge(members + "/" + tag, 1, Integer::sum) - 1;
        int ctx = world.contextFor("group/" + context + "/" + members + "/" + tag + "/" + n);
        return new DefaultComm(world, newRank, gi.members().clone(), ctx,
                label + "/createGroup(tag " + tag + (n == 0 ? "" : ", " + n) + ")");
    }

    @Override
    public Comparison compare(Comm other) {
        checkThread();
        if (other == this) {
            return Comparison.IDENT;
        }
        if (!(other instanceof DefaultComm o) || o.world != world) {
            return Comparison.UNEQUAL;
        }
        Comparison c = GroupImpl.compareMembers(memberWorldRanks(), o.memberWorldRanks());
        if (c == Comparison.IDENT) {
            return o.context == context && o.isInter() == isInter() ? Comparison.IDENT : Comparison.CONGRUENT;
        }
        return c;
    }

    /** This communicator's (local) members, in rank order. */
    int[] memberWorldRanks() {
        return worldRanks;
    }

    @Override
    public void free() {
        checkThread();
        if (context == 0 || this == mailbox.self) {
            throw new MpiException(ErrorClass.ARG, "free on " + label + ": the world communicator and the self"
                    + " communicator cannot be freed");
        }
        if (!freed) {
            freed = true;
            world.communicatorFreed(context, collectiveMembers());
        }
    }

    @Override
    public boolean isFreed() {
        return freed;
    }

    @Override
    public boolean isInter() {
        return false;
    }

    @Override
    public Intercomm createIntercomm(int localLeader, Comm peer, int remoteLeader, int tag) {
        checkThread();
        Args.root("createIntercomm", label, localLeader, size);
        return DefaultIntercomm.create(this, localLeader, peer, remoteLeader, tag);
    }

    @Override
    public void abort(int errorCode) {
        checkThread();
        MpiException e = new MpiException(ErrorClass.ABORTED, "rank " + rank + " of " + label + " called abort("
                + errorCode + ")");
        world.abort(mailbox.worldRank, e);
        throw e;
    }

    @Override
    public CartComm createCart(int[] dims, boolean[] periods, boolean reorder) {
        checkThread();
        long points = Topologies.checkCart("createCart on " + label, dims, periods, size);
        int n = derived++;
        if (rank >= points) {
            return null;
        }
        return new DefaultCartComm(world, rank, Arrays.copyOf(worldRanks, (int) points), derivedContext(n, 0),
                label + "/cart" + n, dims.clone(), periods.clone());
    }

    @Override
    public GraphComm createGraph(int[] index, int[] edges, boolean reorder) {
        checkThread();
        DefaultGraphComm.check("createGraph on " + label, index, edges, size);
        int n = derived++;
        if (rank >= index.length) {
            return null;
        }
        return new DefaultGraphComm(world, rank, Arrays.copyOf(worldRanks, index.length), derivedContext(n, 0),
                label + "/graph" + n, index.clone(), edges.clone());
    }

    @Override
    public Comm splitType(int splitType, int key) {
        checkThread();
        if (splitType != COMM_TYPE_SHARED && splitType != UNDEFINED) {
            throw new MpiException(ErrorClass.ARG, "splitType on " + label + ": split type must be COMM_TYPE_SHARED ("
                    + COMM_TYPE_SHARED + ") or UNDEFINED, got " + splitType);
        }
        // every rank of a world is a thread of one JVM: one shared-memory group
        return split(splitType == UNDEFINED ? UNDEFINED : 0, key);
    }

    /**
     * Duplicates at once: a ccr-mpi communicator's contexts are derived from its parent's without
     * messages ({@link #derivedContext}), so there is nothing to wait for in the background.
     */
    @Override
    public CommRequest idup() {
        Comm c = dup();
        return new CommRequest() {
            @Override
            public Comm comm() {
                return c;
            }

            @Override
            public Status waitFor() {
                return DUP_STATUS;
            }

            @Override
            public Status test() {
                return DUP_STATUS;
            }

            @Override
            public boolean isComplete() {
                return true;
            }

            @Override
            public String toString() {
                return "idup of " + label + " complete: " + c;
            }
        };
    }

    private static final Status DUP_STATUS = new Status(ANY_SOURCE, ANY_TAG, 0);

    @Override
    public DistGraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights,
            boolean reorder) {
        checkThread();
        String w = "createDistGraph on " + label;
        if (sources == null || degrees == null || destinations == null) {
            throw new MpiException(ErrorClass.ARG, w + ": " + (sources == null ? "sources" : degrees == null ? "degrees"
                    : "destinations") + " is null");
        }
        if (degrees.length != sources.length) {
            throw new MpiException(ErrorClass.ARG, w + ": " + sources.length + " sources but " + degrees.length
                    + " degrees");
        }
        long edges = 0;
        for (int i = 0; i < sources.length; i++) {
            checkNode(w, "source", sources[i]);
            if (degrees[i] < 0) {
                throw new MpiException(ErrorClass.ARG, w + ": degree " + i + " is negative: " + degrees[i]);
            }
            edges += degrees[i];
        }
        if (edges != destinations.length) {
            throw new MpiException(ErrorClass.ARG, w + ": the degrees add up to " + edges + " edges but "
                    + destinations.length + " destinations are given");
        }
        for (int d : destinations) {
            checkNode(w, "destination", d);
        }
        if (weights != null && weights.length != destinations.length) {
            throw new MpiException(ErrorClass.ARG, w + ": " + weights.length + " weights for " + destinations.length
                    + " edges");
        }
        // every rank learns every named edge (source, destination, weight) and keeps its own
        int m = destinations.length;
        int[] mine = new int[3 * m];
        for (int i = 0, e = 0; i < sources.length; i++) {
            for (int j = 0; j < degrees[i]; j++, e++) {
                mine[3 * e] = sources[i];
                mine[3 * e + 1] = destinations[e];
                mine[3 * e + 2] = weights == null ? 1 : weights[e];
            }
        }
        int[] counts = new int[size];
        allgather(new int[] {3 * m}, 0, 1, Datatype.INT, counts, 0, 1, Datatype.INT);
        int[] displs = new int[size];
        int total = 0;
        for (int i = 0; i < size; i++) {
            displs[i] = total;
            total += counts[i];
        }
        int[] all = new int[total];
        allgatherv(mine, 0, 3 * m, Datatype.INT, all, 0, counts, displs, Datatype.INT);
        IntList in = new IntList();
        IntList inW = new IntList();
        IntList out = new IntList();
        IntList outW = new IntList();
        for (int e = 0; e + 2 < total; e += 3) {
            if (all[e] == rank) {
                out.add(all[e + 1]);
                outW.add(all[e + 2]);
            }
            if (all[e + 1] == rank) {
                in.add(all[e]);
                inW.add(all[e + 2]);
            }
        }
        int n = derived++;
        return new DefaultDistGraphComm(world, rank, worldRanks, derivedContext(n, 0), label + "/distgraph" + n,
                in.toArray(), weights == null ? null : inW.toArray(), out.toArray(),
                weights == null ? null : outW.toArray());
    }

    @Override
    public DistGraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations,
            int[] destWeights, boolean reorder) {
        checkThread();
        String w = "createDistGraphAdjacent on " + label;
        if (sources == null || destinations == null) {
            throw new MpiException(ErrorClass.ARG, w + ": " + (sources == null ? "sources" : "destinations")
                    + " is null");
        }
        for (int s : sources) {
            checkNode(w, "source", s);
        }
        for (int d : destinations) {
            checkNode(w, "destination", d);
        }
        if ((sourceWeights == null) != (destWeights == null)) {
            throw new MpiException(ErrorClass.ARG, w + ": give weights for both the sources and the destinations,"
                    + " or for neither");
        }
        if (sourceWeights != null && (sourceWeights.length != sources.length
                || destWeights.length != destinations.length)) {
            throw new MpiException(ErrorClass.ARG, w + ": " + sourceWeights.length + " source weights for "
                    + sources.length + " sources, " + destWeights.length + " destination weights for "
                    + destinations.length + " destinations");
        }
        int n = derived++;
        return new DefaultDistGraphComm(world, rank, worldRanks, derivedContext(n, 0), label + "/distgraph" + n,
                sources.clone(), sourceWeights == null ? null : sourceWeights.clone(), destinations.clone(),
                destWeights == null ? null : destWeights.clone());
    }

    private void checkNode(String w, String what, int r) {
        if (r < 0 || r >= size) {
            throw new MpiException(ErrorClass.RANK, w + ": " + what + " " + r + " is not a rank in [0, " + size + ")");
        }
    }

    /** A growable int list (createDistGraph's edge lists). */
    private static final class IntList {
        private int[] a = new int[8];
        private int n;

        void add(int v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, 2 * n);
            }
            a[n++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }

    @Override
    public ThreadLevel threadLevel() {
        return mailbox.threadLevel;
    }

    @Override
    public ThreadLevel requestThreadLevel(ThreadLevel required) {
        checkThread();
        if (required == null) {
            throw new MpiException(ErrorClass.ARG, "requestThreadLevel on " + label + ": level is null");
        }
        if (mailbox.multi != null) {
            return ThreadLevel.MULTIPLE;     // cannot be taken back: other threads may be calling
        }
        if (required == ThreadLevel.MULTIPLE) {
            mailbox.enableMultipleCalls();   // before the volatile write of the level publishes it
        }
        mailbox.threadLevel = required;
        return required;
    }

    /** The world communicator of {@code worldRank}. */
    static DefaultComm world(World world, int worldRank) {
        int[] ranks = new int[world.size];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = i;
        }
        return new DefaultComm(world, worldRank, ranks, 0, world.name);
    }
}
